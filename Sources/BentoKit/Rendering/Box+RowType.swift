extension Box {
    /// The component type of the row at `position`; nil when there is none
    /// (no position, or one past the box's rows).
    /// - Complexity: O(1).
    func rowType(at position: RowPosition?) -> String? {
        guard let position, sections.indices.contains(position.section),
            sections[position.section].rows.indices.contains(position.row)
        else { return nil }
        return sections[position.section].rows[position.row].component.type
    }
}
