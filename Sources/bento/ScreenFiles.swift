import BentoKit

/// Reads the two sides of a diff, in parallel: each file is read, parsed and
/// decoded on its own thread. `/dev/null` reads as an empty screen.
enum ScreenFiles {
    static func readBoth(_ a: String, _ b: String) -> (Result<Screen, Diagnostic>, Result<Screen, Diagnostic>) {
        readBoth(a, b) { path throws(Diagnostic) in try read(path) }
    }

    /// Both screens with the JSON documents they are written as (for
    /// `--format patch`, which patches the documents themselves).
    static func readBothDocuments(_ a: String, _ b: String) -> (
        Result<(screen: Screen, document: JSONValue), Diagnostic>,
        Result<(screen: Screen, document: JSONValue), Diagnostic>
    ) {
        readBoth(a, b) { path throws(Diagnostic) in
            guard path != emptyScreenPath else { return (Screen(box: Box()), Screen(box: Box()).jsonValue) }
            return try ScreenReader.readDocument(path: path)
        }
    }

    /// The path that reads as an empty screen, as git passes it for the
    /// missing side of an added or deleted file.
    static let emptyScreenPath = "/dev/null"

    /// `path` as a screen (`/dev/null`: the empty screen). Errors in the
    /// content name the file `name` (git's temporary files are named after
    /// the path in the repository).
    static func read(_ path: String, as name: String? = nil) throws(Diagnostic) -> Screen {
        guard path != emptyScreenPath else { return Screen(box: Box()) }
        guard let name else { return try ScreenReader.read(path: path) }
        return try ScreenReader.read(SourceText(name: name, bytes: try InputFile.read(path).bytes))
    }

    private static func readBoth<T>(_ a: String, _ b: String, _ read: @escaping @Sendable (String) throws(Diagnostic) -> T)
        -> (Result<T, Diagnostic>, Result<T, Diagnostic>)
    {
        let results = [a, b].concurrentMap { path in Result<T, Diagnostic> { () throws(Diagnostic) -> T in try read(path) } }
        return (results[0], results[1])
    }
}
