/// The diff engine: compares two screens by identity and lists the changes.
///
/// The rules are the contract's (section 3):
/// 1. Sections match by id. Unmatched old sections are deletes, unmatched new
///    ones inserts (their rows come with them). Of the matched sections, those
///    outside one longest increasing subsequence of old positions taken in
///    new order are moves; a matched section whose header or footer differs
///    is an update (or a move that carries the field changes).
/// 2. Rows of a matched pair of sections match by id within it. A row whose id
///    occurs exactly once in the whole old box and once in the whole new box,
///    in two different matched sections, moves across sections. Other
///    unmatched rows are deletes or inserts. Within a section, rows outside
///    the longest increasing subsequence are moves, and so are rows that
///    arrive from another section. A matched row whose node differs is an
///    update, or a move carrying its field changes.
/// 3. Screen attributes that differ make one screen update.
///
/// `ignoring` rules (`--ignore`) leave fields out of equality and field
/// changes; matching depends on ids alone, so they apply to the records
/// that carry field changes (see `IgnoreRules`).
public enum ScreenDiff {
    /// The changeset from `old` to `new`.
    /// - Complexity: O(n log n) in the number of sections and rows (hash
    ///   tables for matching, patience sorting for moves), plus the size of
    ///   the components compared.
    public static func changeset(
        from old: Screen, to new: Screen, oldName: String = "old", newName: String = "new",
        ignoring rules: IgnoreRules = .none
    ) -> Changeset {
        let changeset = byIdentity(from: old, to: new, oldName: oldName, newName: newName)
        return rules.isEmpty ? changeset : rules.applied(to: changeset, old: old, new: new)
    }

    private static func byIdentity(from old: Screen, to new: Screen, oldName: String, newName: String) -> Changeset {
        var changes: [Change] = []
        let attributeFields = FieldDiff.changes(from: old.attributes, to: new.attributes)
        if !attributeFields.isEmpty {
            changes.append(Change(kind: .screen, op: .update, fields: attributeFields))
        }
        for name in BoxName.allCases {
            changes += BoxDiff(name: name, old: old[box: name], new: new[box: name]).changes()
        }
        return Changeset(oldName: oldName, newName: newName, changes: changes)
    }
}

/// The diff of one box: sections, then rows.
private struct BoxDiff {
    let name: BoxName
    let old: Box
    let new: Box

    /// For each old section, the index of its match in the new box.
    private var oldToNew: [Int?] = []
    /// For each new section, the index of its match in the old box.
    private var newToOld: [Int?] = []

    init(name: BoxName, old: Box, new: Box) {
        self.name = name
        self.old = old
        self.new = new
        var newIndex: [ScreenID: Int] = [:]
        newIndex.reserveCapacity(new.sections.count)
        for (j, section) in new.sections.enumerated() { newIndex[section.id] = j }
        oldToNew = old.sections.map { newIndex[$0.id] }
        newToOld = [Int?](repeating: nil, count: new.sections.count)
        for (i, j) in oldToNew.enumerated() where j != nil { newToOld[j!] = i }
    }

    func changes() -> [Change] {
        sectionChanges() + rowChanges()
    }

    // MARK: Sections

    private func sectionChanges() -> [Change] {
        var deletes: [Change] = [], inserts: [Change] = [], moves: [Change] = [], updates: [Change] = []
        for (i, section) in old.sections.enumerated() where oldToNew[i] == nil {
            deletes.append(
                Change(
                    kind: .section, op: .delete, box: name, id: section.id, from: Position(section: i),
                    old: .section(section)))
        }
        var matchedNew: [Int] = []
        for (j, section) in new.sections.enumerated() {
            if newToOld[j] == nil {
                inserts.append(
                    Change(
                        kind: .section, op: .insert, box: name, id: section.id, to: Position(section: j),
                        new: .section(section)))
            } else {
                matchedNew.append(j)
            }
        }
        let stays = LongestIncreasingSubsequence.members(of: matchedNew.map { newToOld[$0]! })
        for (k, j) in matchedNew.enumerated() {
            let i = newToOld[j]!
            let a = old.sections[i], b = new.sections[j]
            let fields =
                a.header == b.header && a.footer == b.footer
                ? [] : FieldDiff.changes(from: a.fieldsValue, to: b.fieldsValue)
            let change = Change(
                kind: .section, op: stays[k] ? .update : .move, box: name, id: b.id,
                from: Position(section: i), to: Position(section: j), fields: fields)
            if !stays[k] {
                moves.append(change)
            } else if !fields.isEmpty {
                updates.append(change)
            }
        }
        // Built in position order already: deletes by `from`, the rest by `to`.
        return deletes + inserts + moves + updates
    }

