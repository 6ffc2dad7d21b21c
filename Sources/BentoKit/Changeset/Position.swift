import BentoJSON

/// Where a section or row stands in one file: 0-based indices, the section
/// within its box and, for a row, the row within its section.
public struct Position: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The section's index in its box.
    public var section: Int
    /// The row's index in its section; nil for a section's position.
    public var row: Int?

    /// The position of section `section`, or of row `row` in it.
    public init(section: Int, row: Int? = nil) {
        self.section = section
        self.row = row
    }

    /// A row's position as a `RowPosition`; nil for a section's.
    public var rowPosition: RowPosition? { row.map { RowPosition(section: section, row: $0) } }

    /// Section first, then row.
    public static func < (a: Position, b: Position) -> Bool {
        (a.section, a.row ?? -1) < (b.section, b.row ?? -1)
    }

    /// `[2]` for a section, `[2, 0]` for a row.
    public var description: String {
        row.map { "[\(section), \($0)]" } ?? "[\(section)]"
    }

    /// `{"section": 2}` or `{"section": 2, "row": 0}`.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("section", .number(JSONNumber(section)))]
        if let row { members.append(("row", .number(JSONNumber(row)))) }
        return .object(JSONObject(members))
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case section, row

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }
}
