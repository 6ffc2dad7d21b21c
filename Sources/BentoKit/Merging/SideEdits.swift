import BentoJSON

/// What one side of a merge did to one box, read from its changeset against
/// BASE (bento-screen(5), MATCHING), by position: where each BASE section and row
/// went (and whether it moved or changed), and where each of the side's
/// rows came from. Arrays, not dictionaries: the merge looks a row up in
/// O(1) without hashing its id.
struct SideEdits: Sendable {
    /// A row's place on this side or in BASE: section and row index, in
    /// 32 bits each (a merge holds one per row of each side).
    struct RowPlace: Equatable, Sendable {
        let section: Int32
        let row: Int32

        init(_ section: Int, _ row: Int) {
            (self.section, self.row) = (Int32(section), Int32(row))
        }
    }

    /// Where a BASE row went on this side.
    struct Fate: Sendable {
        /// Its place on this side; nil when the side deleted it.
        var place: RowPlace?
        /// Moved: outside the longest ordered run, or across sections.
        var moved = false
        /// Moved in every minimal move set: across sections, or outside
        /// every longest ordered run (what the merge's conflicts go by).
        var movedForSure = false
        /// Its node changed.
        var changed = false

        /// A row the side deleted.
        static let deleted = Fate(place: nil)
        var isDeleted: Bool { place == nil }
        /// Its section on this side, if it is still there.
        var section: Int? { place.map { Int($0.section) } }
    }

    /// Where a row of this side came from.
    struct Origin: Equatable, Sendable {
        /// Its BASE row; nil when the side added it.
        var place: RowPlace?

        /// No BASE row: the side added it.
        static let added = Origin(place: nil)
        var isAdded: Bool { place == nil }
    }

    /// The side's box.
    let box: Box
    /// For each BASE section, its index on this side; nil when deleted.
    let sectionOfBase: [Int?]
    /// For each section of this side, its index in BASE; nil when added.
    let baseOfSection: [Int?]
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
        var sectionOfBase: [Int?] = base.sections.map { sideIndex[$0.id] }
        var baseOfSection = [Int?](repeating: nil, count: box.sections.count)
        for (i, j) in sectionOfBase.enumerated() {
            guard let j else { continue }
            if baseOfSection[j] != nil { sectionOfBase[i] = nil } else { baseOfSection[j] = i }
        }
        self.sectionOfBase = sectionOfBase
        self.baseOfSection = baseOfSection
        movedSections = [Bool](repeating: false, count: base.sections.count)
        updatedSections = movedSections
        sectionsMovedForSure = movedSections
        editedInside = [Bool](repeating: false, count: box.sections.count)

        // nil until a record or the in-place pairing below says.
        var fates: [[Fate?]] = base.sections.enumerated().map { i, section in
            [Fate?](repeating: sectionOfBase[i] == nil ? .deleted : nil, count: section.rows.count)
        }
        var origins: [[Origin?]] = box.sections.enumerated().map { j, section in
            [Origin?](repeating: baseOfSection[j] == nil ? .added : nil, count: section.rows.count)
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
                    fates[from.section][from.row] = .deleted
                case .insert(let to, _):
                    origins[to.section][to.row] = .added
                    editedInside[to.section] = true
                case .move(let from, let to, let fields), .update(let from, let to, let fields):
                    fates[from.section][from.row] = Fate(
                        place: RowPlace(to.section, to.row), moved: row.edit.op == .move, changed: !fields.isEmpty)
                    origins[to.section][to.row] = Origin(place: RowPlace(from.section, from.row))
                    editedInside[to.section] = true
                }
            }
        }

        // The rows no record names stayed in place, unchanged, in order:
        // pair them up, section by section.
        for (i, j) in sectionOfBase.enumerated() {
            guard let j else { continue }
            var c = 0
            for r in fates[i].indices where fates[i][r] == nil {
                while c < origins[j].count && origins[j][c] != nil { c += 1 }
                guard c < origins[j].count else { break }
                fates[i][r] = Fate(place: RowPlace(j, c))
                origins[j][c] = Origin(place: RowPlace(i, r))
            }
        }
        // Every row is placed now: a BASE row no record names has a row of
        // this side left to pair with, and so does every row of this side.
        self.fates = fates.map { $0.map { $0 ?? .deleted } }
        self.origins = origins.map { $0.map { $0 ?? .added } }
        markMovedForSure()
    }

    /// Which sections and rows every minimal move set moves: a row that
    /// changed sections, and what lies outside every longest run of its
    /// side's matched elements kept in BASE's order (bento-changeset(5), MERGE).
    /// - Complexity: O(n log n) in the number of sections and rows.
    private mutating func markMovedForSure() {
        let matched = baseOfSection.compactMap { $0 }
        for (b, outside) in zip(matched, LongestIncreasingSubsequence.outsideEvery(of: matched)) {
            sectionsMovedForSure[b] = outside
        }
        for (j, rows) in origins.enumerated() {
            guard let i = baseOfSection[j] else { continue }
            var stayed: [Int] = []
            for origin in rows {
                guard let from = origin.place else { continue }
                if Int(from.section) == i {
                    stayed.append(Int(from.row))
                } else {
                    fates[Int(from.section)][Int(from.row)].movedForSure = true
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
        let editedInside = sectionOfBase[i].map { self.editedInside[$0] } ?? false
        return (updatedSections[i] || editedInside, sectionsMovedForSure[i])
    }

    /// The fate of BASE row `r` of section `i`.
    func fate(_ i: Int, _ r: Int) -> Fate { fates[i][r] }

    /// The side's node at `place`.
    func node(at place: RowPlace) -> Node { box.sections[Int(place.section)].rows[Int(place.row)] }

    /// The id of the row before `place` on this side; nil for a first row.
    func previousID(at place: RowPlace) -> ScreenID? {
        place.row > 0 ? box.sections[Int(place.section)].rows[Int(place.row) - 1].id : nil
    }
}
