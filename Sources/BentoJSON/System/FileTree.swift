#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a directory tree, as `diff -r` walks it: the system calls
/// behind directory mode, kept here with the rest of the code that talks to
/// the operating system. Names are bytes (`FilePath`): a name that is not
/// UTF-8 is listed, and opened, as it is.
public enum FileTree {
    /// Whether `path` names a directory (symbolic links followed).
    /// - Complexity: O(1): one `stat`.
    public static func isDirectory(_ path: FilePath) -> Bool {
        guard !path.isStandardStream else { return false }
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
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
            var info = stat()
            guard directory.withCString({ stat($0, &info) }) == 0, let handle = directory.withCString({ opendir($0) }) else {
                errors.append(Diagnostic(file: directory.description, location: nil, message: FileDescriptor.message(errno)))
                unreadable.append(relative ?? FilePath(bytes: []))
                return
            }
            let identity = (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            guard !walking.contains(where: { $0 == identity }) else {
                closedir(handle)
                return
            }
            var names: [FilePath] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in FilePath(bytes: Array(raw.prefix { $0 != 0 })) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(handle)
            walking.append(identity)
            defer { walking.removeLast() }
            for name in names {
                let path = directory.appending(name)
                let rel = relative.map { $0.appending(name) } ?? name
                var entryInfo = stat()
                let found = path.withCString { stat($0, &entryInfo) } == 0
                if found && (entryInfo.st_mode & S_IFMT) == S_IFDIR {
                    enter(path, relative: rel)
                } else if name.hasSuffix(suffix) && (!found || (entryInfo.st_mode & S_IFMT) == S_IFREG) {
                    files.append(rel)
                } else if name.hasSuffix(suffix) {
                    skipped.append(path)
                }
            }
        }
    }
}
