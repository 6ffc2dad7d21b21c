import BentoJSON

/// A changeset that does not fit the screen it is applied to: a record
/// whose `from` side (an id at its position, the old value of a delete or a
/// field) is not what the old screen holds, or positions that do not add up.
///
/// It names the place in the changeset (`changes[3].from`), so that a reader
/// of the changeset file can point at its line and column.
public struct ChangesetMismatch: Error, Sendable, CustomStringConvertible {
    /// The path in the changeset document: `changes`, the record's index,
    /// then the member at fault.
    public let path: [AnyCodingKey]
    /// What does not fit, in words.
    public let message: String

    /// A mismatch at `path` in the changeset document.
    public init(_ path: [AnyCodingKey], _ message: String) {
        self.path = path
        self.message = message
    }

    /// `changes[3].from: message`
    public var description: String {
        "\((path as [any CodingKey]).jsonPath): \(message)"
    }
}
