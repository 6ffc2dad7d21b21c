import BentoJSON

/// A screen and the text it was read from, with where each of its parts is
/// written: what a write that keeps the person's file edits (contract
/// section 7), and what a merge copies THEIRS' additions from.
///
/// Sections and rows are found by position (the model's i-th section is
/// the text's i-th) and, when asked for by id, through indices made the
/// first time they are needed: a screen whose parts stay where they were
/// is never hashed. (Read on one thread and edited on another, never by
/// two at once: the indices are its only mutable state.)
public final class ScreenText: @unchecked Sendable {
    /// The screen.
    public let screen: Screen
    /// The parsed text: every value's place.
    public let tape: JSONTape
    /// Each box's object and its sections' objects, by box.
    private var boxes: [BoxName: (object: Int, sections: [Int])] = [:]
    private var sectionIndex: [BoxName: [ScreenID: Int]] = [:]
    private var rowIndex: [BoxName: [Int: [ScreenID: Int]]] = [:]
    private var rowEntries: [BoxName: [Int: [Int]]] = [:]
    private var rowsAnywhere: [BoxName: [ScreenID: (section: Int, row: Int)?]] = [:]

    /// Reads `source` as a screen and keeps its text.
    /// - Throws: a `Diagnostic` for text that is not a valid screen.
    /// - Complexity: O(n) in the size of the text.
    public init(_ source: SourceText) throws(Diagnostic) {
        (screen, tape) = try JSONDecoding.decode(Screen.self, from: source)
        let root = 0
        if screen.shape == .box {
            boxes[.box] = box(at: root)
        } else {
            for name in BoxName.allCases {
                if let member = tape.member(name.rawValue, in: root) { boxes[name] = box(at: member + 1) }
            }
        }
    }

    private func box(at object: Int) -> (object: Int, sections: [Int]) {
        guard let sections = tape.member("sections", in: object) else { return (object, []) }
        return (object, Array(tape.elements(of: sections + 1)))
    }

    /// The text's bytes.
    public var bytes: [UInt8] { tape.source.bytes }

    /// The members of the object at `entry`: each name's entry and value's.
    func members(of entry: Int) -> [(name: Int, value: Int)] { Array(tape.members(of: entry)) }

    /// The name of the member whose name is at `entry`.
    func name(at entry: Int) -> String { tape.string(at: entry) }

    /// The document's object when it is a Screen (a Box-form document has
    /// no attributes).
    var rootObject: Int? { screen.shape == .screen ? 0 : nil }

    /// The object of box `name`; nil when the text has none.
    func boxObject(_ name: BoxName) -> Int? { boxes[name]?.object }

    /// The object of section `i` of box `name`.
    func section(_ name: BoxName, _ i: Int) -> Int { boxes[name]!.sections[i] }

    /// The `rows` array of section `i` of box `name`, if written.
    func rowsArray(_ name: BoxName, _ i: Int) -> Int? { tape.member("rows", in: section(name, i)).map { $0 + 1 } }

    /// The objects of the rows of section `i` of box `name`.
    func rows(_ name: BoxName, _ i: Int) -> [Int] {
        if let rows = rowEntries[name]?[i] { return rows }
        let rows = rowsArray(name, i).map { Array(tape.elements(of: $0)) } ?? []
        rowEntries[name, default: [:]][i] = rows
        return rows
    }

    /// The index of the section `id` of box `name`.
    func sectionIndex(_ name: BoxName, _ id: ScreenID) -> Int? {
        if sectionIndex[name] == nil {
            var index: [ScreenID: Int] = [:]
            for (i, section) in screen[box: name].sections.enumerated() { index[section.id] = i }
            sectionIndex[name] = index
        }
        return sectionIndex[name]![id]
    }

    /// The index of row `id` in section `i` of box `name`.
    func rowIndex(_ name: BoxName, _ i: Int, _ id: ScreenID) -> Int? {
        if rowIndex[name]?[i] == nil {
            var index: [ScreenID: Int] = [:]
            for (r, node) in screen[box: name].sections[i].rows.enumerated() { index[node.id] = r }
            rowIndex[name, default: [:]][i] = index
        }
        return rowIndex[name]![i]![id]
    }

    /// Where row `id` is in box `name`, when it is in exactly one section.
    func rowAnywhere(_ name: BoxName, _ id: ScreenID) -> (section: Int, row: Int)? {
        if rowsAnywhere[name] == nil {
            var index: [ScreenID: (section: Int, row: Int)?] = [:]
            for (i, section) in screen[box: name].sections.enumerated() {
                for (r, node) in section.rows.enumerated() {
                    if index[node.id] == nil { index[node.id] = (i, r) } else { index[node.id] = .some(nil) }
                }
            }
            rowsAnywhere[name] = index
        }
        return rowsAnywhere[name]![id] ?? nil
    }

    /// Where row `id` of the section `section` of box `name` is: in that
    /// section, else anywhere in the box.
    func find(row id: ScreenID, in section: ScreenID, _ name: BoxName) -> (section: Int, row: Int)? {
        if let i = sectionIndex(name, section), let r = rowIndex(name, i, id) { return (i, r) }
        return rowAnywhere(name, id)
    }
}
