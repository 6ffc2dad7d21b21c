#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see the old contents or the new, never a
/// part: the bytes go to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the target.
public enum AtomicFile {
    /// Writes `bytes` to `path`. A file already there keeps its permissions;
    /// a new one gets the usual `0666` less the umask.
    /// - Throws: a `Diagnostic` naming `path` and the system's reason; the
    ///   target is then untouched and no temporary file is left behind.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw Diagnostic(file: path, location: nil, message: "Is a directory") }

        var template = Array("\(directory)/.\(name).bento-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }

        var info = stat()
        let mode: mode_t
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) != S_IFDIR else {
                close(fd)
                throw Diagnostic(file: path, location: nil, message: "Is a directory")
            }
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        if let errorNumber = FileDescriptor.writeAll(fd, bytes) {
            close(fd)
            throw Diagnostic(file: path, location: nil, message: FileDescriptor.message(errorNumber))
        }
        guard fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            let error = failure(path)
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(path) }
        guard rename(temporary, path) == 0 else { throw failure(path) }
        committed = true
    }

    private static func failure(_ path: String) -> Diagnostic {
        Diagnostic(file: path, location: nil, message: String(cString: strerror(errno)))
    }
}
