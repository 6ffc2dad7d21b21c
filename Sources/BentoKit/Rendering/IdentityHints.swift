/// Hints for reviewers about ids that probably changed: a row deleted and
/// another inserted at the same place in the same section with the same
/// content (or a section likewise) is, to bento and to UIKit, a delete and
/// an insert, animated as such, though it reads as one row whose id changed.
/// Hints never change the changeset or the exit status.
public enum IdentityHints {
    /// One line per likely renamed row or section, in the order of the
    /// changeset: `row "x" deleted and "y" inserted with the same content
    /// at [1, 2]: an id that changed?`.
    /// - Complexity: O(c) in the number of records.
    public static func hints(_ changeset: Changeset) -> [String] {
        // Deletes first, then the inserts looked up among them. The changes
        // are read in place (a change is large to copy).
        let changes = changeset.changes
        var deletedSections: [SectionPlace: Int] = [:]
        var deletedRows: [RowPlace: Int] = [:]
        for k in changes.indices where changes[k].op == .delete {
            switch changes[k] {
            case .section(let record):
                if case .delete(let from, _) = record.edit { deletedSections[SectionPlace(box: record.box, section: from)] = k }
            case .row(let record):
                if case .delete(let from, _) = record.edit {
                    deletedRows[RowPlace(box: record.box, section: record.section, row: from.row)] = k
                }
            case .screen:
                break
            }
        }
        guard !deletedSections.isEmpty || !deletedRows.isEmpty else { return [] }
        // Per box, in the changeset's order.
        var hints: [[String]] = BoxName.allCases.map { _ in [] }
        for k in changes.indices where changes[k].op == .insert {
            switch changes[k] {
            case .section(let record):
                guard case .insert(let to, let section) = record.edit,
                    let d = deletedSections[SectionPlace(box: record.box, section: to)],
                    case .section(let deleted) = changes[d], case .delete(_, let gone) = deleted.edit,
                    gone.header == section.header, gone.footer == section.footer,
                    gone.rows.elementsEqual(section.rows, by: { $0.id == $1.id && $0.component == $1.component })
                else { continue }
                hints[record.box == .box ? 0 : 1].append(
                    "section \(gone.id) deleted and \(section.id) inserted with the same content at [\(to)]: an id that changed?")
            case .row(let record):
                guard case .insert(let to, let node) = record.edit,
                    let d = deletedRows[RowPlace(box: record.box, section: record.section, row: to.row)],
                    case .row(let deleted) = changes[d], case .delete(_, let gone) = deleted.edit,
                    gone.component == node.component
                else { continue }
                hints[record.box == .box ? 0 : 1].append(
                    "row \(gone.id) deleted and \(node.id) inserted with the same content at \(to): an id that changed?")
            case .screen:
                break
            }
        }
        return hints.flatMap { $0 }
    }

    /// A section's place: its box and index.
    private struct SectionPlace: Hashable {
        let box: BoxName
        let section: Int
    }

    /// A row's place by its section's id (which is the same on both sides
    /// for a section that stays) and its index.
    private struct RowPlace: Hashable {
        let box: BoxName
        let section: ScreenID
        let row: Int
    }
}
