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

/// `0..<weights.count` cut into consecutive ranges whose weights add up to
/// `least` or more (the last may weigh less), and what each weighs: parts
/// of work of about one size, from elements of many sizes.
/// - Complexity: O(n) in the number of weights.
public func runs(weighing weights: [Int], atLeast least: Int) -> (runs: [Range<Int>], weights: [Int]) {
    var runs: [Range<Int>] = [], sums: [Int] = []
    var start = 0, sum = 0
    for (k, weight) in weights.enumerated() {
        sum += weight
        if sum >= least || k == weights.count - 1 {
            runs.append(start..<k + 1)
            sums.append(sum)
            (start, sum) = (k + 1, 0)
        }
    }
    return (runs, sums)
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

/// `make(0)`, `make(1)`… `make(count - 1)`, made on all cores, each by the
/// first core free, and handed to `consume` in order as soon as it and
/// those before it are made: unlike batches made one after the other, no
/// core waits for the slowest part of a batch. Parts are made ahead of
/// `consume` while their `weight`s add up to no more than `ahead` (one
/// part at least), so a report made a part at a time is never held whole.
/// - Complexity: the makes spread over the cores, and the consumes not
///   hidden behind them.
public func streamed<Part>(
    _ count: Int, ahead: Int, weight: @escaping @Sendable (Int) -> Int, make: @escaping @Sendable (Int) -> Part,
    consume: (Part) -> Void
) {
    guard count > 0 else { return }
    let stream = PartStream<Part>(count: count, ahead: ahead, weight: weight)
    let makers = DispatchGroup()
    DispatchQueue.global().async(group: makers) {
        // More makers than cores: those past the cores start only when
        // one ends, which is when no part is left to take.
        DispatchQueue.concurrentPerform(iterations: min(count, 64)) { _ in stream.makeParts(make) }
    }
    for k in 0..<count { consume(stream.take(k)) }
    makers.wait()
}

/// The parts of `streamed`: which one is to be made next, those made and
/// not yet consumed, and what they weigh.
private final class PartStream<Part>: @unchecked Sendable {
    private let count: Int
    private let ahead: Int
    private let weight: @Sendable (Int) -> Int
    /// Guards `next`, `weighing` and `waiting`.
    private let lock = DispatchSemaphore(value: 1)
    private var next = 0
    /// What the parts taken and not yet consumed weigh.
    private var weighing = 0
    /// Makers waiting for a part to be consumed, and their signal.
    private var waiting = 0
    private let room = DispatchSemaphore(value: 0)
    /// Part k, and the signal that it is in place (each written by one
    /// maker, then read by the consumer).
    private let parts: UnsafeMutablePointer<Part?>
    private let made: [DispatchSemaphore]

    init(count: Int, ahead: Int, weight: @escaping @Sendable (Int) -> Int) {
        (self.count, self.ahead, self.weight) = (count, ahead, weight)
        parts = .allocate(capacity: count)
        parts.initialize(repeating: nil, count: count)
        made = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    }

    deinit {
        parts.deinitialize(count: count)
        parts.deallocate()
    }

    /// A maker: takes the next part while there is room, until none is left.
    func makeParts(_ make: @Sendable (Int) -> Part) {
        while true {
            lock.wait()
            guard next < count else {
                lock.signal()
                return
            }
            let k = next, w = weight(k)
            // Over the weight ahead: wait for a consume. Nothing taken
            // means nothing to wait for (so one part is always made).
            if weighing > 0 && weighing + w > ahead {
                waiting += 1
                lock.signal()
                room.wait()
                continue
            }
            next += 1
            weighing += w
            lock.signal()
            parts[k] = make(k)
            made[k].signal()
        }
    }

    /// Part k, once made; its weight leaves the weight ahead.
    func take(_ k: Int) -> Part {
        made[k].wait()
        let part = parts[k].take()!
        lock.wait()
        weighing -= weight(k)
        let woken = waiting
        waiting = 0
        lock.signal()
        for _ in 0..<woken { room.signal() }
        return part
    }
}
