import BentoJSON

/// Reads a screen document: JSON text → the schema, in one pass
/// (`ScreenPullDecoder`); a document that pass gives up on is parsed into a
/// tape and decoded by the Codable schema, which says what is wrong.
///
/// Every error becomes a `Diagnostic` with the file, line and column, and the
/// JSON path where there is one.
public enum ScreenReader {
    /// Parses and decodes a screen.
    /// - Complexity: O(n) in the size of the source.
    public static func read(_ source: SourceText) throws(Diagnostic) -> Screen {
        if let screen = ScreenPullDecoder.screen(in: source.bytes) { return screen }
        return try readWithTape(source)
    }

    /// The tape path: slower, and the one that says what is wrong and where.
    private static func readWithTape(_ source: SourceText) throws(Diagnostic) -> Screen {
        try Screen.decoded(from: source).value
    }

    /// Reads `path` (or standard input for `-`) as a screen.
    ///
    /// A regular file is mapped and read in one pass, handing its pages
    /// back as it goes (`MappedFile`), so a large file is never resident
    /// whole; a file with a problem is read again, whole, for the diagnostic.
    /// - Parameters:
    ///   - name: the file's name in diagnostics (the path's by default).
    ///   - blankIsEmpty: a file of only white space is the empty screen
    ///     (`bento merge`'s empty BASE).
    ///   - helper: who reads the later part of a long box (`SectionSplit`);
    ///     nil: the calling thread reads it all.
    /// - Complexity: O(n) in the size of the file.
    public static func read(
        path: FilePath, named name: String? = nil, blankIsEmpty: Bool = false, helper: SectionSplit.Helper? = nil
    ) throws(Diagnostic) -> Screen {
        var mapped = false
        if let file = MappedFile(path) {
            if let screen = ScreenPullDecoder.screen(in: file, helper: helper) { return screen }
            mapped = true
        }
        let read = try InputFile.read(path)
        let source = SourceText(name: name ?? read.name, bytes: read.bytes)
        if blankIsEmpty && source.bytes.allSatisfy(SourceBytes.isWhiteSpace) { return Screen(box: Box()) }
        return mapped ? try readWithTape(source) : try self.read(source)
    }

    /// Reads the file spelled `path` (or standard input for `-`) as a screen.
    /// - Complexity: O(n) in the size of the file.
    public static func read(path: String) throws(Diagnostic) -> Screen { try read(path: FilePath(path)) }

    /// Reads a screen and the JSON document it is written as (with its `$`
    /// members, explicit nulls and numbers as written), from one parse.
    /// - Complexity: O(n) in the size of the source.
    public static func readDocument(_ source: SourceText) throws(Diagnostic) -> (screen: Screen, document: JSONValue) {
        let (screen, tape) = try Screen.decoded(from: source)
        return (screen, tape.value(at: 0))
    }

    /// Reads `path` (or standard input for `-`) as a screen and the outline
    /// of the document it is written in (`DocumentOutline`), from one pass:
    /// a regular file is mapped, and stays mapped for the outline.
    /// - Parameters:
    ///   - name: the file's name in diagnostics (the path's by default).
    ///   - helper: who reads the later part of a long box (`SectionSplit`).
    /// - Complexity: O(n) in the size of the file.
    public static func readOutlined(path: FilePath, named name: String? = nil, helper: SectionSplit.Helper? = nil)
        throws(Diagnostic) -> (screen: Screen, outline: DocumentOutline)
    {
        if let file = MappedFile(path), let read = ScreenPullDecoder.outlined(file, helper: helper) { return read }
        let read = try InputFile.read(path)
        let (screen, tape) = try Screen.decoded(from: SourceText(name: name ?? read.name, bytes: read.bytes))
        return (screen, DocumentOutline(tape: tape))
    }

    /// Reads `source` as a screen and the outline of its document.
    /// - Complexity: O(n) in the size of the source.
    public static func readOutlined(_ source: SourceText) throws(Diagnostic) -> (screen: Screen, outline: DocumentOutline) {
        if let read = ScreenPullDecoder.outlined(source.bytes) { return read }
        let (screen, tape) = try Screen.decoded(from: source)
        return (screen, DocumentOutline(tape: tape))
    }

    /// Reads `path` (or standard input for `-`) as a screen and its document.
    /// - Complexity: O(n) in the size of the file.
    public static func readDocument(path: FilePath) throws(Diagnostic) -> (screen: Screen, document: JSONValue) {
        try readDocument(try InputFile.read(path))
    }

    /// Reads the file spelled `path` as a screen and its document.
    /// - Complexity: O(n) in the size of the file.
    public static func readDocument(path: String) throws(Diagnostic) -> (screen: Screen, document: JSONValue) {
        try readDocument(path: FilePath(path))
    }

    /// Decodes a screen from a parsed tape: the second half of `read`.
    /// - Complexity: O(n) in the size of the tape.
    public static func read(_ tape: JSONTape) throws(Diagnostic) -> Screen {
        try Screen.decoded(from: tape)
    }
}
