/// A row: an id, unique within its section, and the component it shows.
public struct Node: Hashable, Sendable {
    public var id: ScreenID
    public var component: Component

    public init(id: ScreenID, component: Component) {
        self.id = id
        self.component = component
    }

    public var jsonValue: JSONValue {
        .object(JSONObject([(key: "id", value: id.value), (key: "component", value: component.jsonValue)]))
    }
}

extension Node: Codable {
    static let memberNames = CodingKeys.allCases.map(\.rawValue)

    enum CodingKeys: String, CodingKey, CaseIterable { case id, component }

    public init(from decoder: any Decoder) throws {
        try MemberCheck.rejectUnknown(in: decoder, allowed: Self.memberNames, what: "row")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(ScreenID.self, forKey: .id)
        component = try c.decode(Component.self, forKey: .component)
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
