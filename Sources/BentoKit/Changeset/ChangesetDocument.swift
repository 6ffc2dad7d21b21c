import BentoJSON

/// A JSON changeset read from a file, with what is needed to point at its
/// lines: a record that does not fit the screen it is applied to is
/// reported at its line and column in the changeset file.
public struct ChangesetDocument: Sendable {
    /// The changeset read.
    public let changeset: Changeset
    /// The parsed text, to locate records.
    private let tape: JSONTape

    /// Reads a changeset written by `bento diff --format json`.
    /// - Throws: a `Diagnostic` for text that is not JSON or not a changeset.
    /// - Complexity: O(n) in the size of the source.
    public init(_ source: SourceText) throws(Diagnostic) {
        (changeset, tape) = try JSONDecoding.decode(Changeset.self, from: source)
    }

    /// The changeset applied to `old` (see `ChangesetApplier`).
    /// - Parameter oldName: how messages name the old screen.
    /// - Throws: a `Diagnostic` at the line and column of the first record
    ///   that does not fit `old`.
    /// - Complexity: as `ChangesetApplier.apply`.
    public func apply(to old: Screen, oldName: String) throws(Diagnostic) -> Screen {
        try applyTracingRows(to: old, oldName: oldName).screen
    }

    /// The changeset applied to `old`, and where the new screen's rows come
    /// from (see `ChangesetApplier.applyTracingRows`).
    /// - Throws: as `apply`.
    /// - Complexity: as `ChangesetApplier.apply`.
    public func applyTracingRows(to old: Screen, oldName: String) throws(Diagnostic) -> (screen: Screen, origins: RowOrigins) {
        do {
            return try ChangesetApplier.applyTracingRows(changeset, to: old, oldName: oldName)
        } catch {
            throw JSONDecoding.diagnostic(for: SchemaViolation(path: error.path, error.message), in: tape)
        }
    }
}
