import Dispatch
import Synchronization

/// Work spread over the cores: two tasks at once, runs of elements, parts
/// streamed in order. How much a thread takes at a time is the caller's
/// choice, named beside the code that makes it: a run must outweigh its
/// dispatch and stay small enough that both cores finish together.
/// (`Array.concurrentMap` and `append(concurrentlyMaking:)` are the
/// element-wise forms.)
public enum Parallel {
    /// `0..<count` cut into consecutive ranges of `length` (the last may be
    /// shorter): the runs that threads take one at a time.
    /// - Complexity: O(count / length).
    public static func runs(covering count: Int, length: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: length).map { $0..<Swift.min($0 + length, count) }
    }

    /// `0..<weights.count` cut into consecutive ranges whose weights add up to
    /// `least` or more (the last may weigh less), and what each weighs: parts
    /// of work of about one size, from elements of many sizes.
    /// - Complexity: O(n) in the number of weights.
    public static func runs(weighing weights: [Int], atLeast least: Int) -> (runs: [Range<Int>], weights: [Int]) {
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

    /// `first()` and `second()`, run at the same time on two threads; one
    /// after the other on this one unless `atOnce`, for work too small to
    /// be worth starting a thread (the first a process asks for costs more
    /// than reading two small screens).
    /// - Complexity: the longer of the two.
    public static func both<A: Sendable, B: Sendable>(
        _ first: @Sendable () -> A, _ second: @Sendable () -> B, atOnce: Bool = true
    ) -> (A, B) {
        guard atOnce else { return (first(), second()) }
        let results = Mutex<(A?, B?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 {
                let a = first()
                results.withLock { $0.0 = a }
            } else {
                let b = second()
                results.withLock { $0.1 = b }
            }
        }
        return results.withLock { ($0.0!, $0.1!) }
    }

    /// `make(0)`, `make(1)`… `make(count - 1)`, made on all cores, each by the
    /// first core free, and handed to `consume` in order as soon as it and
    /// those before it are made: unlike batches made one after the other, no
    /// core waits for the slowest part of a batch. Parts are made ahead of
    /// `consume` while their `weight`s add up to no more than `ahead` (one
    /// part at least), so a report made a part at a time is never held whole.
    /// - Complexity: the makes spread over the cores, and the consumes not
    ///   hidden behind them.
    public static func streamed<Part: Sendable>(
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
}
