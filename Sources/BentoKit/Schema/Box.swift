import BentoJSON

/// A list of sections: the screen's scrolling content, or the part pinned to
/// the bottom.
public struct Box: Hashable, Sendable {
    /// The sections, in order; their ids are unique in the box.
    public var sections: [Section]

    /// A box of `sections`.
    public init(sections: [Section] = []) {
        self.sections = sections
    }

    /// `{"sections": […]}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([(key: "sections", value: .array(sections.map(\.jsonValue)))]))
    }
}

extension Box: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case sections

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    public init(from decoder: any Decoder) throws {
        try MemberCheck.rejectUnknown(in: decoder, allowed: CodingKeys.self, what: "box")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sections = try c.decode([Section].self, forKey: .sections)
        try MemberCheck.rejectDuplicateIDs(
            sections.map(\.id), path: decoder.codingPath, member: "sections", what: "section")
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
