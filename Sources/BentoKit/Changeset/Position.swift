import BentoJSON

/// Where a section or row stands in one file: 0-based indices, the section
/// within its box and, for a row, the row within its section.
public struct Position: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var section: Int
    public var row: Int?

    public init(section: Int, row: Int? = nil) {
        self.section = section
        self.row = row
    }

    /// Section first, then row.
    public static func < (a: Position, b: Position) -> Bool {
        (a.section, a.row ?? -1) < (b.section, b.row ?? -1)
    }

    /// `[2]` for a section, `[2, 0]` for a row.
    public var description: String {
        row.map { "[\(section), \($0)]" } ?? "[\(section)]"
    }

    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("section", .number(JSONNumber(section)))]
        if let row { members.append(("row", .number(JSONNumber(row)))) }
        return .object(JSONObject(members))
    }

    enum CodingKeys: String, CodingKey { case section, row }
}
