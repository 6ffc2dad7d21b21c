/// A renderable: its `type` (`"IconTitleDetails"`) and every other member
/// (props, style…), which are compared deeply.
public struct Component: Hashable, Sendable {
    public var type: String
    /// All members but `type`, in the order written. `$`-members are content
    /// here: inside a component nothing is ignored.
    public var properties: JSONObject

    public init(type: String, properties: JSONObject = JSONObject()) {
        self.type = type
        self.properties = properties
    }

    /// The component as the JSON object it was read from.
    public var jsonValue: JSONValue {
        .object(JSONObject([(key: "type", value: .string(type))] + properties.members))
    }

    public static func == (a: Component, b: Component) -> Bool {
        CodePoints.equal(a.type, b.type) && a.properties == b.properties
    }

    public func hash(into hasher: inout Hasher) {
        CodePoints.hash(type, into: &hasher)
        hasher.combine(properties)
    }
}

extension Component: Codable {
    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw SchemaViolation(path: decoder.codingPath, "a component must be an object with a \"type\"")
        }
        guard let type = object["type"] else {
            throw SchemaViolation(
                path: decoder.codingPath + [AnyCodingKey("type")], "missing member \"type\" in component")
        }
        guard case .string(let name) = type else {
            throw SchemaViolation(
                path: decoder.codingPath + [AnyCodingKey("type")], "expected a string, found \(type.typeName)")
        }
        self.type = name
        self.properties = JSONObject(object.members.filter { !CodePoints.equal($0.key, "type") })
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
