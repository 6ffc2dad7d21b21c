import BentoJSON

/// What one side of a merge did to one box, read from its changeset against
/// BASE (bento-screen(5), MATCHING), by position: where each BASE section and row
/// went (and whether it moved or changed), and where each of the side's
/// rows came from. Arrays, not dictionaries: the merge looks a row up in
/// O(1) without hashing its id.
struct SideEdits: Sendable {
    /// Where a BASE row went on this side.
    struct Fate: Sendable {
        /// The section and row index on this side; -1 when deleted.
        var section: Int32 = -1
        var row: Int32 = -1
        /// Moved: outside the longest ordered run, or across sections.
        var moved = false
        /// Moved in every minimal move set: across sections, or outside
        /// every longest ordered run (what the merge's conflicts go by).
        var movedForSure = false
        /// Its node changed.
        var changed = false

        var isDeleted: Bool { section < 0 }
    }

    /// A BASE row by position: section and row index in BASE's box.
    struct Origin: Equatable, Sendable {
        var section: Int32
        var row: Int32
        /// No BASE row: the side added it.
        static let added = Origin(section: -1, row: -1)
        var isAdded: Bool { section < 0 }
    }

    /// The side's box.
    let box: Box
    /// For each BASE section, its index on this side (-1: deleted).
    let sectionOfBase: [Int]
    /// For each section of this side, its index in BASE (-1: added).
    let baseOfSection: [Int]
    /// For each BASE section: moved, moved for sure, and header or footer changed.
    private(set) var movedSections: [Bool]
    private(set) var sectionsMovedForSure: [Bool]
    private(set) var updatedSections: [Bool]
    /// For each section of this side: rows added to it, changed, reordered
    /// or moved into it.
    private(set) var editedInside: [Bool]
    /// For each BASE section, the fate of each of its rows.
    private(set) var fates: [[Fate]]
    /// For each section of this side, where each of its rows came from.
    private(set) var origins: [[Origin]]

    /// The edits of box `name` from `base` to `side`, given the side's
    /// changeset against BASE.
    /// - Complexity: O(n) in the number of sections, rows and records.
    init(_ name: BoxName, base baseScreen: Screen, side: Screen, changeset: Changeset) {
        let base = baseScreen[box: name]
        box = side[box: name]
        var sideIndex: [ScreenID: Int] = [:]
        sideIndex.reserveCapacity(box.sections.count)
        for (j, section) in box.sections.enumerated() { sideIndex[section.id] = j }
        var sectionOfBase = base.sections.map { sideIndex[$0.id] ?? -1 }
        var baseOfSection = [Int](repeating: -1, count: box.sections.count)
        for (i, j) in sectionOfBase.enumerated() where j >= 0 {
            if baseOfSection[j] >= 0 { sectionOfBase[i] = -1 } else { baseOfSection[j] = i }
        }
        self.sectionOfBase = sectionOfBase
        self.baseOfSection = baseOfSection
        movedSections = [Bool](repeating: false, count: base.sections.count)
        updatedSections = movedSections
        sectionsMovedForSure = movedSections
        editedInside = [Bool](repeating: false, count: box.sections.count)

        // Unset (-2) until a record or the in-place pairing below fills it.
        let unsetFate = Fate(section: -2, row: -2)
        fates = base.sections.enumerated().map { i, section in
            [Fate](repeating: sectionOfBase[i] < 0 ? Fate() : unsetFate, count: section.rows.count)
        }
        let unsetOrigin = Origin(section: -2, row: -2)
        origins = box.sections.enumerated().map { j, section in
            [Origin](repeating: baseOfSection[j] < 0 ? .added : unsetOrigin, count: section.rows.count)
        }

        for change in changeset.changes where change.box == name {
            switch change {
            case .screen:
                break
            case .section(let section):
                switch section.edit {
                case .move(let from, _, let fields):
                    movedSections[from] = true
                    updatedSections[from] = !fields.isEmpty
                case .update(let from, _, _):
                    updatedSections[from] = true
                case .insert, .delete:
                    break
                }
            case .row(let row):
                switch row.edit {
                case .delete(let from, _):
                    fates[from.section][from.row] = Fate()
                case .insert(let to, _):
                    origins[to.section][to.row] = .added
                    editedInside[to.section] = true
                case .move(let from, let to, let fields), .update(let from, let to, let fields):
                    fates[from.section][from.row] = Fate(
                        section: Int32(to.section), row: Int32(to.row), moved: row.edit.op == .move,
                        changed: !fields.isEmpty)
                    origins[to.section][to.row] = Origin(section: Int32(from.section), row: Int32(from.row))
                    editedInside[to.section] = true
                }
            }
        }

        // The rows no record names stayed in place, unchanged, in order:
        // pair them up, section by section.
        for (i, j) in sectionOfBase.enumerated() where j >= 0 {
            var c = 0
            for r in fates[i].indices where fates[i][r].section == -2 {
                while c < origins[j].count && origins[j][c].section != -2 { c += 1 }
                guard c < origins[j].count else { break }
                fates[i][r] = Fate(section: Int32(j), row: Int32(c))
                origins[j][c] = Origin(section: Int32(i), row: Int32(r))
            }
        }
        markMovedForSure()
    }

    /// Which sections and rows every minimal move set moves: a row that
    /// changed sections, and what lies outside every longest run of its
    /// side's matched elements kept in BASE's order (bento-changeset(5), MERGE).
    /// - Complexity: O(n log n) in the number of sections and rows.
    private mutating func markMovedForSure() {
        let matched = baseOfSection.filter { $0 >= 0 }
        for (b, outside) in zip(matched, LongestIncreasingSubsequence.outsideEvery(of: matched)) {
            sectionsMovedForSure[b] = outside
        }
        for (j, rows) in origins.enumerated() where baseOfSection[j] >= 0 {
            let i = baseOfSection[j]
            var stayed: [Int] = []
            for origin in rows where !origin.isAdded {
                if Int(origin.section) == i {
                    stayed.append(Int(origin.row))
                } else {
                    fates[Int(origin.section)][Int(origin.row)].movedForSure = true
                }
            }
            for (r, outside) in zip(stayed, LongestIncreasingSubsequence.outsideEvery(of: stayed)) {
                fates[i][r].movedForSure = outside
            }
        }
    }

    /// Whether the side changed BASE section `i` other than by deleting rows
    /// or moving them out: a delete on the other side conflicts with it.
    func changedSection(_ i: Int) -> (changed: Bool, moved: Bool) {
        let j = sectionOfBase[i]
        return (updatedSections[i] || (j >= 0 && editedInside[j]), sectionsMovedForSure[i])
    }

    /// The fate of BASE row `r` of section `i`.
    func fate(_ i: Int, _ r: Int) -> Fate { fates[i][r] }

    /// The side's node at `fate`.
    func node(at fate: Fate) -> Node { box.sections[Int(fate.section)].rows[Int(fate.row)] }

    /// The id of the row before `fate`'s on this side; nil for a first row.
    func previousID(at fate: Fate) -> ScreenID? {
        fate.row > 0 ? box.sections[Int(fate.section)].rows[Int(fate.row) - 1].id : nil
    }
}
