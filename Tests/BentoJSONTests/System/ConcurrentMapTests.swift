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
}
