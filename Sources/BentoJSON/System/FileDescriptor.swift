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
        bytes.withUnsafeBytes { writeAll(fd, raw: [$0]) }
    }

    /// Writes all of `pieces`, in order, to `fd`: a thousand pieces a
    /// system call (`writev`), none copied into one buffer first.
    /// - Returns: nil, or the `errno` of the write that failed (`EPIPE` when
    ///   the reader of a pipe went away).
    /// - Complexity: O(n) in the number of bytes.
    public static func writeAll(_ fd: Int32, pieces: LentPieces) -> Int32? { writeAll(fd, raw: pieces.pieces) }

    /// `writeAll(_:pieces:)` of raw pieces.
    static func writeAll(_ fd: Int32, raw pieces: [UnsafeRawBufferPointer]) -> Int32? {
        var k = 0, offset = 0  // the next byte to write: `offset` into piece k
        var vectors: [iovec] = []
        vectors.reserveCapacity(Self.vectorsPerWrite)
        while k < pieces.count {
            vectors.removeAll(keepingCapacity: true)
            for j in k..<min(k + Self.vectorsPerWrite, pieces.count) {
                let skip = j == k ? offset : 0
                guard let base = pieces[j].baseAddress, pieces[j].count > skip else { continue }
                vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: pieces[j].count - skip))
            }
            guard !vectors.isEmpty else { break }
            var n = vectors.withUnsafeBufferPointer { systemWritev(fd, $0.baseAddress!, Int32($0.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // Past the bytes written: whole pieces, then into the next.
            while k < pieces.count && n >= pieces[k].count - offset {
                n -= pieces[k].count - offset
                k += 1
                offset = 0
            }
            offset += n
        }
        return nil
    }

    /// Writes all of `pieces`, in order, to `fd`, as `writeAll(_:pieces:)`
    /// does, each array lending its bytes.
    /// - Returns: nil, or the `errno` of the write that failed.
    /// - Complexity: O(n) in the number of bytes.
    public static func writeAll(_ fd: Int32, pieces: [[UInt8]]) -> Int32? {
        var failure: Int32?
        pieces.withRawPieces(Self.piecesLent) { lent in
            failure = writeAll(fd, raw: lent)
            return failure == nil
        }
        return failure
    }

    /// Pieces lent to one `writeAll` of raw pieces: arrays lend their bytes
    /// one inside the other, this deep.
    public static let piecesLent = 256

    /// At most this many pieces a `writev` (POSIX's smallest `IOV_MAX`
    /// is 16; Linux and macOS take 1024).
    static let vectorsPerWrite = 1024

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
private func systemWritev(_ fd: Int32, _ vectors: UnsafePointer<iovec>, _ count: Int32) -> Int { writev(fd, vectors, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
