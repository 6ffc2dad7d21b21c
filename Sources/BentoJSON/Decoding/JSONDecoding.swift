/// Reading a typed document: JSON text → tape → a `Decodable` value, with
/// every error as a `Diagnostic` at its file, line and column, and the JSON
/// path where there is one.
public enum JSONDecoding {
    /// Parses `source`, or names the first syntax error.
    /// - Complexity: O(n) in the size of the source.
    public static func parse(_ source: SourceText) throws(Diagnostic) -> JSONTape {
        // The tape's room is asked of the system first: a limit on memory
        // is an error (no position: nothing in the text is at fault).
        let bound = JSONTape.bound(source.bytes.count)
        guard Platform.canAllocate(bound) else {
            throw Diagnostic(file: source.name, location: nil, message: MemoryLimit.notEnough(bound, MemoryLimit.current().available ?? 0))
        }
        do {
            return try JSONReader.parse(source)
        } catch {
            throw Diagnostic(
                file: source.name, location: source.location(ofByte: error.offset),
                path: SyntaxErrorPath.path(in: source.bytes, at: error.offset),
                message: isConflictMarker(source.bytes, at: error.offset)
                    ? "unresolved merge conflict marker: keep one side's block and delete the marker lines"
                    : error.message)
        }
    }

    /// Whether a git-style conflict marker line (`<<<<<<<`, `|||||||`,
    /// `=======`, `>>>>>>>`, as `bento merge` and git write them, of 7
    /// characters or more) begins at `offset`.
    static func isConflictMarker(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset < bytes.count, offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n") else { return false }
        let marker = bytes[offset]
        guard [UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(marker) else { return false }
        var end = offset
        while end < bytes.count && bytes[end] == marker { end += 1 }
        return end - offset >= 7
            && (end == bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[end]))
    }

    /// Decodes a `T` from a parsed tape: its fast path first
    /// (`JSONTapeDecodable`), else its Codable `init(from:)`.
    /// - Complexity: O(n) in the size of the tape.
    public static func decode<T: Decodable>(_ type: T.Type, from tape: JSONTape) throws(Diagnostic) -> T {
        do {
            return try TapeDecoder(tape: tape).decodeValue(type)
        } catch let violation as SchemaViolation {
            throw diagnostic(for: violation, in: tape)
        } catch {
            throw Diagnostic(file: tape.source.name, location: nil, message: "\(error)")
        }
    }

    /// Parses `source` and decodes a `T`, keeping the tape to locate errors
    /// found later (a changeset that does not fit its screen).
    /// - Complexity: O(n) in the size of the source.
    public static func decode<T: Decodable>(_ type: T.Type, from source: SourceText) throws(Diagnostic) -> (
        value: T, tape: JSONTape
    ) {
        let tape = try parse(source)
        return (try decode(type, from: tape), tape)
    }

    /// A schema error as the user sees it: the line and column of the value
    /// (of the member's name, for an unknown member; of the object, for a
    /// missing one), the JSON path and the message.
    /// - Complexity: O(n) in the size of the document.
    public static func diagnostic(for violation: SchemaViolation, in tape: JSONTape) -> Diagnostic {
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
        return Diagnostic(
            file: source.name,
            location: location(violation.path, atName: violation.atMemberName)
                ?? location(Array(violation.path.dropLast()), atName: false),
            path: (violation.path as [any CodingKey]).jsonPath,
            message: message)
    }
}
