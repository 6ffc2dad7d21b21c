import Testing

@testable import BentoJSON

/// Strings by Unicode code points, never by canonical equivalence (Swift's
/// `String ==` says "é" written two ways is one string; bento-screen(5) does not).
@Suite("Code points")
struct CodePointsTests {
    @Test("equal only when the scalars are")
    func equal() {
        #expect(CodePoints.equal("caf\u{E9}", "caf\u{E9}"))
        #expect(!CodePoints.equal("caf\u{E9}", "cafe\u{301}"))
        #expect("caf\u{E9}" == "cafe\u{301}")  // what Swift says, for contrast
        #expect(CodePoints.equal("", ""))
    }

    @Test("the same string shared, or the same text in two places, small or large")
    func equalStorage() {
        for length in [0, 1, 15, 16, 100] {
            let text = String(repeating: "a", count: length)
            let shared = text
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(CodePoints.equal(text, shared))
            #expect(CodePoints.equal(text, copy))
            #expect(!CodePoints.equal(text, text + "b"))
            #expect(!CodePoints.equal(text + "b", text + "c"))
            // Large strings of one length and different text: not equal.
            #expect(!CodePoints.equal(text + "e\u{301}", text + "\u{E9}x"))
        }
    }

    @Test("the same bytes only when of one length and equal at every place, a word at a time or not")
    func sameBytes() {
        let long = Array("the same bytes, a word at a time".utf8)
        for length in 0...long.count {
            let text = Array(long.prefix(length))
            text.withSpan { x in
                #expect(Array(text).withSpan { x.sameBytes(as: $0) })
                // A prefix, or one byte longer, is not the same text.
                #expect(long.withSpan { x.sameBytes(as: $0) } == (length == long.count))
                #expect(!(text + [0]).withSpan { x.sameBytes(as: $0) })
            }
        }
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
