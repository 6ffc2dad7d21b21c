import BentoJSON

/// Two directory trees of screens, paired as `diff -r` pairs files: by their
/// path relative to each root. The reading half of directory mode; the
/// diffing half is `DirectoryDiff`.
public struct ScreenDirectory: Sendable {
    /// Two files (or one) that share a relative path.
    public struct Pair: Hashable, Sendable {
        /// The path relative to both roots, with `/` between names.
        public let path: FilePath
        /// Whether the old tree has the file.
        public let inOld: Bool
        /// Whether the new tree has the file.
        public let inNew: Bool
    }

    /// The screens of one pair, each side read (or nil when the file is on
    /// the other side only).
    public struct ReadPair: Sendable {
        /// The path relative to both roots.
        public let path: FilePath
        /// `OLD_ROOT/path` (or `OLD_LABEL/path`), as reports show it.
        public let oldName: String
        /// `NEW_ROOT/path` (or `NEW_LABEL/path`), as reports show it.
        public let newName: String
        /// The old screen, or why it could not be read; nil when the old tree has no such file.
        public let old: Result<Screen, Diagnostic>?
        /// The new screen, or why it could not be read; nil when the new tree has no such file.
        public let new: Result<Screen, Diagnostic>?
        /// Where the new screen's parts are written, when it was read outlined.
        public let newOutline: DocumentOutline?
    }

    /// The old tree's root, as given on the command line.
    public let oldRoot: FilePath
    /// The new tree's root, as given on the command line.
    public let newRoot: FilePath
    /// The names the reports give the two roots: `--label`s, else the roots.
    public let oldName: String, newName: String
    /// Every `*.json` path under either root, in code point order.
    public let pairs: [Pair]
    /// Directories that could not be read while walking the trees.
    public let errors: [Diagnostic]
    /// Entries named `*.json` that are no regular file (a FIFO, a socket),
    /// left out, as paths under their root.
    public let skipped: [FilePath]

    /// Walks both trees and pairs their `*.json` files. A file whose other
    /// side lies in a directory that could not be read is left out: it may
    /// be there, and it is not known to be added or removed.
    /// - Parameter labels: the names reports give the roots (`--label`,
    ///   the old one first); the roots as given where there are none.
    /// - Complexity: O(n log n) in the number of entries.
    public init(old oldRoot: FilePath, new newRoot: FilePath, labels: [String] = []) {
        let old = FileTree.files(under: oldRoot, named: ".json")
        let new = FileTree.files(under: newRoot, named: ".json")
        self.oldRoot = oldRoot
        self.newRoot = newRoot
        oldName = labels.first ?? oldRoot.description
        newName = labels.count > 1 ? labels[1] : newRoot.description
        func under(_ directories: [FilePath], _ path: FilePath) -> Bool {
            directories.contains { $0.bytes.isEmpty || path.bytes.starts(with: $0.bytes + [UInt8(ascii: "/")]) }
        }
        pairs = Self.pair(old: old.files, new: new.files).filter { pair in
            !(pair.inOld && !pair.inNew && under(new.unreadable, pair.path))
                && !(pair.inNew && !pair.inOld && under(old.unreadable, pair.path))
        }
        errors = old.errors + new.errors
        skipped = old.skipped + new.skipped
    }

    /// Reads both sides of `pair`.
    /// - Complexity: O(n) in the size of the two files.
    public func read(_ pair: Pair) -> ReadPair { read(pair, outliningNew: false) }

    /// Reads both sides of `pair`, the new one with its outline when
    /// `outliningNew` asks for it (annotations at its lines).
    /// - Complexity: O(n) in the size of the two files.
    public func read(_ pair: Pair, outliningNew: Bool) -> ReadPair {
        let oldPath = oldRoot.appending(pair.path), newPath = newRoot.appending(pair.path)
        func read(_ path: FilePath, _ present: Bool, outlined: Bool) -> Result<(Screen, DocumentOutline?), Diagnostic>? {
            guard present else { return nil }
            return Result { () throws(Diagnostic) -> (Screen, DocumentOutline?) in
                guard outlined else { return (try ScreenReader.read(path: path), nil) }
                let (screen, outline) = try ScreenReader.readOutlined(path: path)
                return (screen, outline)
            }
        }
        let new = read(newPath, pair.inNew, outlined: outliningNew)
        return ReadPair(
            path: pair.path, oldName: FilePath(oldName).appending(pair.path).description,
            newName: FilePath(newName).appending(pair.path).description,
            old: read(oldPath, pair.inOld, outlined: false)?.map(\.0), new: new?.map(\.0),
            newOutline: (try? new?.get())?.1)
    }

    /// The union of two sorted lists of relative paths, each marked with the
    /// sides it is on, in code point (byte) order.
    /// - Complexity: O(n + m).
    public static func pair(old: [FilePath], new: [FilePath]) -> [Pair] {
        var pairs: [Pair] = []
        pairs.reserveCapacity(max(old.count, new.count))
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i] < new[j]) {
                pairs.append(Pair(path: old[i], inOld: true, inNew: false))
                i += 1
            } else if i == old.count || new[j] < old[i] {
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
