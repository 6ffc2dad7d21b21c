#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an input file whole, or standard input for `-`.
public enum InputFile {
    /// The bytes of `path` (`-` for standard input).
    /// - Throws: a `Diagnostic` with the system's reason, e.g.
    ///   `old.json: No such file or directory`.
    public static func read(_ path: String) throws(Diagnostic) -> SourceText {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path) }
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic(file: path, location: nil, message: "Is a directory")
        }
        // Straight into the array, at the size the file has: one copy, by
        // the kernel. Then anything beyond (standard input, a growing file)
        // in chunks.
        let size = max(Int(info.st_size), 0)
        var readError: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            while count < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if readError != 0 {
            errno = readError
            throw failure(path)
        }
        var chunk = [UInt8](repeating: 0, count: bytes.count == size + 1 ? 1 << 16 : 0)
        while !chunk.isEmpty {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return SourceText(name: path, bytes: bytes)
    }

    private static func failure(_ path: String) -> Diagnostic {
        let reason = String(cString: strerror(errno))
        return Diagnostic(file: path == "-" ? "(standard input)" : path, location: nil, message: reason)
    }
}
