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

    /// Where each section's rows start among the box's rows end to end,
    /// and last, how many rows it has in all (`sections.count + 1` entries).
    /// - Complexity: O(n) in the sections.
    var rowStarts: [Int] {
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        for section in sections { starts.append(starts[starts.count - 1] + section.rows.count) }
        return starts
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
