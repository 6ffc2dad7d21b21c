import BentoKit
import Dispatch

/// Reads the two sides of a diff, in parallel: each file is read, parsed and
/// decoded on its own thread.
enum ScreenFiles {
    static func readBoth(_ a: String, _ b: String) -> (Result<Screen, Diagnostic>, Result<Screen, Diagnostic>) {
        readBoth(a, b) { path throws(Diagnostic) in try ScreenReader.read(path: path) }
    }

    /// Both screens with the JSON documents they are written as (for
    /// `--format patch`, which patches the documents themselves).
    static func readBothDocuments(_ a: String, _ b: String) -> (
        Result<(screen: Screen, document: JSONValue), Diagnostic>,
        Result<(screen: Screen, document: JSONValue), Diagnostic>
    ) {
        readBoth(a, b) { path throws(Diagnostic) in try ScreenReader.readDocument(path: path) }
    }

    private static func readBoth<T>(_ a: String, _ b: String, _ read: @escaping @Sendable (String) throws(Diagnostic) -> T)
        -> (Result<T, Diagnostic>, Result<T, Diagnostic>)
    {
        let results = Results<T>()
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let path = k == 0 ? a : b
            results.set(k, Result<T, Diagnostic> { () throws(Diagnostic) -> T in try read(path) })
        }
        return (results.get(0), results.get(1))
    }

    private final class Results<T>: @unchecked Sendable {
        private var values: [Result<T, Diagnostic>?] = [nil, nil]
        private let lock = DispatchSemaphore(value: 1)
        func set(_ k: Int, _ value: Result<T, Diagnostic>) {
            lock.wait()
            values[k] = value
            lock.signal()
        }
        func get(_ k: Int) -> Result<T, Diagnostic> { values[k]! }
    }
}
