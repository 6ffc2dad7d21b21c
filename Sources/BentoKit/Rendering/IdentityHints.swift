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
        var hints: [String] = []
        for name in BoxName.allCases {
            var deletedSections: [Int: Section] = [:]
            var deletedRows: [RowPlace: Node] = [:]
            for change in changeset.changes where change.box == name {
                switch change {
                case .section(let record):
                    if case .delete(let from, let section) = record.edit { deletedSections[from] = section }
                case .row(let record):
                    if case .delete(let from, let node) = record.edit {
                        deletedRows[RowPlace(section: record.section, row: from.row!)] = node
                    }
                case .screen:
                    break
                }
            }
            for change in changeset.changes where change.box == name {
                switch change {
                case .section(let record):
                    guard case .insert(let to, let section) = record.edit, let gone = deletedSections[to],
                        gone.header == section.header, gone.footer == section.footer,
                        gone.rows.elementsEqual(section.rows, by: { $0.id == $1.id && $0.component == $1.component })
                    else { continue }
                    hints.append(
                        "section \(gone.id) deleted and \(section.id) inserted with the same content at [\(to)]: an id that changed?")
                case .row(let record):
                    guard case .insert(let to, let node) = record.edit,
                        let gone = deletedRows[RowPlace(section: record.section, row: to.row!)],
                        gone.component == node.component
                    else { continue }
                    hints.append("row \(gone.id) deleted and \(node.id) inserted with the same content at \(to): an id that changed?")
                case .screen:
                    break
                }
            }
        }
        return hints
    }

    /// A row's place by its section's id (which is the same on both sides
    /// for a section that stays) and its index.
    private struct RowPlace: Hashable {
        let section: ScreenID
        let row: Int
    }
}
