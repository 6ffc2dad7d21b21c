import Dispatch
import Synchronization

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

/// The parts of `Parallel.streamed`: which one is to be made next, those made and
/// not yet consumed, and what they weigh.
final class PartStream<Part: Sendable>: Sendable {
    private let count: Int
    private let ahead: Int
    private let weight: @Sendable (Int) -> Int
    /// Which part is next, what the parts taken and not yet consumed weigh,
    /// and how many makers wait for a part to be consumed.
    private let state = Mutex(State())
    private let room = DispatchSemaphore(value: 0)
    /// Part k, and the signal that it is in place (each written by one
    /// maker, then read by the consumer).
    private let parts: Mutex<[Part?]>
    private let made: [DispatchSemaphore]

    private struct State {
        var next = 0
        var weighing = 0
        var waiting = 0
    }

    init(count: Int, ahead: Int, weight: @escaping @Sendable (Int) -> Int) {
        (self.count, self.ahead, self.weight) = (count, ahead, weight)
        parts = Mutex([Part?](repeating: nil, count: count))
        made = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    }

    /// A maker: takes the next part while there is room, until none is left.
    func makeParts(_ make: @Sendable (Int) -> Part) {
        while true {
            // The part to make; nil when none is left; -1 to wait for room.
            let taken: Int? = state.withLock { state in
                guard state.next < count else { return nil }
                let k = state.next, w = weight(k)
                // Over the weight ahead: wait for a consume. Nothing taken
                // means nothing to wait for (so one part is always made).
                if state.weighing > 0 && state.weighing + w > ahead {
                    state.waiting += 1
                    return -1
                }
                state.next += 1
                state.weighing += w
                return k
            }
            guard let k = taken else { return }
            if k < 0 {
                room.wait()
                continue
            }
            let part = make(k)
            parts.withLock { $0[k] = part }
            made[k].signal()
        }
    }

    /// Part k, once made; its weight leaves the weight ahead.
    func take(_ k: Int) -> Part {
        made[k].wait()
        let part = parts.withLock { $0[k].take()! }
        let woken = state.withLock { state in
            state.weighing -= weight(k)
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<woken { room.signal() }
        return part
    }
}
