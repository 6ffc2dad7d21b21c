import Synchronization

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
        try write(to: path) { destination in bytes.withSpan { destination.write($0) } }
    }

    /// Writes the text in `pieces` to `path` by the rules above, as one
    /// file: the pieces go out as they are (`writev`), not joined first.
    /// - Throws: as `write(_:to:)`.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(pieces: [[UInt8]], to path: FilePath) throws(Diagnostic) {
        try write(to: path) { $0.write(pieces: pieces) }
    }

    /// Writes the text `produce` hands over, piece by piece, to `path` by
    /// the rules above, each piece as it comes: the text is never held
    /// whole, and it is written while the rest is still being made.
    /// - Throws: as `write(_:to:)`; after a failed write the rest of the
    ///   pieces are let go unwritten.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(to path: FilePath, streaming produce: (_ consume: sending @escaping ([UInt8]) -> Void) -> Void)
        throws(Diagnostic)
    {
        try write(to: path) { destination in
            let outcome = WriteOutcome(destination)
            produce { piece in
                outcome.state.withLock { state in
                    guard state.failure == nil else { return }
                    state.failure = piece.withSpan { state.destination.write($0) }
                }
            }
            return outcome.state.withLock { $0.failure }
        }
    }

    /// Where the consumer of the pieces, which may be called from the
    /// producer's thread, writes them, and the first failed write's `errno`.
    private final class WriteOutcome: Sendable {
        let state: Mutex<(destination: Destination, failure: Int32?)>
        init(_ destination: Destination) { state = Mutex((destination, nil)) }
    }

    /// Where the text goes: a descriptor, and whether it is the temporary
    /// file, whose written parts are sent to the disk every
    /// `bytesPerWriteback` while the rest is written, so that the flush
    /// before its rename waits for the last part only.
    private struct Destination: Sendable {
        let descriptor: Int32
        let sendsEarly: Bool
        /// Bytes written since writeback last started.
        private var unsent = 0

        /// Bytes written between two starts of writeback: each start is
        /// then one system call for thousands of pages.
        static let bytesPerWriteback = 8 << 20

        init(descriptor: Int32, sendsEarly: Bool) {
            (self.descriptor, self.sendsEarly) = (descriptor, sendsEarly)
        }

        /// Writes all of `bytes`, a part at a time where they cross a
        /// start of writeback; nil, or the `errno` of the write that failed.
        mutating func write(_ bytes: Span<UInt8>) -> Int32? {
            var start = 0
            while start < bytes.count {
                let end = min(start + Self.bytesPerWriteback - unsent, bytes.count)
                if let failure = Platform.write(descriptor, bytes.extracting(start..<end)) { return failure }
                wrote(end - start)
                start = end
            }
            return nil
        }

        /// Writes all of `pieces`, in order, as many in one call as make up
        /// the bytes to the next start of writeback (a piece is not cut).
        mutating func write(pieces: [[UInt8]]) -> Int32? {
            var start = 0, size = 0
            for k in pieces.indices {
                size += pieces[k].count
                guard unsent + size >= Self.bytesPerWriteback || k == pieces.count - 1 else { continue }
                if let failure = Platform.write(descriptor, pieces: Array(pieces[start...k])) { return failure }
                wrote(size)
                (start, size) = (k + 1, 0)
            }
            return nil
        }

        /// Counts `count` bytes written, and starts sending them to the
        /// disk, for a file, once `bytesPerWriteback` are.
        private mutating func wrote(_ count: Int) {
            unsent += count
            guard unsent >= Self.bytesPerWriteback else { return }
            if sendsEarly { Platform.startWriteback(descriptor) }
            unsent = 0
        }
    }

    /// Writes to `path` by the rules above with `writeAll`, which writes
    /// the whole text to a destination and returns nil or an `errno`.
    private static func write(to path: FilePath, _ writeAll: (inout Destination) -> Int32?) throws(Diagnostic) {
        switch Platform.status(path) {
        case .success(let status):
            switch status.kind {
            case .regular:
                try replace(writeAll, at: try resolved(path), keeping: status.permissions, name: path)
            case .fifo, .characterDevice:
                try writeDirectly(writeAll, to: path)
            case .directory:
                throw Diagnostic(file: path.description, location: nil, message: Platform.message(SystemError.isDirectory))
            default:
                throw Diagnostic(
                    file: path.description, location: nil,
                    message: "not a regular file, a FIFO or a character device; not written")
            }
        case .failure(let error) where error.errno == SystemError.noSuchFile:
            // Nothing there, or a link to nothing: create what the path names.
            try replace(writeAll, at: try resolved(path), keeping: 0o666 & ~Platform.creationMask(), name: path)
        case .failure(let error):
            throw failure(path, error)
        }
    }

    /// Writes the text to `path` as a temporary file in its directory, then
    /// renames it over `path`. The temporary file is removed if the write
    /// fails, or if a signal ends the process first (`TemporaryPath`); it
    /// gets the target's mode, and its owner and group where the system
    /// allows (as `sed -i` does), and is flushed to the disk before the
    /// rename, so that a power cut leaves the old file or the new one.
    private static func replace(_ writeAll: (inout Destination) -> Int32?, at path: FilePath, keeping mode: UInt32, name: FilePath)
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
            if !committed { Platform.removeFile(temporary.path) }
        }
        var destination = Destination(descriptor: fd, sendsEarly: true)
        if let errorNumber = writeAll(&destination) {
            Platform.close(fd)
            throw Diagnostic(file: name.description, location: nil, message: Platform.message(errorNumber))
        }
        keepOwner(of: path, on: fd)
        guard Platform.setPermissions(fd, mode), Platform.synchronize(fd) else {
            let error = failure(name, SystemError(errno: Platform.lastError))
            Platform.close(fd)
            throw error
        }
        guard Platform.close(fd) else { throw failure(name, SystemError(errno: Platform.lastError)) }
        // A signal after the rename finds nothing at the temporary path.
        if case .failure(let error) = Platform.rename(temporary.path, to: path) { throw failure(name, error) }
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
        guard case .success(let status) = Platform.status(path) else { return }
        if !Platform.setOwner(fd, owner: status.owner, group: status.group) {
            _ = Platform.setOwner(fd, owner: nil, group: status.group)
        }
    }

    /// Writes to a FIFO or a device as it is: no temporary file, no rename.
    private static func writeDirectly(_ writeAll: (inout Destination) -> Int32?, to path: FilePath) throws(Diagnostic) {
        let fd: Int32
        switch Platform.open(path, for: .write) {
        case .success(let opened): fd = opened
        case .failure(let error): throw failure(path, error)
        }
        var destination = Destination(descriptor: fd, sendsEarly: false)
        if let errorNumber = writeAll(&destination) {
            Platform.close(fd)
            throw Diagnostic(file: path.description, location: nil, message: Platform.message(errorNumber))
        }
        guard Platform.close(fd) else { throw failure(path, SystemError(errno: Platform.lastError)) }
    }

    /// `path` with its symbolic links followed to the file they name (which
    /// need not exist yet), so that a rename replaces that file, not the link.
    private static func resolved(_ path: FilePath) throws(Diagnostic) -> FilePath {
        var current = path
        for _ in 0..<40 {  // as the kernel's own limit on links in a path
            guard case .success(let status) = Platform.status(current, followingLinks: false), status.kind == .symbolicLink
            else { return current }
            let target: FilePath
            switch Platform.linkTarget(current) {
            case .success(let found): target = found
            case .failure(let error): throw failure(path, error)
            }
            // A relative target is relative to the link's directory.
            current = target.bytes.first == UInt8(ascii: "/") ? target : (current.parent ?? ".").appending(target)
        }
        throw Diagnostic(file: path.description, location: nil, message: Platform.message(SystemError.tooManyLinks))
    }

    private static func failure(_ path: FilePath, _ error: SystemError) -> Diagnostic {
        Diagnostic(file: path.description, location: nil, message: error.message)
    }
}
