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

    @Test("pipelined hands every part to consume once, in order, each made before it is consumed")
    func pipelinedParts() {
        for n in [0, 1, 2, 3, 50] {
            var consumed: [[Int]] = []
            pipelined(n, make: { k in (0..<k).map { $0 * k } }) { consumed.append($0) }
            #expect(consumed == (0..<n).map { k in (0..<k).map { $0 * k } })
        }
    }
}
