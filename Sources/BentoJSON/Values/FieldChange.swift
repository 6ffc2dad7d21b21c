/// One leaf difference inside an updated screen, section or node: an RFC 6901
/// JSON Pointer relative to that object, with the old value, the new one, or
/// both (a member added has only `new`, one removed only `old`).
public struct FieldChange: Hashable, Sendable, Codable {
    /// The JSON Pointer of the leaf, relative to the object compared.
    public var path: String
    /// The value before; nil for a member added.
    public var old: JSONValue?
    /// The value after; nil for a member removed.
    public var new: JSONValue?

    /// A change at `path` from `old` to `new` (nil: absent on that side).
    public init(path: String, old: JSONValue?, new: JSONValue?) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// `{"path": …, "old": …, "new": …}`, without the side that is absent.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("path", .string(path))]
        if let old { members.append(("old", old)) }
        if let new { members.append(("new", new)) }
        return .object(JSONObject(members))
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path, old, new

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        // A present `null` is a value here, not an absence.
        old = c.contains(.old) ? try c.decode(JSONValue.self, forKey: .old) : nil
        new = c.contains(.new) ? try c.decode(JSONValue.self, forKey: .new) : nil
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }

    /// A field change read by the one-pass reader: `path`, and `old` and
    /// `new` where present (a present null is a value).
    /// - Throws: for anything else: the caller gives up, and the Codable
    ///   `init(from:)` says what is wrong.
    public init(pull reader: inout JSONPullReader) throws(JSONSyntaxError) {
        try reader.beginObject()
        var path: String?, old: JSONValue?, new: JSONValue?
        while let name = try reader.nextMember() {
            switch reader.key(of: name, among: CodingKeys.all) {
            case .path?:
                let token = try reader.readString()
                path = reader.string(token)
            case .old?: old = try reader.value()
            case .new?: new = try reader.value()
            default: throw reader.unexpected("a field change")
            }
        }
        guard let path else { throw reader.unexpected("a field change") }
        self.init(path: path, old: old, new: new)
    }
}
