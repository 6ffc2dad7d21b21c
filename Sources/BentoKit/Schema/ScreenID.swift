import BentoJSON

/// The id of a section or a row: a string, an integer, or an array or object
/// built of them (a structured id, as Swift's synthesized Codable writes an
/// enum case with associated values: `{"prescription": {"id": "42"}}`).
///
/// Two ids are equal when their canonical JSON (members sorted, no white
/// space) is equal, so `"1"` and `1` are different ids, and ids compare by
/// code points.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
    /// The id as it appears in the file.
    /// - Complexity: O(n) in the length of a string id, whose value is made
    ///   from its literal each time; O(1) for the others.
    public var value: JSONValue {
        if let structured { return structured }
        return .string(canonical.withUTF8Span { literal in
            let inside = literal.extracting(1..<literal.count - 1)
            return JSONTape.string(inside, escaped: inside.indices.contains { inside[$0] == UInt8(ascii: "\\") })
        })
    }
    /// The value of an id that is not a string; nil for a string, whose
    /// value is read from its literal, `canonical`, when asked for: nearly
    /// every id is a string, and one string per id, not two, is half the
    /// memory, the checking of UTF-8 and the counting of references when
    /// nodes are copied.
    private let structured: JSONValue?
    /// Canonical JSON text: the id's identity.
    public let canonical: String
    /// The hash of the canonical text, worked out once (when the file is
    /// read, on its own thread) rather than each time the engine looks an
    /// id up: see `hash(canonical:)`.
    let hashCode: Int

    /// `hashCode`'s bits, as the interning tables read them.
    var hashBits: UInt64 { UInt64(bitPattern: Int64(hashCode)) }

    /// Makes an id from a JSON value, or nil when the value is not an id
    /// (null, a boolean, a non-integer number, or a structure holding one).
    public init?(_ value: JSONValue) {
        guard let canonical = Self.canonicalize(value) else { return nil }
        self.init(validated: value, canonical: JSONWriter.canonical.string(canonical))
    }

    /// An id whose canonical text is known (a string id read from a file).
    init(validated value: JSONValue, canonical: String) {
        self.init(value: value, canonical: canonical, hashCode: Self.hash(canonical: canonical))
    }

    /// The string id whose literal, written without escapes, is `literal`
    /// (quotes and all, valid UTF-8): that literal is its canonical text,
    /// and is hashed where it lies, not as a string made of it.
    init(unescapedLiteral literal: Span<UInt8>) {
        self.structured = nil
        self.canonical = literal.string
        self.hashCode = WordHash.hash(literal, seed: Self.seed)
    }

    /// A random seed per process, as `Hasher` has: crafted ids cannot be
    /// made to collide from one run to the next.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x6265_6E74_6F)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    /// The hash of canonical text, from its UTF-8 bytes (one per code point:
    /// equal ids, by code points, hash alike): `WordHash`, seeded per process.
    /// - Complexity: O(n) in the length of the text.
    static func hash(canonical: String) -> Int { WordHash.hash(canonical, seed: seed) }

    /// Makes an id from a decoded value, or throws the schema's error.
    init(checking value: JSONValue, at path: [any CodingKey]) throws {
        guard let id = ScreenID(value) else {
            throw SchemaViolation(
                path: path,
                "an id must be a string, an integer, or an array or object of them; found \(Self.describe(value))")
        }
        self = id
    }

    /// The string id `string`.
    public init(_ string: String) {
        // A string's canonical JSON is its literal, as the writer writes it;
        // hashed as it is made (a screen built in code makes one per row).
        let (canonical, hash) = WordHash.quoted(string, seed: Self.seed)
        self.init(value: .string(string), canonical: canonical, hashCode: hash)
    }

    private init(value: JSONValue, canonical: String, hashCode: Int) {
        if case .string = value { self.structured = nil } else { self.structured = value }
        self.canonical = canonical
        self.hashCode = hashCode
    }

    /// Whether two equal ids are also written alike as values: always for
    /// strings (equal canonical text is the same string); structured ids
    /// are compared as values.
    func hasSameValue(as other: ScreenID) -> Bool {
        (structured == nil && other.structured == nil) || value == other.value
    }

    /// Writes `value` as `writer` writes it, a string from its literal
    /// (the one any writer writes) without making the string.
    /// - Complexity: O(n) in the size of the id.
    func write(with writer: JSONWriter, to out: inout [UInt8], indent: Int = 0) {
        guard let structured else { return canonical.withUTF8Span { out.append($0) } }
        writer.write(structured, to: &out, indent: indent)
    }

    /// The integer id `integer`.
    public init(_ integer: Int) {
        self.init(.number(JSONNumber(integer)))!
    }

    /// The id as people read it: canonical JSON, so strings are quoted.
    public var description: String { canonical }

    public static func == (a: ScreenID, b: ScreenID) -> Bool {
        a.hashCode == b.hashCode && CodePoints.equal(a.canonical, b.canonical)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }

    /// The value with integers in canonical form, or nil if it is not an id.
    private static func canonicalize(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .string: return value
        case .number(let n):
            guard n.isWrittenAsInteger else { return nil }
            return .number(JSONNumber(validatedText: n.canonicalIntegerText))
        case .array(let elements):
            var out: [JSONValue] = []
            out.reserveCapacity(elements.count)
            for e in elements {
                guard let c = canonicalize(e) else { return nil }
                out.append(c)
            }
            return .array(out)
        case .object(let object):
            var out: [(key: String, value: JSONValue)] = []
            out.reserveCapacity(object.count)
            for m in object.members {
                guard let c = canonicalize(m.value) else { return nil }
                out.append((m.key, c))
            }
            return .object(JSONObject(out))
        case .null, .bool: return nil
        }
    }
}

extension ScreenID: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(checking: try decoder.singleValueContainer().decode(JSONValue.self), at: decoder.codingPath)
    }

    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }

    fileprivate static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): "the number \(n.text)"
        case .bool(let b): "\(b)"
        case .null: "null"
        default: "\(value.typeName) holding null, a boolean or a non-integer number"
        }
    }
}
