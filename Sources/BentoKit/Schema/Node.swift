import BentoJSON

/// A row: an id, unique within its section, and the component it shows.
public struct Node: Hashable, Sendable {
    /// The row's id, unique in its section.
    public var id: ScreenID
    /// What the row shows.
    public var component: Component

    /// A row `id` showing `component`.
    public init(id: ScreenID, component: Component) {
        self.id = id
        self.component = component
    }

    /// `component.hasSameText(as:)` for two rows lent in place
    /// (`Array.withSpan`): their bits and bytes are read where they are and
    /// nothing is copied, so no reference is counted up and down (a screen's
    /// rows share a few blocks of text and their type names, and counting
    /// them from every core at once costs more than comparing).
    @inline(__always)
    static func haveSameComponentText(_ a: borrowing Node, _ b: borrowing Node) -> Bool {
        guard CodePoints.sameBits(a.component.type, b.component.type) else {
            return a.component.hasSameText(as: b.component)
        }
        return a.component.content.sameText(as: b.component.content)
    }

    /// `{"id": …, "component": …}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([(key: "id", value: id.value), (key: "component", value: component.jsonValue)]))
    }

    /// `jsonValue` as compact text (`CompactJSON`'s form), made without
    /// building the value: how a new row is handed to the editing writer.
    /// - Complexity: O(n) in the size of the component's text.
    var compactText: [UInt8] {
        var id: [UInt8] = []
        self.id.write(with: JSONWriter(style: .compact), to: &id)
        var out = CompactWriter<[UInt8]>([])
        out.open(isObject: true)
        ("id" as StaticString).withSpan { out.name($0, .compact) }
        id.withSpan { out.value(compact: $0) }
        ("component" as StaticString).withSpan { out.name($0, .compact) }
        component.writeCompact(to: &out)
        out.close(isObject: true)
        return out.bytes
    }
}

extension Node: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, component

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    public init(from decoder: any Decoder) throws {
        try MemberCheck.rejectUnknown(in: decoder, allowed: CodingKeys.self, what: "row")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(ScreenID.self, forKey: .id)
        component = try c.decode(Component.self, forKey: .component)
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
