#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole reads and writes on a file descriptor, retried on `EINTR`: the raw
/// I/O of `InputFile`, `AtomicFile` and the command line's output.
public enum FileDescriptor {
    /// Writes all of `bytes` to `fd`.
    /// - Returns: nil, or the `errno` of the write that failed (`EPIPE` when
    ///   the reader of a pipe went away).
    /// - Complexity: O(n) in the number of bytes.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// Reads into `buffer` until it is full or the input ends.
    /// - Returns: the bytes read, and the `errno` of a read that failed (else 0).
    /// - Complexity: O(n) in the size of the buffer.
    static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from fd: Int32) -> (Int, Int32) {
        var count = 0
        while count < buffer.count {
            let n = systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
            if n < 0 {
                if errno == EINTR { continue }
                return (count, errno)
            }
            if n == 0 { break }
            count += n
        }
        return (count, 0)
    }

    /// The system's words for an `errno` value: "No space left on device".
    public static func message(_ errorNumber: Int32) -> String { String(cString: strerror(errorNumber)) }
}

// At file scope, where no Swift method of the same name shadows them.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
