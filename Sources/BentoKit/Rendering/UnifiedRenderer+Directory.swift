import BentoJSON

extension UnifiedRenderer {
    /// The unified report of a directory diff, as `diff -ru` writes one: for
    /// each changed screen, in path order, a `diff -ru OLD NEW` line and its
    /// unified diff of the outlines; `Only in DIR: NAME` for a screen on one
    /// side. No summary, as diff has none.
    /// - Complexity: O(n log n) in the number of outline lines, over all files.
    public func render(_ directory: DirectoryChangeset) -> String {
        var out = ""
        for entry in directory.entries {
            switch entry.status {
            case .changed:
                guard let changeset = entry.changeset, let old = entry.old, let new = entry.new else { continue }
                out += palette.bold("diff -ru \(PathQuoting.quoted(changeset.oldName)) \(PathQuoting.quoted(changeset.newName))") + "\n"
                out += render(changeset, old: old, new: new)
            case .added:
                out += TextRenderer.onlyIn(directory.newRoot, entry.path) + "\n"
            case .removed:
                out += TextRenderer.onlyIn(directory.oldRoot, entry.path) + "\n"
            case .unchanged, .invalid:
                continue
            }
        }
        return OneLine.escapingInvisible(out)
    }
}