    // MARK: Rows

    /// Where a row id occurs in a whole box: how often, and the last place.
    private struct Occurrence {
        var count = 0
        var section = 0
        var row = 0
    }

    private static func occurrences(in box: Box) -> [ScreenID: Occurrence] {
        var table: [ScreenID: Occurrence] = [:]
        table.reserveCapacity(box.sections.reduce(0) { $0 + $1.rows.count })
        for (s, section) in box.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                table[row.id, default: Occurrence()].count += 1
                table[row.id]!.section = s
                table[row.id]!.row = r
            }
        }
        return table
    }

    private func rowChanges() -> [Change] {
        // Within each matched pair: new row index → old row index.
        var matchedOld: [[Int?]] = new.sections.map { [Int?](repeating: nil, count: $0.rows.count) }
        // Old rows matched within their pair (or moved across): no delete.
        var oldTaken: [[Bool]] = old.sections.map { [Bool](repeating: false, count: $0.rows.count) }
        var crossSource: [[Position?]] = new.sections.map { [Position?](repeating: nil, count: $0.rows.count) }

        for (i, j) in oldToNew.enumerated() {
            guard let j else { continue }
            var index: [ScreenID: Int] = [:]
            index.reserveCapacity(new.sections[j].rows.count)
            for (c, row) in new.sections[j].rows.enumerated() { index[row.id] = c }
            for (r, row) in old.sections[i].rows.enumerated() {
                if let c = index[row.id] {
                    matchedOld[j][c] = r
                    oldTaken[i][r] = true
                }
            }
        }

        // Cross-section moves: an id once in each whole box, in two different
        // matched sections.
        let oldOccurrences = Self.occurrences(in: old)
        let newOccurrences = Self.occurrences(in: new)
        for (id, o) in oldOccurrences where o.count == 1 && !oldTaken[o.section][o.row] {
            guard let target = oldToNew[o.section], let n = newOccurrences[id], n.count == 1,
                n.section != target, newToOld[n.section] != nil
            else { continue }
            crossSource[n.section][n.row] = Position(section: o.section, row: o.row)
            oldTaken[o.section][o.row] = true
        }

        var deletes: [Change] = [], inserts: [Change] = [], moves: [Change] = [], updates: [Change] = []
        for (i, section) in old.sections.enumerated() where oldToNew[i] != nil {
            for (r, row) in section.rows.enumerated() where !oldTaken[i][r] {
                deletes.append(
                    Change(
                        kind: .row, op: .delete, box: name, id: row.id, section: section.id,
                        from: Position(section: i, row: r), old: .node(row)))
            }
        }
        for (j, section) in new.sections.enumerated() {
            guard let i = newToOld[j] else { continue }
            let inPlace = matchedOld[j].compactMap { $0 }
            let stays = LongestIncreasingSubsequence.members(of: inPlace)
            var k = 0
            for (c, row) in section.rows.enumerated() {
                let to = Position(section: j, row: c)
                if let r = matchedOld[j][c] {
                    let before = old.sections[i].rows[r]
                    let fields = fieldChanges(before, row)
                    let change = Change(
                        kind: .row, op: stays[k] ? .update : .move, box: name, id: row.id, section: section.id,
                        from: Position(section: i, row: r), to: to, fields: fields)
                    if !stays[k] {
                        moves.append(change)
                    } else if !fields.isEmpty {
                        updates.append(change)
                    }
                    k += 1
                } else if let from = crossSource[j][c] {
                    let before = old.sections[from.section].rows[from.row!]
                    moves.append(
                        Change(
                            kind: .row, op: .move, box: name, id: row.id, section: section.id,
                            fromSection: old.sections[from.section].id, from: from, to: to,
                            fields: fieldChanges(before, row)))
                } else {
                    inserts.append(
                        Change(
                            kind: .row, op: .insert, box: name, id: row.id, section: section.id, to: to,
                            new: .node(row)))
                }
            }
        }
        return deletes + inserts + moves + updates
    }

    private func fieldChanges(_ old: Node, _ new: Node) -> [FieldChange] {
        old == new ? [] : FieldDiff.changes(from: old.jsonValue, to: new.jsonValue)
    }
}
