#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a command's output file (`-o FILE`) without harming what is there.
///
/// What the path names decides how:
/// - a regular file, or nothing yet: atomically, so that readers see the old
///   contents or the new, never a part: the bytes go to a temporary file in
///   the same directory, which is flushed and renamed over the target. A
///   symbolic link is followed first, so the file it names is replaced and
///   the link stays; a file keeps its permissions, a new one gets `0666`
///   less the umask;
/// - a FIFO or a character device (`/dev/null`, a terminal, `/dev/full`,
///   `/proc/self/fd/1` on a pipe): written to directly, as `>` would;
/// - anything else (a directory, a socket, a block device): refused.
public enum OutputFile {
    /// Writes `bytes` to `path` by the rules above.
    /// - Throws: a `Diagnostic` naming `path` and the reason; a regular
    ///   target is then untouched and no temporary file is left behind.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(_ bytes: [UInt8], to path: FilePath) throws(Diagnostic) {
        try write(to: path) { FileDescriptor.writeAll($0, bytes) }
    }

    /// Writes the text in `pieces` to `path` by the rules above, as one
    /// file: the pieces go out as they are (`writev`), not joined first.
    /// - Throws: as `write(_:to:)`.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(pieces: [[UInt8]], to path: FilePath) throws(Diagnostic) {
        try write(to: path) { FileDescriptor.writeAll($0, pieces: pieces) }
    }

    /// Writes the text `produce` hands over, piece by piece, to `path` by
    /// the rules above, each piece as it comes: the text is never held
    /// whole, and it is written while the rest is still being made.
    /// - Throws: as `write(_:to:)`; after a failed write the rest of the
    ///   pieces are let go unwritten.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(to path: FilePath, streaming produce: (_ consume: @escaping ([UInt8]) -> Void) -> Void)
        throws(Diagnostic)
    {
        try write(to: path) { fd in
            var failure: Int32?
            produce { piece in
                guard failure == nil else { return }
                failure = FileDescriptor.writeAll(fd, piece)
            }
            return failure
        }
    }

    /// Writes to `path` by the rules above with `writeAll`, which writes
    /// the whole text to a descriptor and returns nil or an `errno`.
    private static func write(to path: FilePath, _ writeAll: (Int32) -> Int32?) throws(Diagnostic) {
        var info = stat()
        if path.withCString({ stat($0, &info) }) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                try replace(writeAll, at: try resolved(path), keeping: info.st_mode & 0o7777, name: path)
            case S_IFIFO, S_IFCHR:
                try writeDirectly(writeAll, to: path)
            case S_IFDIR:
                throw Diagnostic(file: path.description, location: nil, message: FileDescriptor.message(EISDIR))
            default:
                throw Diagnostic(
                    file: path.description, location: nil,
                    message: "not a regular file, a FIFO or a character device; not written")
            }
        } else if errno == ENOENT {
            // Nothing there, or a link to nothing: create what the path names.
            let mask = umask(0)
            umask(mask)
            try replace(writeAll, at: try resolved(path), keeping: 0o666 & ~mask, name: path)
        } else {
            throw failure(path)
        }
    }

    /// Writes the text to `path` as a temporary file in its directory, then
    /// renames it over `path`. The temporary file is removed if the write
    /// fails, or if a signal ends the process first (`TemporaryPath`); it
    /// gets the target's mode, and its owner and group where the system
    /// allows (as `sed -i` does), and is flushed to the disk before the
    /// rename, so that a power cut leaves the old file or the new one.
    private static func replace(_ writeAll: (Int32) -> Int32?, at path: FilePath, keeping mode: mode_t, name: FilePath)
        throws(Diagnostic)
    {
        let directory = path.parent ?? FilePath(".")
        let base = path.lastComponent
        guard !base.bytes.isEmpty else { throw Diagnostic(file: name.description, location: nil, message: "Is a directory") }
        let template = directory.appending(FilePath(bytes: Array(".".utf8) + base.bytes + Array(".bento-XXXXXX".utf8)))
        let temporary = try temporaryFile(template, for: name)
        let fd = temporary.descriptor
        var committed = false
        defer {
            if !committed { _ = temporary.path.withCString { unlink($0) } }
        }
        if let errorNumber = writeAll(fd) {
            close(fd)
            throw Diagnostic(file: name.description, location: nil, message: FileDescriptor.message(errorNumber))
        }
        keepOwner(of: path, on: fd)
        guard fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            let error = failure(name)
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(name) }
        // A signal after the rename finds nothing at the temporary path.
        let renamed = temporary.path.withCString { from in path.withCString { to in rename(from, to) } }
        guard renamed == 0 else { throw failure(name) }
        committed = true
    }

    /// A temporary file made from `template`, or why not, naming `name`.
    private static func temporaryFile(_ template: FilePath, for name: FilePath) throws(Diagnostic) -> TemporaryPath {
        do {
            return try TemporaryPath(file: template)
        } catch {
            throw Diagnostic(file: name.description, location: nil, message: error.message)
        }
    }

    /// Gives the file open at `fd` the owner and group of the file at
    /// `path`, where there is one and the system allows it; the group
    /// alone when only that is allowed (a user may give a file any group
    /// they belong to). Mode bits are set after, as `chown` clears set-id bits.
    private static func keepOwner(of path: FilePath, on fd: Int32) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return }
        if fchown(fd, info.st_uid, info.st_gid) != 0 {
            _ = fchown(fd, uid_t.max, info.st_gid)
        }
    }

    /// Writes to a FIFO or a device as it is: no temporary file, no rename.
    private static func writeDirectly(_ writeAll: (Int32) -> Int32?, to path: FilePath) throws(Diagnostic) {
        let fd = path.withCString { open($0, O_WRONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw failure(path) }
        if let errorNumber = writeAll(fd) {
            close(fd)
            throw Diagnostic(file: path.description, location: nil, message: FileDescriptor.message(errorNumber))
        }
        guard close(fd) == 0 else { throw failure(path) }
    }

    /// `path` with its symbolic links followed to the file they name (which
    /// need not exist yet), so that a rename replaces that file, not the link.
    private static func resolved(_ path: FilePath) throws(Diagnostic) -> FilePath {
        var current = path
        for _ in 0..<40 {  // as the kernel's own limit on links in a path
            var info = stat()
            guard current.withCString({ lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFLNK else {
                return current
            }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = current.withCString { link in
                buffer.withUnsafeMutableBufferPointer { out in
                    out.withMemoryRebound(to: CChar.self) { readlink(link, $0.baseAddress!, $0.count - 1) }
                }
            }
            guard length > 0 else { throw failure(path) }
            let target = FilePath(bytes: Array(buffer[..<length]))
            // A relative target is relative to the link's directory.
            current = target.bytes.first == UInt8(ascii: "/") ? target : (current.parent ?? ".").appending(target)
        }
        throw Diagnostic(file: path.description, location: nil, message: FileDescriptor.message(ELOOP))
    }

    private static func failure(_ path: FilePath) -> Diagnostic {
        Diagnostic(file: path.description, location: nil, message: FileDescriptor.message(errno))
    }
}
