/// A coding key for any member name or array index.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The member name, or the index as text.
    public let stringValue: String
    /// The array index, for an element.
    public let intValue: Int?

    /// The key of the member `string`.
    public init(_ string: String) { stringValue = string; intValue = nil }
    public init?(stringValue: String) { self.init(stringValue) }
    public init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    /// The same key as `key`, of any key type.
    public init(_ key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }

    public static func == (a: AnyCodingKey, b: AnyCodingKey) -> Bool {
        a.intValue == b.intValue && CodePoints.equal(a.stringValue, b.stringValue)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(intValue)
        CodePoints.hash(stringValue, into: &hasher)
    }
}

extension Array where Element == any CodingKey {
    /// The path as bento-screen(5) writes it: `box.sections[2].rows[0].component`.
    /// A member name that would make the path ambiguous (empty, or holding
    /// `.`, `[`, `]`, a quote, a backslash, white space or a control
    /// character) is written in brackets as a JSON string, as jq does:
    /// `props["a.b"]`, `props[""]`.
    /// A long run of the same step (deep nesting: `[0][0][0]…`) is written
    /// once with its count, `[0]…(×504)`, so the message stays one readable line.
    public var jsonPath: String {
        var path = ""
        var k = 0
        while k < count {
            let step = Self.step(self[k], first: path.isEmpty)
            var run = 1
            while k + run < count, Self.step(self[k + run], first: false) == step { run += 1 }
            if run > 8 {
                path += step + "…(×\(run))"
            } else {
                for r in 0..<run { path += r == 0 ? step : Self.step(self[k + r], first: false) }
            }
            k += run
        }
        return path
    }

    private static func step(_ key: any CodingKey, first: Bool) -> String {
        if let index = key.intValue { return "[\(index)]" }
        if isPlainName(key.stringValue) { return (first ? "" : ".") + key.stringValue }
        return "[\(JSONWriter.quoted(key.stringValue))]"
    }
}

private func isPlainName(_ name: String) -> Bool {
    !name.isEmpty
        && !name.unicodeScalars.contains { scalar in
            switch scalar {
            case ".", "[", "]", "\"", "\\": true
            default: scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            }
        }
}
