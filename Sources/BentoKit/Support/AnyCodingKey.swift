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
    var jsonPath: String {
        var path = ""
        for key in self {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                if !path.isEmpty { path += "." }
                path += key.stringValue
            }
        }
        return path
    }
}
