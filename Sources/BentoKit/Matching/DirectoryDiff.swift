/// Diffs two directories of screens, as `diff -r` does files: `*.json` paired
/// by relative path, each pair read and diffed on its own core.
public enum DirectoryDiff {
    /// The changes from the tree at `oldRoot` to the tree at `newRoot`.
    ///
    /// Every file is read, also those on one side only, so that an invalid
    /// screen is reported wherever it is; an invalid file does not stop the
    /// others.
    /// - Complexity: O(n log n) in the number of files for the walk, plus one
    ///   `ScreenDiff` per pair, spread over all cores.
    public static func changeset(from oldRoot: String, to newRoot: String, ignoring rules: IgnoreRules = .none)
        -> DirectoryChangeset
    {
        let old = ScreenDirectory.screenFiles(under: oldRoot)
        let new = ScreenDirectory.screenFiles(under: newRoot)
        let pairs = ScreenDirectory.pair(old: old.files, new: new.files)
        let entries = pairs.concurrentMap { entry(for: $0, oldRoot: oldRoot, newRoot: newRoot, rules: rules) }
        return DirectoryChangeset(
            oldRoot: oldRoot, newRoot: newRoot, entries: entries, errors: old.errors + new.errors,
            ignored: rules.pointers)
    }

    private static func entry(for pair: ScreenDirectory.Pair, oldRoot: String, newRoot: String, rules: IgnoreRules)
        -> DirectoryChangeset.Entry
    {
        let oldPath = ScreenDirectory.join(oldRoot, pair.path)
        let newPath = ScreenDirectory.join(newRoot, pair.path)
        func read(_ path: String, _ present: Bool) -> Result<Screen, Diagnostic>? {
            guard present else { return nil }
            return Result { () throws(Diagnostic) -> Screen in try ScreenReader.read(path: path) }
        }
        let oldScreen = read(oldPath, pair.inOld), newScreen = read(newPath, pair.inNew)
        var errors: [Diagnostic] = []
        for case .failure(let diagnostic)? in [oldScreen, newScreen] { errors.append(diagnostic) }
        guard errors.isEmpty else { return .init(path: pair.path, status: .invalid, errors: errors) }
        switch (try? oldScreen?.get(), try? newScreen?.get()) {
        case let (old?, new?):
            let changeset = ScreenDiff.changeset(from: old, to: new, oldName: oldPath, newName: newPath, ignoring: rules)
            // Equal screens are not kept: nothing draws them.
            guard !changeset.isIdentical else { return .init(path: pair.path, status: .unchanged, changeset: changeset) }
            return .init(path: pair.path, status: .changed, changeset: changeset, old: old, new: new)
        case let (old?, nil):
            return .init(path: pair.path, status: .removed, old: old)
        case let (nil, new?):
            return .init(path: pair.path, status: .added, new: new)
        default:
            preconditionFailure("a pair has at least one side")
        }
    }
}
