import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("Folding unchanged runs")
struct FoldingTests {
    @Test("context around marked items; long runs fold, short ones show")
    func examples() {
        let marked: Set<Int> = [10]
        #expect(
            Folding.segments(count: 20, context: 2, minimumFold: 5, isMarked: marked.contains)
                == [.fold(0..<8), .show(8..<13), .fold(13..<20)])
        #expect(
            Folding.segments(count: 12, context: 2, minimumFold: 5, isMarked: { $0 == 0 || $0 == 11 })
                == [.show(0..<3), .fold(3..<9), .show(9..<12)])
        #expect(Folding.segments(count: 4, context: 2, minimumFold: 5, isMarked: { _ in false }) == [.show(0..<4)])
        #expect(Folding.segments(count: 5, context: 2, minimumFold: 5, isMarked: { _ in false }) == [.fold(0..<5)])
        #expect(Folding.segments(count: 0, context: 2, minimumFold: 5, isMarked: { _ in true }) == [])
    }

    @Test("over random lists short and long, context wider than the list included: the segments a direct reading of the rule gives")
    func againstTheRule() {
        var random = SeededGenerator(seed: 11)
        for round in 0..<3000 {
            let count = round % 3 == 0 ? random.int(60...150) : random.int(0...70)
            let context = random.chance(0.1) ? random.int(0...80) : random.int(0...4)
            let minimumFold = random.int(1...8)
            let marked = Set((0..<count).filter { _ in random.chance(0.08) })
            // Near: within `context` of a marked item. A run of items alike
            // is one segment; a run not near folds when long enough; shown
            // runs next to each other are one.
            var expected: [Folding.Segment] = []
            var start = 0
            while start < count {
                let near = { (i: Int) in marked.contains { abs($0 - i) <= context } }
                var end = start + 1
                while end < count && near(end) == near(start) { end += 1 }
                if !near(start) && end - start >= minimumFold {
                    expected.append(.fold(start..<end))
                } else if case .show(let previous)? = expected.last {
                    expected[expected.count - 1] = .show(previous.lowerBound..<end)
                } else {
                    expected.append(.show(start..<end))
                }
                start = end
            }
            let segments = Folding.segments(count: count, context: context, minimumFold: minimumFold, isMarked: marked.contains)
            #expect(segments == expected, "count \(count), context \(context), fold \(minimumFold), marked \(marked.sorted())")
        }
    }

    @Test("over random lists: the segments tile the list, show every marked item and its context, fold only long runs")
    func properties() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let count = random.int(0...60)
            let context = random.int(0...4)
            let minimumFold = random.int(1...8)
            let marked = Set((0..<count).filter { _ in random.chance(0.08) })
            let segments = Folding.segments(count: count, context: context, minimumFold: minimumFold, isMarked: marked.contains)
            var next = 0
            var previousWasShow = false
            for segment in segments {
                switch segment {
                case .show(let range):
                    #expect(range.lowerBound == next && !range.isEmpty)
                    #expect(!previousWasShow, "adjacent shown ranges are merged")
                    next = range.upperBound
                    previousWasShow = true
                case .fold(let range):
                    #expect(range.lowerBound == next && range.count >= minimumFold)
                    for i in range {
                        #expect(!marked.contains { abs($0 - i) <= context }, "a folded item is near no marked one")
                    }
                    next = range.upperBound
                    previousWasShow = false
                }
            }
            #expect(next == count)
        }
    }
}
