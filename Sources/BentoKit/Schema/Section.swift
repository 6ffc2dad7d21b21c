/// A section of a box: an id, unique within the box, an optional header and
/// footer, and its rows.
public struct Section: Hashable, Sendable {
    public var id: ScreenID
    public var header: Component?
    public var footer: Component?
    public var rows: [Node]

    public init(id: ScreenID, header: Component? = nil, footer: Component? = nil, rows: [Node] = []) {
        self.id = id
        self.header = header
        self.footer = footer
        self.rows = rows
    }

    /// The section without its rows: what a section `update` compares.
    /// A missing header or footer is the same as null, so both are left out.
    public var fieldsValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", id.value)]
        if let header { members.append(("header", header.jsonValue)) }
        if let footer { members.append(("footer", footer.jsonValue)) }
        return .object(JSONObject(members))
    }

    /// The whole section: `id`, `header` and `footer` when present, `rows`.
    public var jsonValue: JSONValue {
        guard case .object(var object) = fieldsValue else { return fieldsValue }
        object["rows"] = .array(rows.map(\.jsonValue))
        return .object(object)
    }
}

extension Section: Codable {
    static let memberNames = CodingKeys.allCases.map(\.rawValue)

    enum CodingKeys: String, CodingKey, CaseIterable { case id, header, footer, rows }

    public init(from decoder: any Decoder) throws {
        try MemberCheck.rejectUnknown(in: decoder, allowed: Self.memberNames, what: "section")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(ScreenID.self, forKey: .id)
        header = try c.decodeIfPresent(Component.self, forKey: .header)
        footer = try c.decodeIfPresent(Component.self, forKey: .footer)
        rows = c.contains(.rows) ? try c.decode([Node].self, forKey: .rows) : []
        try MemberCheck.rejectDuplicateIDs(rows.map(\.id), path: decoder.codingPath, member: "rows", what: "row")
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
