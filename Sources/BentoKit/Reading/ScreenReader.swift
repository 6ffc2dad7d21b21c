/// Reads a screen document: JSON text → tape → the Codable schema.
///
/// Every error becomes a `Diagnostic` with the file, line and column, and the
/// JSON path where there is one.
public enum ScreenReader {
    /// Parses and decodes a screen.
    /// - Complexity: O(n) in the size of the source.
    public static func read(_ source: SourceText) throws(Diagnostic) -> Screen {
        try decode(Screen.self, from: source)
    }

    /// Reads `path` (or standard input for `-`) as a screen.
    public static func read(path: String) throws(Diagnostic) -> Screen {
        try read(try InputFile.read(path))
    }

    /// Reads a screen and the JSON document it is written as (with its `$`
    /// members, explicit nulls and numbers as written), from one parse.
    /// - Complexity: O(n) in the size of the source.
    public static func readDocument(_ source: SourceText) throws(Diagnostic) -> (screen: Screen, document: JSONValue) {
        let (screen, tape) = try decodeKeepingTape(Screen.self, from: source)
        return (screen, tape.value(at: 0))
    }

    /// Reads `path` (or standard input for `-`) as a screen and its document.
    public static func readDocument(path: String) throws(Diagnostic) -> (screen: Screen, document: JSONValue) {
        try readDocument(try InputFile.read(path))
    }

    /// Parses `source` and decodes a `T` from it through the tape decoder.
    public static func decode<T: Decodable>(_ type: T.Type, from source: SourceText) throws(Diagnostic) -> T {
        try decodeKeepingTape(type, from: source).value
    }

    /// Decodes a `T` and keeps the tape, to locate errors found later (a
    /// changeset that does not fit its screen) at a line and column.
    static func decodeKeepingTape<T: Decodable>(_ type: T.Type, from source: SourceText) throws(Diagnostic) -> (
        value: T, tape: JSONTape
    ) {
        let tape: JSONTape
        do {
            tape = try JSONReader.parse(source)
        } catch {
            throw Diagnostic(
                file: source.name, location: source.location(ofByte: error.offset),
                path: SyntaxErrorPath.path(in: source.bytes, at: error.offset), message: error.message)
        }
        do {
            return (try T(from: TapeDecoder(tape: tape)), tape)
        } catch let violation as SchemaViolation {
            throw diagnostic(for: violation, in: tape)
        } catch {
            throw Diagnostic(file: source.name, location: nil, message: "\(error)")
        }
    }

    static func diagnostic(for violation: SchemaViolation, in tape: JSONTape) -> Diagnostic {
        let source = tape.source
        func location(_ path: [AnyCodingKey], atName: Bool) -> SourceLocation? {
            guard let found = tape.locate(path) else { return nil }
            let entry = atName ? (found.key ?? found.value) : found.value
            return source.location(ofByte: tape.offset(of: entry))
        }
        var message = violation.message
        if let related = violation.relatedPath, let at = location(related, atName: false) {
            message += " (first at \(at), \((related as [any CodingKey]).jsonPath))"
        }
        // A member that is missing points at the object that lacks it.
        return Diagnostic(
            file: source.name,
            location: location(violation.path, atName: violation.atMemberName)
                ?? location(Array(violation.path.dropLast()), atName: false),
            path: (violation.path as [any CodingKey]).jsonPath,
            message: message)
    }
}
