/// The files of a directory tree, as `diff -r` walks it. Names are bytes
/// (`FilePath`): a name that is not UTF-8 is listed, and opened, as it is.
public enum FileTree {
    /// Whether `path` names a directory (symbolic links followed).
    /// - Complexity: O(1): one `stat`.
    public static func isDirectory(_ path: FilePath) -> Bool {
        guard !path.isStandardStream, case .success(let status) = Platform.status(path) else { return false }
        return status.kind == .directory
    }

    /// Every file whose name ends in `suffix` under `root`, recursively, as
    /// paths relative to it, sorted by code point (byte order). Symbolic
    /// links are followed; a directory already being walked (a link cycle)
    /// is not entered again. A matching entry that cannot be examined (a
    /// dangling link) is listed, so that reading it reports why.
    /// - Returns: the files, one diagnostic per directory that could not be
    ///   read, those directories relative to `root` (the root itself as the
    ///   empty path), and the entries with the suffix that are no regular
    ///   file (a FIFO, a socket, a device: never read, as `diff -r` skips
    ///   them), as paths under `root`.
    /// - Complexity: O(n log n) in the number of entries.
    public static func files(under root: FilePath, named suffix: String) -> (
        files: [FilePath], errors: [Diagnostic], unreadable: [FilePath], skipped: [FilePath]
    ) {
        var walk = Walk(suffix: suffix)
        walk.enter(root, relative: nil)
        walk.files.sort()
        walk.skipped.sort()
        return (walk.files, walk.errors, walk.unreadable, walk.skipped)
    }

    private struct Walk {
        let suffix: String
        var files: [FilePath] = []
        var errors: [Diagnostic] = []
        var unreadable: [FilePath] = []
        var skipped: [FilePath] = []
        /// The directories being walked, by device and inode.
        var walking: [(device: UInt64, inode: UInt64)] = []

        mutating func enter(_ directory: FilePath, relative: FilePath?) {
            let listed = Platform.status(directory).flatMap { status in
                Platform.directoryEntries(directory).map { (status, $0) }
            }
            guard case .success(let (status, names)) = listed else {
                if case .failure(let error) = listed {
                    errors.append(Diagnostic(file: directory.description, location: nil, message: error.message))
                }
                unreadable.append(relative ?? FilePath(bytes: []))
                return
            }
            let identity = (device: status.device, inode: status.inode)
            guard !walking.contains(where: { $0 == identity }) else { return }
            walking.append(identity)
            defer { walking.removeLast() }
            for name in names {
                let path = directory.appending(name)
                let rel = relative.map { $0.appending(name) } ?? name
                let kind = try? Platform.status(path).get().kind
                if kind == .directory {
                    enter(path, relative: rel)
                } else if name.hasSuffix(suffix) && (kind == nil || kind == .regular) {
                    files.append(rel)
                } else if name.hasSuffix(suffix) {
                    skipped.append(path)
                }
            }
        }
    }
}
