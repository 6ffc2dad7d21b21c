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
        return [T](concurrentlyMaking: count, runs: Parallel.runs(covering: count, length: length)) { transform(self[$0]) }
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
            concurrentlyMaking: count, runs: Parallel.runs(covering: count, length: length), after: prefix, make)
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

/// The parts of `Parallel.streamed`: which one is to be made next, those made and
/// not yet consumed, and what they weigh.
final class PartStream<Part>: @unchecked Sendable {
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
