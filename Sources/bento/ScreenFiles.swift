import BentoKit
import Dispatch

/// Reads the two sides of a diff, in parallel: each file is read, parsed and
/// decoded on its own thread. `/dev/null` reads as an empty screen.
enum ScreenFiles {
    static func readBoth(_ a: String, _ b: String) -> (Result<Screen, Diagnostic>, Result<Screen, Diagnostic>) {
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let result = Result<Screen, Diagnostic> { () throws(Diagnostic) -> Screen in try read(k == 0 ? a : b) }
            results.set(k, result)
        }
        return (results.get(0), results.get(1))
    }

    /// `path` as a screen; `/dev/null` is the empty screen, as git passes it
    /// for the missing side of an added or deleted file. Errors in the
    /// content name the file `name` (git's temporary files are named after
    /// the path in the repository).
    static func read(_ path: String, as name: String? = nil) throws(Diagnostic) -> Screen {
        guard path != "/dev/null" else { return Screen(box: Box()) }
        guard let name else { return try ScreenReader.read(path: path) }
        return try ScreenReader.read(SourceText(name: name, bytes: try InputFile.read(path).bytes))
    }

    private final class Results: @unchecked Sendable {
        private var values: [Result<Screen, Diagnostic>?] = [nil, nil]
        private let lock = DispatchSemaphore(value: 1)
        func set(_ k: Int, _ value: Result<Screen, Diagnostic>) {
            lock.wait()
            values[k] = value
            lock.signal()
        }
        func get(_ k: Int) -> Result<Screen, Diagnostic> { values[k]! }
    }
}
