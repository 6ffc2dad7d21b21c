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

extension Array where Element: Sendable {
    /// `map`, with runs of `length` elements transformed in parallel, each
    /// run on one thread: for cheap transforms, where one element a task
    /// would cost more in dispatch than in work. The results keep the
    /// elements' order; no more than one run is mapped in place.
    /// - Complexity: O(n) transforms, spread over the cores.
    public func concurrentMap<T>(inRunsOf length: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        guard count > length else { return map(transform) }
        return runs(covering: count, length: length).concurrentMap { run in run.map { transform(self[$0]) } }
            .flatMap { $0 }
    }
}

/// `0..<count` cut into consecutive ranges of `length` (the last may be
/// shorter): the runs that threads take one at a time.
/// - Complexity: O(count / length).
public func runs(covering count: Int, length: Int) -> [Range<Int>] {
    stride(from: 0, to: count, by: length).map { $0..<Swift.min($0 + length, count) }
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
