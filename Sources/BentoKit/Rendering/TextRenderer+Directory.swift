import BentoJSON

extension TextRenderer {
    /// The report of a directory diff, path by path: `Only in DIR: NAME` for
    /// a screen on one side only (as `diff -r` writes it), the report of
    /// each changed screen (its header names both files), a blank line
    /// between reports, and a summary line last. Prints nothing when no
    /// screen differs and every file was read, as diff(1) does.
    /// - Complexity: O(n log n) in the number of changes, over all files.
    public func render(_ directory: DirectoryChangeset) -> String {
        // (text, is a whole report): `Only in` lines stay together, as in
        // diff -r; a report gets a blank line on each side.
        var blocks: [(text: String, isReport: Bool)] = []
        for entry in directory.entries {
            switch entry.status {
            case .changed:
                guard let changeset = entry.changeset, let old = entry.old, let new = entry.new else { continue }
                blocks.append((render(changeset, old: old, new: new), true))
            case .added:
                blocks.append((palette.insert(Self.onlyIn(directory.newRoot, entry.path)) + "\n", false))
            case .removed:
                blocks.append((palette.delete(Self.onlyIn(directory.oldRoot, entry.path)) + "\n", false))
            case .unchanged, .invalid:
                continue
            }
        }
        guard directory.differs || directory.hasErrors else { return "" }
        blocks.append((palette.bold(directorySummaryLine(directory)) + "\n", true))
        var out = ""
        for (k, block) in blocks.enumerated() {
            if k > 0 && (block.isReport || blocks[k - 1].isReport) { out += "\n" }
            out += block.text
        }
        return OneLine.escapingInvisible(out)
    }

    /// `Only in new/screens: b.json`
    /// Names that need it are quoted (`PathQuoting`).
    static func onlyIn(_ root: String, _ path: String) -> String {
        let q = PathQuoting.quoted
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "Only in \(q(root)): \(q(path))" }
        let directory = String(path[..<slash])
        let name = String(path[path.utf8.index(after: slash)...])
        return "Only in \(q(root.hasSuffix("/") ? root + directory : root + "/" + directory)): \(q(name))"
    }

    /// `3 of 12 screens differ: 1 changed, 1 added, 1 removed; 1 could not be read`.
    func directorySummaryLine(_ directory: DirectoryChangeset) -> String {
        let differing = directory.count(.changed) + directory.count(.added) + directory.count(.removed)
        let total = directory.entries.count
        var line = "\(differing) of \(total) screen\(total == 1 ? "" : "s") \(differing == 1 ? "differs" : "differ")"
        let parts = [(DirectoryChangeset.Entry.Status.changed, "changed"), (.added, "added"), (.removed, "removed")]
            .compactMap { status, word in directory.count(status) > 0 ? "\(directory.count(status)) \(word)" : nil }
        if !parts.isEmpty { line += ": " + parts.joined(separator: ", ") }
        let files = directory.count(.invalid), directories = directory.errors.count
        if files > 0 { line += "; \(files) screen\(files == 1 ? "" : "s") could not be read" }
        if directories > 0 { line += "; \(directories) director\(directories == 1 ? "y" : "ies") could not be read" }
        return line
    }
}
