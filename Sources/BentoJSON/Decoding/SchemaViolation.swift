/// A document that breaks a rule of its schema: a missing, unknown or
/// mistyped member, a bad value, a value given twice where it must be unique.
///
/// It names the JSON path; the reader turns the path into a line and column.
public struct SchemaViolation: Error, Sendable, CustomStringConvertible {
    /// The coding path of the value at fault.
    public let path: [AnyCodingKey]
    /// What is wrong, in words.
    public let message: String
    /// Point at the member's name rather than its value (unknown members).
    public let atMemberName: Bool
    /// A second place that takes part, e.g. the first of two equal ids.
    public let relatedPath: [AnyCodingKey]?

    /// A violation at `path`; see the properties for the rest.
    public init(
        path: [any CodingKey], _ message: String, atMemberName: Bool = false, relatedPath: [any CodingKey]? = nil
    ) {
        self.path = path.map(AnyCodingKey.init)
        self.message = message
        self.atMemberName = atMemberName
        self.relatedPath = relatedPath?.map(AnyCodingKey.init)
    }

    public var description: String {
        path.isEmpty ? message : "\((path as [any CodingKey]).jsonPath): \(message)"
    }
}
