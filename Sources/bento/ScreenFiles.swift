import BentoKit
import Dispatch

/// Reads the two sides of a diff, in parallel: each file is read, parsed and
/// decoded on its own thread.
enum ScreenFiles {
    static func readBoth(_ a: String, _ b: String) -> (Result<Screen, Diagnostic>, Result<Screen, Diagnostic>) {
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let result = Result<Screen, Diagnostic> { () throws(Diagnostic) -> Screen in
                try ScreenReader.read(path: k == 0 ? a : b)
            }
            results.set(k, result)
        }
        return (results.get(0), results.get(1))
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
