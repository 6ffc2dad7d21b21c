import Testing

@testable import BentoJSON

/// Strings by Unicode code points, never by canonical equivalence (Swift's
/// `String ==` says "é" written two ways is one string; the contract does not).
@Suite("Code points")
struct CodePointsTests {
    @Test("equal only when the scalars are")
    func equal() {
        #expect(CodePoints.equal("caf\u{E9}", "caf\u{E9}"))
        #expect(!CodePoints.equal("caf\u{E9}", "cafe\u{301}"))
        #expect("caf\u{E9}" == "cafe\u{301}")  // what Swift says, for contrast
        #expect(CodePoints.equal("", ""))
    }

    @Test("ordered by code point, as UTF-8 bytes order them")
    func less() {
        #expect(CodePoints.less("a", "b") && !CodePoints.less("b", "a"))
        #expect(CodePoints.less("a", "ab"))
        #expect(CodePoints.less("Z", "a"))
        #expect(CodePoints.less("\u{FFFF}", "\u{10000}"))  // where UTF-16 order differs
        #expect(!CodePoints.less("x", "x"))
    }

    @Test("hashes differ where the scalars do, and are equal where they are equal")
    func hash() {
        func hash(_ s: String) -> Int {
            var hasher = Hasher()
            CodePoints.hash(s, into: &hasher)
            return hasher.finalize()
        }
        #expect(hash("caf\u{E9}") == hash("caf\u{E9}"))
        #expect(hash("caf\u{E9}") != hash("cafe\u{301}"))
        #expect(Set([ExactString("caf\u{E9}"), ExactString("cafe\u{301}")]).count == 2)
    }
}
