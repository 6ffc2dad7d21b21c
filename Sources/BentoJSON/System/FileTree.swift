#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a directory tree, as `diff -r` walks it: the system calls
/// behind directory mode, kept here with the rest of the code that talks to
/// the operating system.
public enum FileTree {
    /// Whether `path` names a directory (symbolic links followed).
    /// - Complexity: O(1): one `stat`.
    public static func isDirectory(_ path: String) -> Bool {
        guard path != "-" else { return false }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every file whose name ends in `suffix` under `root`, recursively, as
    /// paths relative to it, sorted by code point. Symbolic links are
    /// followed; a directory already being walked (a link cycle) is not
    /// entered again. A matching entry that cannot be examined (a dangling
    /// link) is listed, so that reading it reports why.
    /// - Returns: the files, and one diagnostic per directory that could not
    ///   be read.
    /// - Complexity: O(n log n) in the number of entries.
    public static func files(under root: String, named suffix: String) -> (files: [String], errors: [Diagnostic]) {
        var walk = Walk(suffix: Array(suffix.utf8))
        walk.enter(root, relative: "")
        walk.files.sort { CodePoints.less($0, $1) }
        return (walk.files, walk.errors)
    }

    /// `root/relative`, without doubling a `/` the root ends with.
    /// - Complexity: O(n) in the length of the paths.
    public static func join(_ root: String, _ relative: String) -> String {
        root.utf8.last == UInt8(ascii: "/") ? root + relative : root + "/" + relative
    }

    private struct Walk {
        let suffix: [UInt8]
        var files: [String] = []
        var errors: [Diagnostic] = []
        /// The directories being walked, by device and inode.
        var walking: [(device: UInt64, inode: UInt64)] = []

        mutating func enter(_ directory: String, relative: String) {
            var info = stat()
            guard stat(directory, &info) == 0, let handle = opendir(directory) else {
                errors.append(Diagnostic(file: directory, location: nil, message: String(cString: strerror(errno))))
                return
            }
            let identity = (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            guard !walking.contains(where: { $0 == identity }) else {
                closedir(handle)
                return
            }
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(handle)
            walking.append(identity)
            defer { walking.removeLast() }
            for name in names {
                let path = FileTree.join(directory, name)
                let rel = relative.isEmpty ? name : relative + "/" + name
                var entryInfo = stat()
                let found = stat(path, &entryInfo) == 0
                if found && (entryInfo.st_mode & S_IFMT) == S_IFDIR {
                    enter(path, relative: rel)
                } else if name.utf8.suffix(suffix.count).elementsEqual(suffix)
                    && (!found || (entryInfo.st_mode & S_IFMT) == S_IFREG)
                {
                    files.append(rel)
                }
            }
        }
    }
}
