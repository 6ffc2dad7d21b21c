import Dispatch
import Synchronization
import Testing

@testable import BentoJSON

@Suite("concurrentMap")
struct ConcurrentMapTests {
    @Test("gives what map gives, in the same order, for every size")
    func sameAsMap() {
        for n in [0, 1, 2, 3, 17, 1000] {
            let values = Array(0..<n)
            #expect(values.concurrentMap { $0 * $0 + 1 } == values.map { $0 * $0 + 1 })
        }
        #expect(["b", "a"].concurrentMap { $0 + "!" } == ["b!", "a!"])
    }

    @Test("in runs: what map gives, for sizes below, at and past a run, with values that hold references")
    func inRuns() {
        for n in [0, 1, 7, 8, 9, 100, 1001] {
            let values = (0..<n).map { "row-\($0)" }
            #expect(values.concurrentMap(inRunsOf: 8) { $0 + "!" } == values.map { $0 + "!" })
        }
    }

    @Test("append(concurrentlyMaking:) keeps what was there and adds make(0..<count) in order")
    func appendMaking() {
        for (start, n) in [(0, 0), (0, 5), (3, 0), (3, 4097), (10, 20000)] {
            var array = (0..<start).map { "kept-\($0)" }
            array.append(concurrentlyMaking: n, inRunsOf: 4096) { "made-\($0)" }
            #expect(array == (0..<start).map { "kept-\($0)" } + (0..<n).map { "made-\($0)" })
        }
    }

    @Test("runs by weight cover every element once, in order, each weighing at least the least but the last")
    func runsByWeight() {
        for (weights, least) in [([Int](), 5), ([3], 5), ([1, 1, 1, 1, 1, 1, 1], 3), ([9, 1, 1, 9, 0, 2], 5), ([1, 2, 3, 4, 5, 6, 7, 8], 1)] {
            let (runs, sums) = Parallel.runs(weighing: weights, atLeast: least)
            #expect(runs.flatMap { Array($0) } == Array(weights.indices), "\(weights)")
            #expect(zip(runs, sums).allSatisfy { run, sum in run.reduce(0) { $0 + weights[$1] } == sum }, "\(weights)")
            #expect(sums.dropLast().allSatisfy { $0 >= least }, "\(weights)")
            // A run ends as soon as it weighs enough.
            #expect(zip(runs, sums).allSatisfy { run, sum in sum - weights[run.last!] < least }, "\(weights)")
        }
    }

    @Test("streamed hands every part to consume once, in order, with no more weight made ahead than allowed")
    func streamedParts() {
        final class Ahead: Sendable {
            let counts = Mutex((made: 0, consumed: 0, most: 0))
        }
        for (n, ahead) in [(0, 1), (1, 1), (2, 1), (3, 100), (500, 1), (500, 7), (500, .max)] {
            let counts = Ahead()
            var parts: [[Int]] = []
            Parallel.streamed(
                n, ahead: ahead, weight: { _ in 1 },
                make: { k in
                    counts.counts.withLock { counts in
                        counts.made += 1
                        counts.most = max(counts.most, counts.made - counts.consumed)
                    }
                    return (0..<k % 7).map { $0 * k }
                }
            ) { part in
                parts.append(part)
                counts.counts.withLock { $0.consumed += 1 }
            }
            #expect(parts == (0..<n).map { k in (0..<k % 7).map { $0 * k } }, "\(n) parts, \(ahead) ahead")
            // Made and not yet taken, plus the one being consumed.
            #expect(counts.counts.withLock { $0.most } <= max(1, min(ahead, n)) + 1, "\(n) parts, \(ahead) ahead")
        }
    }

    @Test("once: the work is done once, whoever asks and in whatever order, and every asker gets its result")
    func once() {
        final class Count: Sendable {
            private let value = Mutex(0)
            func add() -> Int {
                value.withLock { value in
                    value += 1
                    return value
                }
            }
            var total: Int { value.withLock { $0 } }
        }
        for trial in 0..<50 {
            let runs = Count()
            let work = Parallel.Once { () -> [Int] in
                // Long enough that others ask while it is being done.
                let n = runs.add()
                return (0..<(1000 + trial)).map { $0 * n }
            }
            // Every other trial, begun on a thread of its own first.
            if trial % 2 == 0 { work.start() }
            let seen = Array(0..<8).concurrentMap { _ in work.value }
            #expect(runs.total == 1, "trial \(trial)")
            #expect(seen.allSatisfy { $0 == (0..<(1000 + trial)).map { $0 } }, "trial \(trial)")
        }
        // Two tasks, each asking on its way, even one after the other on one thread.
        let runs = Count()
        let shared = Parallel.Once { runs.add() }
        let (a, b) = Parallel.both({ shared.value }, { shared.value })
        #expect(a == 1 && b == 1 && runs.total == 1)
        // Not at once: the first, then the second, the same results.
        let order = Mutex<[Int]>([])
        let (x, y) = Parallel.both(
            { order.withLock { $0.append(1) }; return "first" }, { order.withLock { $0.append(2) }; return 2 }, atOnce: false)
        #expect(x == "first" && y == 2 && order.withLock { $0 } == [1, 2])
    }
}

/// Work offered is done only by a thread that helps, the latest first.
@Suite("Parallel.Offers")
struct ParallelOffersTests {
    @Test("nothing runs until a thread helps; then every offer, the latest first")
    func helpRunsOffers() {
        let offers = Parallel.Offers()
        let done = Mutex<[Int]>([])
        for k in 0..<3 { offers.offer { done.withLock { $0.append(k) } } }
        #expect(done.withLock { $0 }.isEmpty)
        offers.help()
        #expect(done.withLock { $0 } == [2, 1, 0])
        offers.help()
        #expect(done.withLock { $0 }.count == 3)
    }
}
