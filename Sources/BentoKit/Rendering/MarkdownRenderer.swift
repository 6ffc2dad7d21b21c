import BentoJSON

/// `--format markdown`: a changeset for a pull request, as GitHub shows
/// Markdown in a comment or a job summary.
///
/// A heading names the two sides; a table counts the changes of each screen
/// (screen attributes; sections and rows inserted, deleted, moved and
/// updated); then each box lists its changes section by section, in the new
/// screen's order: the operation, the id, the component type, the positions
/// and the field changes (`old` → `new`, long values shortened). A section
/// with many changes is folded into a `<details>` element. Every value, id
/// and path is a code span (`MarkdownText`), so nothing in a screen can
/// format, link or mention anything. The page stops before `maxSize`
/// characters (`MarkdownPage`). Identical screens print nothing.
public struct MarkdownRenderer: Sendable {
    /// GitHub's limit for a pull request comment.
    public static let defaultMaxSize = 65_536
    /// The fewest characters `maxSize` may be: room for a heading, the
    /// table's head and the line that says what was left out.
    public static let smallestMaxSize = 1_024

    /// The most characters a report may have.
    public var maxSize: Int
    /// Values longer than this are shortened with `…`.
    public var valueWidth: Int
    /// A section with more lines of changes than this is folded.
    public var foldAfter: Int

    /// A renderer whose reports stop before `maxSize` characters.
    public init(maxSize: Int = defaultMaxSize, valueWidth: Int = 60, foldAfter: Int = 12) {
        self.maxSize = max(maxSize, Self.smallestMaxSize)
        self.valueWidth = valueWidth
        self.foldAfter = foldAfter
    }

    /// The report for `changeset`, made from `old` to `new`; "" when they
    /// are identical. A side that is no file (`oldAbsent`, `newAbsent`:
    /// `/dev/null`, for an added or deleted screen) is not named: the
    /// heading says the screen was added or deleted, by the other's name.
    /// - Complexity: O(n log n) in the number of changes, but only the
    ///   changes that fit are written.
    public func render(_ changeset: Changeset, old: Screen, new: Screen, oldAbsent: Bool = false, newAbsent: Bool = false)
        -> String
    {
        guard !changeset.isIdentical else { return "" }
        var page = MarkdownPage(limit: maxSize, total: changeset.changes.count)
        let name = newAbsent ? changeset.oldName : changeset.newName
        page.write(
            oldAbsent ? "### bento: added " + MarkdownText.code(name) + "\n\n"
                : newAbsent ? "### bento: deleted " + MarkdownText.code(name) + "\n\n"
                : title(changeset.oldName, changeset.newName))
        page.write(Self.tableHead)
        page.write(tableRow(MarkdownText.code(name, inTable: true), changeset.summary) + "\n")
        writeChanges(changeset, old: old, new: new, to: &page)
        return page.finished()
    }

    // MARK: Parts

    /// `### bento: \`old\` → \`new\``, or `### bento: \`name\`` where both
    /// sides have one name (a repository path, under git).
    func title(_ old: String, _ new: String) -> String {
        guard !CodePoints.equal(old, new) else { return "### bento: " + MarkdownText.code(new) + "\n\n" }
        return "### bento: " + MarkdownText.code(old) + " → " + MarkdownText.code(new) + "\n\n"
    }

    static let tableHead = """
        | Screen | Attributes | Sections inserted | deleted | moved | updated | Rows inserted | deleted | moved | updated |
        |:--|:-:|--:|--:|--:|--:|--:|--:|--:|--:|

        """

    /// One row of the table: `name` (Markdown for a cell) and its counts.
    func tableRow(_ name: String, _ summary: Summary) -> String {
        var cells = [name, summary[.screen, .update] > 0 ? "updated" : ""]
        for kind in [Change.Kind.section, .row] {
            for op in [Change.Operation.insert, .delete, .move, .update] { cells.append("\(summary[kind, op])") }
        }
        return "| " + cells.joined(separator: " | ") + " |"
    }

    /// The changes of one screen pair, box by box.
    func writeChanges(_ changeset: Changeset, old: Screen, new: Screen, to page: inout MarkdownPage) {
        let records = changeset.changes
        for change in records {
            guard case .screen(let fields) = change else { continue }
            page.write("\n**screen** attributes updated\n\n" + fieldItems(fields, indent: ""), changes: 1)
        }
        for name in BoxName.allCases where records.contains(where: { $0.box == name }) {
            let (oldBox, newBox) = (old[box: name], new[box: name])
            let grouped = SectionGroups(records, of: name, new: newBox)
            for group in grouped.groups {
                writeGroup(group, records, box: name, old: oldBox, new: newBox, to: &page)
                if page.isFull { return }
            }
            for k in grouped.deletedSections {
                guard case .section(let s) = records[k], case .delete(let from, let section) = s.edit else { continue }
                let line = "**\(name.rawValue)** · deleted section " + MarkdownText.code(section.id.description)
                    + " from " + MarkdownText.brackets("[\(from)]") + ", " + section.rowCountPhrase + "\n"
                guard page.write("\n" + line, changes: 1) else { return }
            }
        }
    }

