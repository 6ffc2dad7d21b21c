/// A list of sections: the screen's scrolling content, or the part pinned to
/// the bottom.
public struct Box: Hashable, Sendable {
    public var sections: [Section]

    public init(sections: [Section] = []) {
        self.sections = sections
    }

    public var jsonValue: JSONValue {
        .object(JSONObject([(key: "sections", value: .array(sections.map(\.jsonValue)))]))
    }
}

extension Box: Codable {
    static let memberNames = CodingKeys.allCases.map(\.rawValue)

    enum CodingKeys: String, CodingKey, CaseIterable { case sections }

    public init(from decoder: any Decoder) throws {
        try MemberCheck.rejectUnknown(in: decoder, allowed: Self.memberNames, what: "box")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sections = try c.decode([Section].self, forKey: .sections)
        try MemberCheck.rejectDuplicateIDs(
            sections.map(\.id), path: decoder.codingPath, member: "sections", what: "section")
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
