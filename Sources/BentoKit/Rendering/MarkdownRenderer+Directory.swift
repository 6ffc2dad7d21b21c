import BentoJSON

extension MarkdownRenderer {
    /// The report for two directories: one heading for the roots, a table
    /// row per screen that differs (added, removed or not readable ones
    /// said so), then each screen's changes under its path. "" when no
    /// screen differs and none is invalid.
    /// - Complexity: O(n log n) in the number of changes, but only the
    ///   changes that fit are written.
    public func render(_ directory: DirectoryChangeset) -> String {
        let shown = directory.entries.filter { $0.status != .unchanged }
        guard !shown.isEmpty else { return "" }
        let total = shown.reduce(0) { $0 + ($1.changeset?.changes.count ?? 0) }  // an invalid one has none
        var page = MarkdownPage(limit: maxSize, total: total)
        page.write(title(directory.oldRoot, directory.newRoot))
        page.write(Self.tableHead)
        for entry in shown {
            let name = MarkdownText.code(entry.path, inTable: true) + Self.status(entry.status)
            guard let changeset = entry.changeset else {
                page.write("| \(name) |" + String(repeating: " |", count: 9) + "\n")
                continue
            }
            page.write(tableRow(name, changeset.summary) + "\n")
        }
        for entry in shown {
            guard let changeset = entry.changeset, !changeset.isIdentical else { continue }
            guard page.write("\n#### " + MarkdownText.code(entry.path) + Self.status(entry.status) + "\n") else { break }
            let empty = Screen(box: Box())
            writeChanges(changeset, old: entry.old ?? empty, new: entry.new ?? empty, to: &page)
        }
        return page.finished()
    }

    /// What a table row or heading adds to a screen's path.
    private static func status(_ status: DirectoryChangeset.Entry.Status) -> String {
        switch status {
        case .changed, .unchanged: ""
        case .added: " (added)"
        case .removed: " (removed)"
        case .invalid: " (invalid: see the errors)"
        }
    }
}
