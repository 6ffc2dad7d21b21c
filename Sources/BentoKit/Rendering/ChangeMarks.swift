/// Which sections and rows of the old and the new screen a changeset touches,
/// found by their positions, for drawing the two screens side by side.
///
/// A delete marks the old side, an insert the new side, a move or an update
/// both. The two sides of a move share a label (`M1`, `M2`…), those of an
/// update another (`U1`…), numbered in the changeset's order, so that a
/// reviewer can pair them up and follow the link from one to the other.
struct ChangeMarks {
    enum Side: String, Sendable, CaseIterable {
        case old, new
    }

    struct Mark: Sendable {
        var change: Change
        /// `M3` for a move, `U2` for an update, nil for an insert or delete.
        var label: String?
    }

    private struct Key: Hashable {
        var box: BoxName
        var side: Side
        var position: Position
    }

    /// The screen attributes' update, if any.
    private(set) var screen: Change?
    private var marks: [Key: Mark] = [:]
    /// Sections (as `Position(section:)`) that hold at least one marked row.
    private var sectionsWithMarkedRows: Set<Key> = []

    /// - Complexity: O(n) in the number of changes.
    init(_ changeset: Changeset) {
        var moves = 0
        var updates = 0
        for change in changeset.changes {
            guard let box = change.box else {
                screen = change
                continue
            }
            var label: String?
            switch change.op {
            case .move:
                moves += 1
                label = "M\(moves)"
            case .update:
                updates += 1
                label = "U\(updates)"
            case .insert, .delete: break
            }
            let mark = Mark(change: change, label: label)
            if change.op != .insert, let from = change.from { add(mark, box, .old, from) }
            if change.op != .delete, let to = change.to { add(mark, box, .new, to) }
        }
    }

    private mutating func add(_ mark: Mark, _ box: BoxName, _ side: Side, _ position: Position) {
        marks[Key(box: box, side: side, position: position)] = mark
        if position.row != nil {
            sectionsWithMarkedRows.insert(Key(box: box, side: side, position: Position(section: position.section)))
        }
    }

    /// The mark of the section at `section` on `side`.
    func section(_ box: BoxName, _ side: Side, _ section: Int) -> Mark? {
        marks[Key(box: box, side: side, position: Position(section: section))]
    }

    /// The mark of the row at `row` of the section at `section` on `side`.
    func row(_ box: BoxName, _ side: Side, _ section: Int, _ row: Int) -> Mark? {
        marks[Key(box: box, side: side, position: Position(section: section, row: row))]
    }

    /// True when the section or any of its rows is marked on `side`.
    func touches(_ box: BoxName, _ side: Side, section: Int) -> Bool {
        let key = Key(box: box, side: side, position: Position(section: section))
        return marks[key] != nil || sectionsWithMarkedRows.contains(key)
    }
}
