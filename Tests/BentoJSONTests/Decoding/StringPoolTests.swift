import Testing

@testable import BentoJSON

/// A pool hands back one string for equal text, and pools that share their
/// strings hand back the same one: equal names are then the same bits.
@Suite("String pool: equal text, one string")
struct StringPoolTests {
    static func string(_ pool: inout StringPool, _ text: String) -> String {
        Array(text.utf8).withSpan { pool.string($0) }
    }

    @Test("a pool keeps one string for equal long text, and short text inline")
    func onePool() {
        var pool = StringPool()
        let a = Self.string(&pool, "IconTitleDetailsComponent"), b = Self.string(&pool, "IconTitleDetailsComponent")
        #expect(a == b && CodePoints.sameBits(a, b))
        let other = Self.string(&pool, "IconTitleDetailsComponenT")
        #expect(other == "IconTitleDetailsComponenT" && !CodePoints.sameBits(a, other))
        #expect(Self.string(&pool, "Short") == "Short")
    }

    @Test("pools that share their strings give the same string for equal text; pools that do not, their own")
    func sharedPools() {
        let shared = SharedStrings()
        var first = StringPool(sharing: shared), second = StringPool(sharing: shared)
        var apart = StringPool()
        let names = (0..<20).map { "SomeComponentTypeName\($0)" }
        for name in names {
            let a = Self.string(&first, name), b = Self.string(&second, name), c = Self.string(&apart, name)
            #expect(a == name && b == name && c == name)
            #expect(CodePoints.sameBits(a, b), "\(name)")
            #expect(!CodePoints.sameBits(a, c), "\(name)")
        }
    }

    @Test("past what is kept, strings are still right, only no longer shared")
    func pastCapacity() {
        let shared = SharedStrings()
        var first = StringPool(sharing: shared), second = StringPool(sharing: shared)
        for k in 0..<600 {
            let name = "ComponentTypeNumber\(k)"
            #expect(Self.string(&first, name) == name && Self.string(&second, name) == name)
        }
    }

    @Test("a pool full of names makes the rest itself, without the shared lock at every row")
    func fullPoolKeepsToItself() {
        let shared = SharedStrings()
        var full = StringPool(sharing: shared), other = StringPool(sharing: shared)
        for k in 0..<64 { _ = Self.string(&full, "ComponentTypeNumber\(k)") }
        let kept = Self.string(&other, "AnotherComponentType")
        let made = Self.string(&full, "AnotherComponentType")
        #expect(made == kept && !CodePoints.sameBits(made, kept))
        // The names it kept are still shared.
        #expect(CodePoints.sameBits(Self.string(&full, "ComponentTypeNumber3"), Self.string(&other, "ComponentTypeNumber3")))
    }

    @Test("pools on many threads at once share one string per text")
    func concurrent() async {
        let shared = SharedStrings()
        let names = (0..<8).map { "ConcurrentTypeName\($0)" }
        let got = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var pool = StringPool(sharing: shared)
                    return names.shuffled().sorted().map { Self.string(&pool, $0) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for strings in got {
            #expect(strings == names)
            for (a, b) in zip(strings, got[0]) { #expect(CodePoints.sameBits(a, b)) }
        }
    }
}
