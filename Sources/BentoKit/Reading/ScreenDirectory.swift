#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The screen files of a directory tree, and how two trees pair up, as
/// `diff -r` pairs files: by their path relative to each root.
public enum ScreenDirectory {
    /// Two files (or one) that share a relative path.
    public struct Pair: Hashable, Sendable {
        /// The path relative to both roots, with `/` between names.
        public let path: String
        public let inOld: Bool
        public let inNew: Bool
    }

    /// Whether `path` names a directory (symbolic links followed).
    /// - Complexity: O(1): one `stat`.
    public static func isDirectory(_ path: String) -> Bool {
        guard path != "-" else { return false }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every file named `*.json` under `root`, recursively, as paths relative
    /// to it, sorted by code point. Symbolic links are followed; a directory
    /// already being walked (a link cycle) is not entered again. A `*.json`
    /// entry that cannot be examined (a dangling link) is listed, so that
    /// reading it reports why.
    /// - Returns: the files, and one diagnostic per directory that could not
    ///   be read.
    /// - Complexity: O(n log n) in the number of entries.
    public static func screenFiles(under root: String) -> (files: [String], errors: [Diagnostic]) {
        var files: [String] = []
        var errors: [Diagnostic] = []
        var walking: [(device: UInt64, inode: UInt64)] = []
        walk(root, relative: "", walking: &walking, files: &files, errors: &errors)
        files.sort { CodePoints.less($0, $1) }
        return (files, errors)
    }

    private static func walk(
        _ directory: String, relative: String, walking: inout [(device: UInt64, inode: UInt64)],
        files: inout [String], errors: inout [Diagnostic]
    ) {
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
            let path = join(directory, name)
            let rel = relative.isEmpty ? name : relative + "/" + name
            var entryInfo = stat()
            let found = stat(path, &entryInfo) == 0
            if found && (entryInfo.st_mode & S_IFMT) == S_IFDIR {
                walk(path, relative: rel, walking: &walking, files: &files, errors: &errors)
            } else if name.utf8.suffix(5).elementsEqual(".json".utf8)
                && (!found || (entryInfo.st_mode & S_IFMT) == S_IFREG)
            {
                files.append(rel)
            }
        }
    }

    /// `root/relative`, without doubling a `/` the root ends with.
    /// - Complexity: O(n) in the length of the paths.
    public static func join(_ root: String, _ relative: String) -> String {
        root.utf8.last == UInt8(ascii: "/") ? root + relative : root + "/" + relative
    }

    /// The union of two sorted lists of relative paths, each marked with the
    /// sides it is on, in code point order.
    /// - Complexity: O(n + m).
    public static func pair(old: [String], new: [String]) -> [Pair] {
        var pairs: [Pair] = []
        pairs.reserveCapacity(max(old.count, new.count))
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && CodePoints.less(old[i], new[j])) {
                pairs.append(Pair(path: old[i], inOld: true, inNew: false))
                i += 1
            } else if i == old.count || CodePoints.less(new[j], old[i]) {
                pairs.append(Pair(path: new[j], inOld: false, inNew: true))
                j += 1
            } else {
                pairs.append(Pair(path: old[i], inOld: true, inNew: true))
                i += 1
                j += 1
            }
        }
        return pairs
    }
}
