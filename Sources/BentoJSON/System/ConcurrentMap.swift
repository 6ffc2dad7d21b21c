import Dispatch

extension Array where Element: Sendable {
    /// `map`, with the elements transformed in parallel on all cores
    /// (Dispatch's `concurrentPerform`); the results keep the elements' order.
    /// - Complexity: O(n) transforms, spread over the cores.
    public func concurrentMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
        [T](concurrentlyMaking: count, runs: (0..<count).map { $0..<$0 + 1 }) { transform(self[$0]) }
    }

    /// `map`, with runs of `length` elements transformed in parallel, each
    /// run on one thread: for cheap transforms, where one element a task
    /// would cost more in dispatch than in work. The results keep the
    /// elements' order; no more than one run is mapped in place.
    /// - Complexity: O(n) transforms, spread over the cores.
    public func concurrentMap<T>(inRunsOf length: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        guard count > length else { return map(transform) }
        return [T](concurrentlyMaking: count, runs: runs(covering: count, length: length)) { transform(self[$0]) }
    }

    /// Appends `make(0)`, `make(1)`… `make(count - 1)`, made in runs of
    /// `length` on all cores, each straight into its place: no element is
    /// copied after it is made (records of a large diff hold many
    /// references, and copying them costs as much as making them).
    /// - Complexity: O(n) makes, spread over the cores, plus a copy of the
    ///   elements already in the array.
    public mutating func append(concurrentlyMaking count: Int, inRunsOf length: Int, _ make: @Sendable (Int) -> Element) {
        guard count > 0 else { return }
        let prefix = self
        self = Array(
            concurrentlyMaking: count, runs: runs(covering: count, length: length), after: prefix, make)
    }
}

extension Array {
    /// `prefix`, then `make(k)` for each `k` of `0..<count`: each run of
    /// `runs` is made by one thread, straight into its places.
    fileprivate init(
        concurrentlyMaking count: Int, runs: [Range<Int>], after prefix: [Element] = [],
        _ make: @Sendable (Int) -> Element
    ) {
        guard prefix.count + count > 0 else {
            self.init()
            return
        }
        self.init(unsafeUninitializedCapacity: prefix.count + count) { buffer, initialized in
            var end = buffer.startIndex
            for element in prefix {
                buffer.initializeElement(at: end, to: element)
                end += 1
            }
            // Each run writes only its own places, so no lock is needed.
            nonisolated(unsafe) let places = buffer.baseAddress! + prefix.count
            if runs.count == 1 {
                for k in runs[0] { (places + k).initialize(to: make(k)) }
            } else {
                DispatchQueue.concurrentPerform(iterations: runs.count) { r in
                    for k in runs[r] { (places + k).initialize(to: make(k)) }
                }
            }
            initialized = prefix.count + count
        }
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

/// `make(0)`, `make(1)`… `make(count - 1)`, each handed to `consume` in
/// order, the next one made on other threads while one is consumed: a
/// report made on all cores a part at a time is written out as it goes,
/// and never held whole.
/// - Complexity: the makes, and the consumes not hidden behind them.
public func pipelined<Part>(_ count: Int, make: @escaping @Sendable (Int) -> Part, consume: (Part) -> Void) {
    guard count > 0 else { return }
    var part = make(0)
    for k in 0..<count {
        nonisolated(unsafe) var next: Part?
        let making = DispatchGroup()
        if k + 1 < count { DispatchQueue.global().async(group: making) { next = make(k + 1) } }
        consume(part)
        making.wait()
        if let made = next { part = made }
    }
}
