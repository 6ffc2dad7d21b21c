import BentoJSON

/// Reads a screen document: JSON text → tape → the Codable schema (by the
/// schema types' fast paths where the document is valid).
///
/// Every error becomes a `Diagnostic` with the file, line and column, and the
/// JSON path where there is one.
public enum ScreenReader {
    /// Parses and decodes a screen.
    /// - Complexity: O(n) in the size of the source.
    public static func read(_ source: SourceText) throws(Diagnostic) -> Screen {
        try JSONDecoding.decode(Screen.self, from: source).value
    }

    /// Reads `path` (or standard input for `-`) as a screen.
    /// - Complexity: O(n) in the size of the file.
    public static func read(path: FilePath) throws(Diagnostic) -> Screen {
        try read(try InputFile.read(path))
    }

    /// Reads the file spelled `path` (or standard input for `-`) as a screen.
    /// - Complexity: O(n) in the size of the file.
    public static func read(path: String) throws(Diagnostic) -> Screen { try read(path: FilePath(path)) }

    /// Reads a screen and the JSON document it is written as (with its `$`
    /// members, explicit nulls and numbers as written), from one parse.
    /// - Complexity: O(n) in the size of the source.
    public static func readDocument(_ source: SourceText) throws(Diagnostic) -> (screen: Screen, document: JSONValue) {
        let (screen, tape) = try JSONDecoding.decode(Screen.self, from: source)
        return (screen, tape.value(at: 0))
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
        try JSONDecoding.decode(Screen.self, from: tape)
    }
}
