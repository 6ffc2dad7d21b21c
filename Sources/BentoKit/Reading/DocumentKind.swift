import BentoJSON

/// What a JSON document is, by its top-level members: a screen (`box`, or
/// a bare box's `sections`) or a changeset (`version` and `changes`).
///
/// bento reads both kinds, and each command expects one. A file of the
/// other kind given in its place is named as such, with how to make or use
/// it, rather than reported by its first member that does not fit.
enum DocumentKind {
    case screen
    case changeset

    /// The kind of the document in `tape`, if its top-level members say.
    /// - Complexity: O(m) in the document's members.
    static func of(_ tape: JSONTape) -> DocumentKind? {
        guard tape.kind(0) == .object else { return nil }
        let names = Set(tape.members(of: 0).map { tape.string(at: $0.name) })
        if names.contains("version") && names.contains("changes") && !names.contains("box") { return .changeset }
        if names.contains("box") || names == ["sections"] { return .screen }
        return nil
    }

    /// `decode`'s value; when it fails on a document of the other kind,
    /// that is what the error says, at the document's start.
    /// - Complexity: as `decode`, plus O(m) in the top-level members on failure.
    static func expecting<T>(_ kind: DocumentKind, in tape: JSONTape, _ decode: (JSONTape) throws(Diagnostic) -> T)
        throws(Diagnostic) -> T
    {
        do {
            return try decode(tape)
        } catch {
            guard let found = of(tape), found != kind else { throw error }
            throw mistaken(found, tape)
        }
    }

    /// A screen where a changeset is expected, or the other way round.
    private static func mistaken(_ found: DocumentKind, _ tape: JSONTape) -> Diagnostic {
        let name = tape.source.name
        let message =
            switch found {
            case .screen: "\(name) is a screen, not a changeset: make one with bento diff -f json OLD NEW"
            case .changeset: "\(name) is a changeset, not a screen: apply it to its screen with bento apply OLD \(name)"
            }
        return Diagnostic(file: name, location: tape.source.location(ofByte: tape.range(of: 0).lowerBound), message: message)
    }
}

extension Screen {
    /// The screen in `tape` (the Codable path, which says what is wrong);
    /// a changeset is named as one.
    /// - Complexity: O(n) in the size of the tape.
    static func decoded(from tape: JSONTape) throws(Diagnostic) -> Screen {
        try DocumentKind.expecting(.screen, in: tape) { tape throws(Diagnostic) in try JSONDecoding.decode(Screen.self, from: tape) }
    }

    /// The screen in `source`, parsed, and its tape.
    /// - Complexity: O(n) in the size of the source.
    static func decoded(from source: SourceText) throws(Diagnostic) -> (value: Screen, tape: JSONTape) {
        let tape = try JSONDecoding.parse(source)
        return (try decoded(from: tape), tape)
    }
}

extension Changeset {
    /// The changeset in `source`, parsed, and its tape; a screen is named
    /// as one.
    /// - Complexity: O(n) in the size of the source.
    static func decoded(from source: SourceText) throws(Diagnostic) -> (value: Changeset, tape: JSONTape) {
        let tape = try JSONDecoding.parse(source)
        let changeset = try DocumentKind.expecting(.changeset, in: tape) { tape throws(Diagnostic) in
            try JSONDecoding.decode(Changeset.self, from: tape)
        }
        return (changeset, tape)
    }
}
