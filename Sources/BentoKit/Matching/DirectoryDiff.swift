import BentoJSON

/// Diffs two directories of screens, as `diff -r` does files: each pair of
/// `ScreenDirectory` read and diffed on its own core.
public enum DirectoryDiff {
    /// The changes from the tree at `directory.oldRoot` to the tree at
    /// `directory.newRoot`.
    ///
    /// Every file is read, also those on one side only, so that an invalid
    /// screen is reported wherever it is; an invalid file does not stop the
    /// others. A screen on one side only gets the changeset against an empty
    /// screen named `/dev/null`, for renderers that draw it.
    /// - Complexity: one read and one `ScreenDiff` per pair, spread over all
    ///   cores.
    /// - Parameter outliningNew: keep each new screen's outline in its
    ///   entry (`Entry.newOutline`), for reports at its lines.
    public static func changeset(
        _ directory: ScreenDirectory, ignoring rules: IgnoreRules = .none, outliningNew: Bool = false
    ) -> DirectoryChangeset {
        let entries = directory.pairs.concurrentMap {
            entry(for: directory.read($0, outliningNew: outliningNew), rules: rules)
        }
        return DirectoryChangeset(
            oldRoot: directory.oldName, newRoot: directory.newName, entries: entries,
            errors: directory.errors, skipped: directory.skipped.map(\.description), ignoring: rules)
    }

    /// `changeset(ScreenDirectory(old: oldRoot, new: newRoot, labels: labels), …)`.
    public static func changeset(
        from oldRoot: FilePath, to newRoot: FilePath, labels: [String] = [], ignoring rules: IgnoreRules = .none,
        outliningNew: Bool = false
    ) -> DirectoryChangeset {
        changeset(ScreenDirectory(old: oldRoot, new: newRoot, labels: labels), ignoring: rules, outliningNew: outliningNew)
    }

    private static func entry(for pair: ScreenDirectory.ReadPair, rules: IgnoreRules) -> DirectoryChangeset.Entry {
        let path = pair.path.description
        var errors: [Diagnostic] = []
        for case .failure(let diagnostic)? in [pair.old, pair.new] { errors.append(diagnostic) }
        guard errors.isEmpty else { return .init(path: path, status: .invalid, errors: errors) }
        let empty = Screen(box: Box())
        switch (try? pair.old?.get(), try? pair.new?.get()) {
        case let (old?, new?):
            let changeset = ScreenDiff.changeset(
                from: old, to: new, oldName: pair.oldName, newName: pair.newName, ignoring: rules)
            // Equal screens are not kept: nothing draws them.
            guard !changeset.isIdentical else { return .init(path: path, status: .unchanged, changeset: changeset) }
            return .init(path: path, status: .changed, changeset: changeset, old: old, new: new, newOutline: pair.newOutline)
        case let (old?, nil):
            let changeset = ScreenDiff.changeset(from: old, to: empty, oldName: pair.oldName, newName: "/dev/null")
            return .init(path: path, status: .removed, changeset: changeset, old: old)
        case let (nil, new?):
            let changeset = ScreenDiff.changeset(from: empty, to: new, oldName: "/dev/null", newName: pair.newName)
            return .init(path: path, status: .added, changeset: changeset, new: new, newOutline: pair.newOutline)
        default:
            preconditionFailure("a pair has at least one side")
        }
    }
}
