import BentoJSON

/// A JSON changeset read from a file, with what is needed to point at its
/// lines: a record that does not fit the screen it is applied to is
/// reported at its line and column in the changeset file.
public struct ChangesetDocument: Sendable {
    /// The changeset read.
    public let changeset: Changeset
    /// Where the text is, to locate records: read in one pass, it is not
    /// kept parsed, and is parsed again only for a diagnostic.
    private let text: Text

    private enum Text: Sendable {
        /// Parsed, by the reader that found a problem with its form.
        case parsed(JSONTape)
        /// Read, but not parsed (standard input cannot be read again).
        case read(SourceText)
        /// A regular file, read again when a record must be located.
        case file(FilePath)
    }

    private init(_ changeset: Changeset, text: Text) {
        (self.changeset, self.text) = (changeset, text)
    }

    /// Reads a changeset written by `bento diff --format json`.
    /// - Throws: a `Diagnostic` for text that is not JSON or not a changeset.
    /// - Complexity: O(n) in the size of the source.
    public init(_ source: SourceText) throws(Diagnostic) {
        if let changeset = ScreenPullDecoder.changeset(in: source.bytes) {
            self.init(changeset, text: .read(source))
        } else {
            let (changeset, tape) = try Changeset.decoded(from: source)
            self.init(changeset, text: .parsed(tape))
        }
    }

    /// Reads the changeset at `path` (`-` for standard input).
    ///
    /// A regular file is mapped and read in one pass, handing its pages
    /// back as it goes (`MappedFile`): neither its text nor a parse of it
    /// is held while the changeset is applied. A file with a problem is
    /// read again, whole, for the diagnostic.
    /// - Throws: as `init(_:)`, and for a file that cannot be read.
    /// - Complexity: O(n) in the size of the file.
    public init(path: FilePath) throws(Diagnostic) {
        if let file = MappedFile(path), let changeset = ScreenPullDecoder.changeset(in: file) {
            self.init(changeset, text: .file(path))
        } else {
            try self.init(try InputFile.read(path))
        }
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
    /// from (see `ChangesetApplier.applyTracingRows`); `checked` is called
    /// once every record is checked, before the new screen is built.
    /// - Throws: as `apply`.
    /// - Complexity: as `ChangesetApplier.apply`.
    public func applyTracingRows(to old: Screen, oldName: String, checked: () -> Void = {}) throws(Diagnostic)
        -> (screen: Screen, origins: RowOrigins)
    {
        do {
            return try ChangesetApplier.applyTracingRows(changeset, to: old, oldName: oldName, checked: checked)
        } catch {
            throw JSONDecoding.diagnostic(for: SchemaViolation(path: error.path, error.message), in: try tape())
        }
    }

    /// About how many bytes of `old`'s rows the changeset changes through
    /// their value trees (a row with many field changes, or one outside its
    /// component's props): what applying it builds beyond the screens, as
    /// a tree of a row weighs many times its text.
    /// - Complexity: O(c) in the records.
    public func valueTreeBytes(in old: Screen) -> Int {
        var bytes = 0
        for change in changeset.changes {
            guard case .row(let record) = change, let from = record.edit.from, !record.edit.fields.isEmpty,
                record.edit.fields.count > ChangesetApplication.fieldsOnText
                    || record.edit.fields.contains(where: { !$0.path.hasPrefix("/component/") })
            else { continue }
            let sections = old[box: record.box].sections
            guard sections.indices.contains(from.section), sections[from.section].rows.indices.contains(from.row) else { continue }
            bytes += sections[from.section].rows[from.row].component.content.count
        }
        return bytes
    }

    /// The text parsed, to locate a record.
    private func tape() throws(Diagnostic) -> JSONTape {
        switch text {
        case .parsed(let tape): tape
        case .read(let source): try JSONDecoding.parse(source)
        case .file(let path): try JSONDecoding.parse(try InputFile.read(path))
        }
    }
}
