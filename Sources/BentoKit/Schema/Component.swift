import BentoJSON

/// A renderable: its `type` (`"IconTitleDetails"`) and every other member
/// (props, style…), which are compared deeply.
public struct Component: Hashable, Sendable {
    /// The renderable's name (`"IconTitleDetails"`).
    public var type: String
    /// The members but `type`, as compact JSON text: see `CompactJSON`.
    var content: CompactJSON

    /// All members but `type`, in the order written. `$`-members are content
    /// here: inside a component nothing is ignored.
    /// - Complexity: reading builds the members from compact text, O(n) in
    ///   their size.
    public var properties: JSONObject {
        get {
            guard case .object(let object) = content.value else { preconditionFailure("properties are an object") }
            return object
        }
        set { content = CompactJSON(.object(newValue)) }
    }

    /// A component of `type` with `properties`.
    public init(type: String, properties: JSONObject = JSONObject()) {
        self.type = type
        self.content = CompactJSON(.object(properties))
    }

    /// The component a JSON object holds: its string `type` and the other
    /// members; nil for any other value.
    public init?(jsonValue: JSONValue) {
        guard case .object(let object) = jsonValue, case .string(let type)? = object["type"] else { return nil }
        self.init(type: type, properties: JSONObject(object.members.filter { !CodePoints.equal($0.key, "type") }))
    }

    /// The type names of the components read, kept once across the
    /// documents read: two rows of the same type, in two files, then have
    /// the same string (`CodePoints.sameBits`).
    static let typeNames = SharedStrings()

    init(type: String, compactProperties: CompactJSON) {
        self.type = type
        self.content = compactProperties
    }

    /// The component as the JSON object it was read from.
    public var jsonValue: JSONValue {
        .object(JSONObject([(key: "type", value: .string(type))] + properties.members))
    }

    /// Writes `jsonValue`, from the kept text, without building the value.
    /// - Complexity: O(n) in the size of the text.
    func writeCompact<Sink: ByteSink>(to out: inout CompactWriter<Sink>) {
        out.open(isObject: true)
        ("type" as StaticString).withSpan { out.name($0, .compact) }
        type.withUTF8Span { out.string($0, .decoded) }
        content.withSpan { out.members(ofCompact: $0) }
        out.close(isObject: true)
    }

    /// The differences from this component to `new`, with paths under
    /// `base`: those of their JSON objects, `type` included, worked out from
    /// the compact texts in place, without building values or copying text.
    /// - Complexity: O(n log n) in the size of the two texts.
    func fieldChanges(to new: Component, at base: String) -> [FieldChange] {
        var changes = content.withSpan { a in
            new.content.withSpan { b in JSONDiff.changes(fromCompact: a, toCompact: b, at: base) }
        }
        if !CodePoints.equal(type, new.type) {
            // `type` is not in the texts: its change goes where its name
            // sorts among the members that changed.
            let depth = JSONPointer(base)!.tokens.count
            let k = changes.firstIndex { CodePoints.less("type", JSONPointer($0.path)!.tokens[depth]) } ?? changes.endIndex
            changes.insert(FieldChange(path: base + "/type", old: .string(type), new: .string(new.type)), at: k)
        }
        return changes
    }

    /// Writes the component as `writer.write(jsonValue)` would, from the
    /// compact text.
    func write(with writer: JSONWriter, to out: inout [UInt8], indent: Int) {
        var object = JSONWriter.Container.object(writer, indent: indent, &out)
        object.member("type", &out)
        JSONWriter.writeString(type, to: &out)
        content.writeMembers(into: &object, to: &out)
        object.close(&out)
    }

    /// True when the two have the same type and the same compact text, and
    /// so are equal; false says nothing (other text may hold an equal value).
    /// - Complexity: O(n) in the size of the text, compared in place.
    func hasSameText(as other: Component) -> Bool {
        CodePoints.equal(type, other.type) && content.sameText(as: other.content)
    }

    /// Equal text is an equal value; other text is compared as canonical
    /// text, without building values (`CompactJSON.sameValue`).
    public static func == (a: Component, b: Component) -> Bool {
        CodePoints.equal(a.type, b.type) && a.content.sameValue(as: b.content)
    }

    public func hash(into hasher: inout Hasher) {
        CodePoints.hash(type, into: &hasher)
        content.hashValue(into: &hasher)
    }

    static func notAnObject(at path: [any CodingKey]) -> SchemaViolation {
        SchemaViolation(path: path, "a component must be an object with a \"type\"")
    }

    static func missingType(at path: [any CodingKey]) -> SchemaViolation {
        SchemaViolation(path: path, "missing member \"type\" in component")
    }

    static func typeNotAString(at path: [any CodingKey], found: String) -> SchemaViolation {
        SchemaViolation(path: path, "expected a string, found \(found)")
    }
}

extension Component: Codable {
    /// The one member a component must have; every other is a prop.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try decoder.singleValueContainer().decode(JSONValue.self) else {
            throw Self.notAnObject(at: decoder.codingPath)
        }
        let key = CodingKeys.type
        guard let type = object[key.stringValue] else { throw Self.missingType(at: decoder.codingPath + [key]) }
        guard case .string(let name) = type else {
            throw Self.typeNotAString(at: decoder.codingPath + [key], found: type.typeName)
        }
        self.init(type: name, properties: JSONObject(object.members.filter { !CodePoints.equal($0.key, key.stringValue) }))
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