    /// One section's changes: a line for the section, a list for its
    /// fields and rows; folded into `<details>` when the list is long.
    private func writeGroup(
        _ group: SectionGroups.Group, _ records: [Change], box: BoxName, old: Box, new: Box, to page: inout MarkdownPage
    ) {
        let section = new.sections[group.section]
        let sectionRecord = group.record.map { records[$0] }
        let lines = (sectionRecord?.fields.count ?? 0) + group.rows.reduce(0) { $0 + 1 + records[$1].fields.count }
        let folded = lines > foldAfter
        let heading = sectionHeading(sectionRecord, section: section, index: group.section, in: new, html: folded)
        let changes = group.rows.count + (sectionRecord == nil ? 0 : 1)
        let boxName = box.rawValue
        if folded {
            let summary = "<b>\(boxName)</b> · \(heading): \(changes) change\(changes == 1 ? "" : "s")"
            guard page.openDetails(summary) else { return }
        } else {
            guard page.write("\n**\(boxName)** · \(heading)\n") else { return }
        }
        // A blank line between the heading and its list, none inside <details>,
        // whose summary line ends with one.
        var separator = folded ? "" : "\n"
        if let sectionRecord {
            let items = fieldItems(sectionRecord.fields, indent: "")
            guard page.write(items.isEmpty ? "" : separator + items, changes: 1) else { return }
            if !items.isEmpty { separator = "" }
        }
        for change in group.rows.lazy.map({ records[$0] }) {
            let item = "- " + rowLine(change, old: old, new: new) + "\n" + fieldItems(change.fields, indent: "  ")
            guard page.write(separator + item, changes: 1) else { return }
            separator = ""
        }
        if folded { page.closeDetails() }
    }

    /// `updated section \`"id"\` at [1]`, as Markdown or, for a
    /// `<summary>`, as HTML.
    private func sectionHeading(_ change: Change?, section: Section, index: Int, in new: Box, html: Bool) -> String {
        func code(_ text: String) -> String { html ? MarkdownText.htmlCode(text) : MarkdownText.code(text) }
        func brackets(_ text: String) -> String { html ? text : MarkdownText.brackets(text) }
        let id = code(section.id.description)
        guard let change, case .section(let record) = change else { return "section \(id) at " + brackets("[\(index)]") }
        switch record.edit {
        case .insert: return "inserted section \(id) at " + brackets("[\(index)]") + ", " + section.rowCountPhrase
        case .delete(let from, _): return "deleted section \(id) from " + brackets("[\(from)]")
        case .move(let from, _, _):
            let place = MovePlace.phrase(change, in: new, quoting: code(_:)).map { " (\($0))" } ?? ""
            return "moved section \(id) " + brackets("[\(from)] → [\(index)]") + place
        case .update: return "updated section \(id) at " + brackets("[\(index)]")
        }
    }

    /// `inserted row \`"id"\` \`Type\` at [0, 1]`.
    private func rowLine(_ change: Change, old: Box, new: Box) -> String {
        guard case .row(let r) = change else { return "" }
        let id = MarkdownText.code(r.id.description)
        func type(_ box: Box, _ p: RowPosition) -> String { box.rowType(at: p).map { " " + MarkdownText.code($0) } ?? "" }
        func place(_ p: RowPosition) -> String { MarkdownText.brackets(p.description) }
        switch r.edit {
        case .insert(let to, _): return "inserted row \(id)\(type(new, to)) at \(place(to))"
        case .delete(let from, _): return "deleted row \(id)\(type(old, from)) from \(place(from))"
        case .move(let from, let to, _):
            let across = r.fromSection.map { "from section " + MarkdownText.code($0.description) + " " } ?? ""
            let after = MovePlace.phrase(change, in: new) { MarkdownText.code($0) }.map { " (\($0))" } ?? ""
            return "moved row \(id)\(type(new, to)) \(across)\(place(from)) → \(place(to))\(after)"
        case .update(_, let to, _): return "updated row \(id)\(type(new, to)) at \(place(to))"
        }
    }

    /// One list item per field change: `` - `/path`: `old` → `new` ``.
    private func fieldItems(_ fields: [FieldChange], indent: String) -> String {
        var out = ""
        for field in fields {
            let text = FieldChangeText(field, width: valueWidth)
            let (old, new) = (text.old { MarkdownText.code($0) }, text.new { MarkdownText.code($0) })
            out += indent + "- " + MarkdownText.code(text.path) + ": \(old) → \(new)" + (text.hint.map { " " + $0 } ?? "") + "\n"
        }
        return out
    }
}
