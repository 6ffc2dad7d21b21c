/// A coding key for any member name or array index.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public let intValue: Int?

    public init(_ string: String) { stringValue = string; intValue = nil }
    public init?(stringValue: String) { self.init(stringValue) }
    public init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
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
    /// The path as the contract writes it: `box.sections[2].rows[0].component`.
    /// A member name that would make the path ambiguous (empty, or holding
    /// `.`, `[`, `]`, a quote, a backslash, white space or a control
    /// character) is written in brackets as a JSON string, as jq does:
    /// `props["a.b"]`, `props[""]`.
    var jsonPath: String {
        var path = ""
        for key in self {
            if let index = key.intValue {
                path += "[\(index)]"
            } else if isPlainName(key.stringValue) {
                if !path.isEmpty { path += "." }
                path += key.stringValue
            } else {
                path += "[\(JSONWriter.quoted(key.stringValue))]"
            }
        }
        return path
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
