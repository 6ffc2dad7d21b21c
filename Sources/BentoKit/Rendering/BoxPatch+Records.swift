import BentoJSON

extension BoxPatch {
    /// What the changeset says of one box's sections and rows, gathered
    /// in one pass over its records (none is copied), rows by their place
    /// in the box's rows end to end.
    struct Records {
        /// Moved sections, by new index.
        private(set) var movedSections = Set<Int>()
        /// Where each section's rows start among the box's rows, old and new
        /// (`Box.rowStarts`).
        let oldBase: [Int], newBase: [Int]
        /// By old row: deleted, moved away (within its section or out of
        /// it), and its field changes.
        private var deleted: [Bool], movedAway: [Bool]
        private var fields: [[FieldChange]]
        /// By new row: inserted, and where a moved row comes from.
        private var inserted: [Bool], movedFrom: [RowPosition?]

        init(_ changes: [Change], box: BoxName, old: Box, new: Box) {
            (oldBase, newBase) = (old.rowStarts, new.rowStarts)
            deleted = Array(repeating: false, count: oldBase[old.sections.count])
            movedAway = deleted
            fields = Array(repeating: [], count: deleted.count)
            movedFrom = Array(repeating: nil, count: newBase[new.sections.count])
            inserted = Array(repeating: false, count: movedFrom.count)
            for change in changes {
                switch change {
                case .section(let section) where section.box == box:
                    if case .move(_, let to, _) = section.edit { movedSections.insert(to) }
                case .row(let row) where row.box == box:
                    switch row.edit {
                    case .delete(let from, _): deleted[oldBase[from.section] + from.row] = true
                    case .move(let from, let to, let fields):
                        movedFrom[newBase[to.section] + to.row] = from
                        movedAway[oldBase[from.section] + from.row] = true
                        self.fields[oldBase[from.section] + from.row] = fields
                    case .update(let from, _, let fields): self.fields[oldBase[from.section] + from.row] = fields
                    case .insert(let to, _): inserted[newBase[to.section] + to.row] = true
                    }
                default: break
                }
            }
        }

        /// Whether the old row at `p` is deleted.
        func isDeleted(_ p: RowPosition) -> Bool { deleted[oldBase[p.section] + p.row] }
        /// Whether the old row at `p` is deleted or moved.
        func leaves(_ p: RowPosition) -> Bool { let k = oldBase[p.section] + p.row; return deleted[k] || movedAway[k] }
        /// Whether the new row at `p` is inserted.
        func isInserted(_ p: RowPosition) -> Bool { inserted[newBase[p.section] + p.row] }
        /// The field changes of the old row at `p`.
        func fields(of p: RowPosition) -> [FieldChange] { fields[oldBase[p.section] + p.row] }
        /// Where the new row at `p` moved from, if it moved.
        func movedFrom(_ p: RowPosition) -> RowPosition? { movedFrom[newBase[p.section] + p.row] }
    }
}
