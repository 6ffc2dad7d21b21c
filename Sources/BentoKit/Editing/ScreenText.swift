import BentoJSON

/// A screen and the text it was read from, with where each of its parts is
/// written: what a write that keeps the person's file edits (contract
/// section 7), and what a merge copies THEIRS' additions from.
///
/// Sections and rows are found by position (the model's i-th section is
/// the text's i-th) and by id: sections and rows through indices made once,
/// a row in its own section by a scan from where the walk is (sections are
/// short, and most rows stay where they were). Immutable once made, it is
/// read from several threads at once.
public final class ScreenText: Sendable {
    /// The screen.
    public let screen: Screen
    /// The parsed text: every value's place.
    public let tape: JSONTape
    /// The sections of each box, held apart from the screen so that a
    /// look-up does not copy a box.
    private let boxSections: [Section], pinnedSections: [Section]
    /// Each box's object and its sections' objects and rows' objects.
    private let boxes: [BoxName: Layout]
    /// Each box's sections, by id.
    private let sectionIndex: [BoxName: [ScreenID: Int]]
    /// Each box's rows that are in one section only, by id.
    private let rowIndex: [BoxName: [ScreenID: (section: Int, row: Int)]]

    /// Where a box is written.
    private struct Layout {
        var object: Int
        var sections: [Int]
        var rowsArrays: [Int?]
        var rows: [[Int]]
    }

    /// Reads `source` as a screen and keeps its text.
    /// - Throws: a `Diagnostic` for text that is not a valid screen.
    /// - Complexity: O(n) in the size of the text, and the hashing of every
    ///   section and row id.
    public init(_ source: SourceText) throws(Diagnostic) {
        let (screen, tape) = try JSONDecoding.decode(Screen.self, from: source)
        self.screen = screen
        self.tape = tape
        boxSections = screen.box.sections
        pinnedSections = screen.pinnedToBottomBox?.sections ?? []
        func layout(_ object: Int) -> Layout {
            guard let sections = tape.member("sections", in: object) else { return Layout(object: object, sections: [], rowsArrays: [], rows: []) }
            let entries = Array(tape.elements(of: sections + 1))
            let rowsArrays = entries.map { tape.member("rows", in: $0).map { $0 + 1 } }
            return Layout(
                object: object, sections: entries, rowsArrays: rowsArrays,
                rows: rowsArrays.map { $0.map { Array(tape.elements(of: $0)) } ?? [] })
        }
        var boxes: [BoxName: Layout] = [:]
        if screen.shape == .box {
            boxes[.box] = layout(0)
        } else {
            for name in BoxName.allCases {
                if let member = tape.member(name.rawValue, in: 0) { boxes[name] = layout(member + 1) }
            }
        }
        self.boxes = boxes
        var sectionIndex: [BoxName: [ScreenID: Int]] = [:], rowIndex: [BoxName: [ScreenID: (section: Int, row: Int)]] = [:]
        for name in BoxName.allCases {
            let sections = name == .box ? boxSections : pinnedSections
            var bySection: [ScreenID: Int] = [:], byRow: [ScreenID: (section: Int, row: Int)] = [:]
            bySection.reserveCapacity(sections.count)
            byRow.reserveCapacity(sections.reduce(0) { $0 + $1.rows.count })
            var twice: Set<ScreenID> = []
            for (i, section) in sections.enumerated() {
                bySection[section.id] = i
                for (r, node) in section.rows.enumerated() where byRow.updateValue((i, r), forKey: node.id) != nil {
                    twice.insert(node.id)
                }
            }
            for id in twice { byRow[id] = nil }
            sectionIndex[name] = bySection
            rowIndex[name] = byRow
        }
        self.sectionIndex = sectionIndex
        self.rowIndex = rowIndex
    }

    /// The members of the object at `entry`: each name's entry and value's.
    func members(of entry: Int) -> [(name: Int, value: Int)] { Array(tape.members(of: entry)) }

    /// The name of the member whose name is at `entry`.
    func name(at entry: Int) -> String { tape.string(at: entry) }

    /// The sections of box `name` (none for a missing box).
    func sections(_ name: BoxName) -> [Section] { name == .box ? boxSections : pinnedSections }

    /// The document's object when it is a Screen (a Box-form document has
    /// no attributes).
    var rootObject: Int? { screen.shape == .screen ? 0 : nil }

    /// The object of box `name`; nil when the text has none.
    func boxObject(_ name: BoxName) -> Int? { boxes[name]?.object }

    /// The object of section `i` of box `name`.
    func section(_ name: BoxName, _ i: Int) -> Int { boxes[name]!.sections[i] }

    /// The `rows` array of section `i` of box `name`, if written.
    func rowsArray(_ name: BoxName, _ i: Int) -> Int? { boxes[name]!.rowsArrays[i] }

    /// The objects of the rows of section `i` of box `name`.
    func rows(_ name: BoxName, _ i: Int) -> [Int] { boxes[name]!.rows[i] }

    /// The index of the section `id` of box `name`.
    func sectionIndex(_ name: BoxName, _ id: ScreenID) -> Int? { sectionIndex[name]![id] }

    /// Where row `id` of the section `section` of box `name` is: in that
    /// section (scanned from row `near`), else anywhere in the box where it
    /// is in one section only.
    /// - Complexity: O(r) in the section's rows, then O(1).
    func find(row id: ScreenID, in section: ScreenID, _ name: BoxName, near: Int = 0) -> (section: Int, row: Int)? {
        if let i = sectionIndex(name, section) {
            let rows = sections(name)[i].rows
            let start = min(max(near, 0), rows.count)
            if let r = rows[start...].firstIndex(where: { $0.id == id }) ?? rows[..<start].firstIndex(where: { $0.id == id }) {
                return (i, r)
            }
        }
        return rowIndex[name]![id]
    }
}
