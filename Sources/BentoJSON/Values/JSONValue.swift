// Decimal, for Foundation's encoders. FoundationEssentials has it without the
// start-up cost of all of Foundation (see README, Performance).
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value as bento-screen(5) compares it: objects by their members (order
/// does not matter), arrays in order, strings by Unicode code points, numbers
/// by exact mathematical value.
///
/// Component props, screen attributes and structured ids are held as
/// `JSONValue`s. Member order and number text are kept as written, so values
/// are written back out as they came in.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's JSON type, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Whether the value is an object or an array.
    public var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    /// The member `member` of an object (by code points); nil for anything else.
    public subscript(member: String) -> JSONValue? {
        if case .object(let object) = self { return object[member] }
        return nil
    }
}

extension JSONValue: Hashable {
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): CodePoints.equal(x, y)
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x == y
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b): hasher.combine(1 as UInt8); hasher.combine(b)
        case .number(let n): hasher.combine(2 as UInt8); hasher.combine(n)
        case .string(let s): hasher.combine(3 as UInt8); CodePoints.hash(s, into: &hasher)
        case .array(let a): hasher.combine(4 as UInt8); hasher.combine(a)
        case .object(let o): hasher.combine(5 as UInt8); hasher.combine(o)
        }
    }
}

// Not ExpressibleByNilLiteral: `nil` must always mean an absent value.
extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

extension JSONValue: Codable {
    /// Decodes a value from any decoder (Foundation's, in round-trip tests).
    /// Decoded as a value from a tape (`container.decode(JSONValue.self)`),
    /// it is read straight from the text instead (`JSONTapeDecodable`), so
    /// that numbers keep their exact text.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [(key: String, value: JSONValue)] = []
            for key in object.allKeys.sorted(by: { CodePoints.less($0.stringValue, $1.stringValue) }) {
                members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(members))
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let b = try? single.decode(Bool.self) { self = .bool(b) }
            else if let s = try? single.decode(String.self) { self = .string(s) }
            else if let i = try? single.decode(Int.self) { self = .number(JSONNumber(i)) }
            else if let d = try? single.decode(Decimal.self), let n = JSONNumber(d.description) { self = .number(n) }
            else {
                let d = try single.decode(Double.self)
                guard let n = JSONNumber("\(d)") else {
                    throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a JSON number: \(d)")
                }
                self = .number(n)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer(); try c.encode(b)
        case .string(let s):
            var c = encoder.singleValueContainer(); try c.encode(s)
        case .number(let n):
            var c = encoder.singleValueContainer()
            // Foundation's encoders have no exact number type: Decimal keeps 38 digits.
            if let i = n.intValue {
                try c.encode(i)
            } else if let d = Decimal(string: n.text) {
                try c.encode(d)
            } else {
                try c.encode(Double(n.text) ?? 0)
            }
        case .array(let a):
            var c = encoder.unkeyedContainer()
            for e in a { try c.encode(e) }
        case .object(let o):
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            for m in o.members { try c.encode(m.value, forKey: AnyCodingKey(m.key)) }
        }
    }
}
