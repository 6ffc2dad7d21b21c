import Dispatch

extension Array where Element: Sendable {
    /// `map`, with the elements transformed in parallel on all cores
    /// (Dispatch's `concurrentPerform`); the results keep the elements' order.
    /// - Complexity: O(n) transforms, spread over the cores.
    public func concurrentMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
        // Each transform writes only its own slot, so no lock is needed.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: count) { k in
            results[k] = transform(self[k])
        }
        return results.map { $0! }
    }
}

/// `first()` and `second()`, run at the same time on two threads.
/// - Complexity: the longer of the two.
public func concurrently<A: Sendable, B: Sendable>(
    _ first: @Sendable () -> A, _ second: @Sendable () -> B
) -> (A, B) {
    nonisolated(unsafe) var a: A?
    nonisolated(unsafe) var b: B?
    DispatchQueue.concurrentPerform(iterations: 2) { k in
        if k == 0 { a = first() } else { b = second() }
    }
    return (a!, b!)
}
