import Testing

@testable import BentoJSON

@Suite("Spans of arrays and disjoint fills: BentoJSON's safe views of memory")
struct LendingTests {
    @Test("a span of an array reads each element where it is, in order")
    func lent() {
        let words = ["a", "bb", "ccc"]
        let read = words.withSpan { lent in (lent.count, lent.indices.map { lent[$0] }, lent[2]) }
        #expect(read.0 == 3 && read.1 == words && read.2 == "ccc")
        #expect([Int]().withSpan { $0.isEmpty })
    }

    @Test("a disjoint fill sets every place from all cores, each from one task")
    func disjointFill() {
        let count = 10_000
        let (array, sums) = [Int].filled(count: count, with: -1) { places in
            Array(0..<8).concurrentMap { part -> Int in
                var sum = 0
                for i in stride(from: part, to: count, by: 8) {
                    places[i] = i * 2
                    sum += places[i]
                }
                return sum
            }
        }
        #expect(array == (0..<count).map { $0 * 2 })
        #expect(sums.reduce(0, +) == array.reduce(0, +))
    }

    @Test("places a fill leaves alone keep the first value")
    func untouched() {
        let (array, _) = [Int32].filled(count: 4, with: 7) { places in places[1] = 0 }
        #expect(array == [7, 0, 7, 7])
    }
}
