/// A box with its sections and rows found by id: a section by its id, a row
/// by its section's id and its own.
struct BoxIndex {
    /// The box.
    let box: Box
    /// Each section's index, by id.
    let sectionIndex: [ScreenID: Int]
    /// Each row's index in its section.
    private let rowIndex: [RowKey: Int]

    /// Indexes `box`.
    /// - Complexity: O(n) in the number of sections and rows.
    init(_ box: Box) {
        self.box = box
        var sections: [ScreenID: Int] = [:]
        var rows: [RowKey: Int] = [:]
        sections.reserveCapacity(box.sections.count)
        rows.reserveCapacity(box.sections.reduce(0) { $0 + $1.rows.count })
        for (s, section) in box.sections.enumerated() {
            sections[section.id] = s
            for (r, row) in section.rows.enumerated() { rows[RowKey(section: section.id, id: row.id)] = r }
        }
        sectionIndex = sections
        rowIndex = rows
    }

    /// The section with `id`, if the box has one.
    func section(_ id: ScreenID) -> Section? { sectionIndex[id].map { box.sections[$0] } }

    /// Whether section `key.section` has row `key.id`.
    func contains(_ key: RowKey) -> Bool { rowIndex[key] != nil }

    /// Row `key.id` of section `key.section`, and the id of the row before
    /// it there (nil when it is first).
    func row(_ key: RowKey) -> (node: Node, previous: ScreenID?)? {
        guard let s = sectionIndex[key.section], let r = rowIndex[key] else { return nil }
        let rows = box.sections[s].rows
        return (rows[r], r > 0 ? rows[r - 1].id : nil)
    }
}
