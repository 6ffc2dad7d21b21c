import BentoJSON

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

    /// A marked element's change: its operation, field changes and label.
    /// Made when it is drawn (`row`, `section`): a copy of the change itself
    /// would be its ids, nodes and field changes counted up, on every core
    /// at once.
    struct Mark {
        let op: Change.Operation
        let fields: [FieldChange]
        /// `M3` for a move, `U2` for an update, nil for an insert or delete.
        let label: Label?
    }

    /// A label, `M3` or `U2`: its letter and number, written out where it
    /// is drawn (no string is made per mark).
    struct Label {
        let letter: StaticString
        let number: Int
    }

    /// Where a move went: its two positions, and whether it went across
    /// sections. Nothing in it is counted up and down when it is read: the
    /// sections it left and joined are kept apart, as their ids' text
    /// (`sections(of:)`).
    struct Move {
        let from: Position
        let to: Position
        let box: BoxName
        /// Its place among the moves across sections; -1 for none.
        fileprivate let across: Int
        var isAcrossSections: Bool { across >= 0 }
    }

    /// The marks of one side of one box, by position: indices into `list`
    /// (-1 for none), grown as marks are added.
    private struct Places {
        var sections: [Int32] = []
        var rows: [[Int32]] = []

        mutating func add(_ k: Int, at position: Position) {
            let s = position.section
            // Grown an element at a time (places come mostly in order, each
            // one past the last): a generic append of a repeated element
            // costs more than the few it adds.
            while sections.count <= s {
                sections.append(-1)
                rows.append([])
            }
            guard let r = position.row else { return sections[s] = Int32(k) }
            while rows[s].count <= r { rows[s].append(-1) }
            rows[s][r] = Int32(k)
        }

        func at(_ s: Int, _ r: Int?) -> Int? {
            guard s < sections.count else { return nil }
            guard let r else { return sections[s] < 0 ? nil : Int(sections[s]) }
            return r < rows[s].count && rows[s][r] >= 0 ? Int(rows[s][r]) : nil
        }

        /// The places of the rows of section `s`: -1 for a row not marked.
        func rows(_ s: Int) -> [Int32] { s < rows.count ? rows[s] : [] }

        /// Whether section `s` or a row of it is marked.
        func touches(_ s: Int) -> Bool {
            s < sections.count && (sections[s] >= 0 || rows[s].contains { $0 >= 0 })
        }
    }

    /// The screen attributes' update, if any.
    private(set) var screen: Change?
    /// The marked changes, in the changeset's order, with their label
    /// numbers (0: none): a mark is made when a side draws it, on the core
    /// drawing it, not for all changes before drawing starts.
    private var list: [(number: Int32, op: Change.Operation, fields: [FieldChange])] = []
    /// Where each move went, by its label number less one.
    private var moves: [Move] = []
    /// The section each move across sections left and the one it joined,
    /// as their ids are written (`ScreenID.canonical`).
    private var acrossSections: [(from: String, to: String)] = []
    /// By box and side: `places[2 * box + side]`.
    private var places = [Places](repeating: Places(), count: 4)

    /// - Complexity: O(n) in the number of changes.
    init(_ changeset: Changeset) {
        let changes = changeset.changes
        var moveCount: Int32 = 0
        var updateCount: Int32 = 0
        var list = list, places = places, screen: Change?, movesMade: [Move] = []
        var across: [(from: String, to: String)] = []
        // What each change says of itself, read once on all cores: read one
        // at a time here, a report's marks would wait for every change to
        // be copied (a change holds whole rows).
        let all = changes.readOnce { $0.facts }
        list.reserveCapacity(changes.count)
        movesMade.reserveCapacity(all.withSpan { all in all.indices.reduce(0) { $0 + (all[$1].op == .move ? 1 : 0) } })
        all.withSpan { all in
            for k in all.indices {
                guard let box = all[k].box else {
                    screen = changes[k]
                    continue
                }
                let op = all[k].op
                var number: Int32 = 0
                switch op {
                case .move:
                    moveCount += 1
                    number = moveCount
                case .update:
                    updateCount += 1
                    number = updateCount
                case .insert, .delete: break
                }
                list.append((number, op, all[k].fields))
                if op != .insert, let from = all[k].from { places[Self.slot(box, .old)].add(list.count - 1, at: from) }
                if op != .delete, let to = all[k].to { places[Self.slot(box, .new)].add(list.count - 1, at: to) }
                if op == .move, let from = all[k].from, let to = all[k].to {
                    var place = -1
                    if let fromSection = all[k].fromSection, let section = all[k].section {
                        place = across.count
                        across.append((fromSection.canonical, section.canonical))
                    }
                    movesMade.append(Move(from: from, to: to, box: box, across: place))
                }
            }
        }
        (self.list, self.places, self.screen, self.moves, self.acrossSections) = (list, places, screen, movesMade, across)
    }

    /// Mark `k` of the list, with its label.
    private func mark(_ k: Int) -> Mark {
        let (number, op, fields) = list[k]
        switch op {
        case .move: return Mark(op: op, fields: fields, label: Label(letter: "M", number: Int(number)))
        case .update: return Mark(op: op, fields: fields, label: Label(letter: "U", number: Int(number)))
        case .insert, .delete: return Mark(op: op, fields: fields, label: nil)
        }
    }

    /// Where `mark`'s change went, if it is a move.
    func move(of mark: Mark) -> Move? {
        guard mark.op == .move, let label = mark.label else { return nil }
        return moves[label.number - 1]
    }

    /// The ids of the section `move` left and the one it joined, as they
    /// are written, when it went across sections.
    func sections(of move: Move) -> (from: String, to: String)? {
        move.isAcrossSections ? acrossSections[move.across] : nil
    }

    private static func slot(_ box: BoxName, _ side: Side) -> Int { (box == .box ? 0 : 2) + (side == .old ? 0 : 1) }

    /// The mark of the section at `section` on `side`.
    func section(_ box: BoxName, _ side: Side, _ section: Int) -> Mark? {
        // Not `.map(mark)`: that closure holds a copy of the marks, made at every call.
        guard let k = places[Self.slot(box, side)].at(section, nil) else { return nil }
        return mark(k)
    }

    /// The mark of the row at `row` of the section at `section` on `side`.
    func row(_ box: BoxName, _ side: Side, _ section: Int, _ row: Int) -> Mark? {
        guard let k = places[Self.slot(box, side)].at(section, row) else { return nil }
        return mark(k)
    }

    /// Where the rows of the section at `section` on `side` are marked: the
    /// place of each row's mark, or -1; rows past its end have none.
    func rowMarks(_ box: BoxName, _ side: Side, _ section: Int) -> [Int32] {
        places[Self.slot(box, side)].rows(section)
    }

    /// Whether the row at `row` of the section at `section` on `side` is marked.
    func hasRow(_ box: BoxName, _ side: Side, _ section: Int, _ row: Int) -> Bool {
        places[Self.slot(box, side)].at(section, row) != nil
    }

    /// True when the section or any of its rows is marked on `side`.
    /// - Complexity: O(k) in the rows of the section up to its last mark.
    func touches(_ box: BoxName, _ side: Side, section: Int) -> Bool {
        places[Self.slot(box, side)].touches(section)
    }
}

extension ChangeMarks {
    /// What the marks read of a change.
    fileprivate struct Facts: Sendable {
        let box: BoxName?
        let op: Change.Operation
        let fields: [FieldChange]
        let from: Position?, to: Position?
        let fromSection: ScreenID?, section: ScreenID?
    }
}

extension Change {
    /// What the marks read, in one look at the record (as the accessors of
    /// `Change` read it): each accessor called in turn would open the
    /// record, and copy it, once for each.
    fileprivate var facts: ChangeMarks.Facts {
        switch self {
        case .screen(let fields):
            ChangeMarks.Facts(box: nil, op: .update, fields: fields, from: nil, to: nil, fromSection: nil, section: nil)
        case .section(let s):
            ChangeMarks.Facts(
                box: s.box, op: s.edit.op, fields: s.edit.fields, from: s.edit.from.map { Position(section: $0) },
                to: s.edit.to.map { Position(section: $0) }, fromSection: nil, section: nil)
        case .row(let r):
            ChangeMarks.Facts(
                box: r.box, op: r.edit.op, fields: r.edit.fields, from: r.edit.from?.position, to: r.edit.to?.position,
                fromSection: r.fromSection, section: r.section)
        }
    }
}
