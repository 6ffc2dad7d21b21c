import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// bento-screen(5), EQUALITY compares strings by code points; a change between two
/// canonically equivalent strings is real, and says why it looks like none.
@Suite("Unicode normalization hints")
struct NormalizationHintTests {
    @Test("NFC against NFD names the code points that differ, both ways")
    func nfcNFD() {
        #expect(
            NormalizationHint.describe("Caf\u{E9}", "Cafe\u{301}")
                == "(differs only in Unicode normalization: U+00E9 → U+0065 U+0301)")
        #expect(
            NormalizationHint.describe("e\u{301}t\u{E9}", "\u{E9}t\u{E9}")
                == "(differs only in Unicode normalization: U+0065 U+0301 → U+00E9)")
    }

    @Test("no hint for equal code points, for texts that really differ, or for a side without a value")
    func none() {
        #expect(NormalizationHint.describe("Café", "Café") == nil)
        #expect(NormalizationHint.describe("Cafe", "Café") == nil)
        #expect(NormalizationHint.describe(JSONValue.string("a"), nil) == nil)
    }

    @Test("UTF-8 texts: the strings' hint; none for two texts of ASCII alone; ASCII against a character that decomposes to it")
    func utf8Texts() {
        let pairs = [("Caf\u{E9}", "Cafe\u{301}"), ("plain", "plain"), ("plain", "plane"), ("a;b", "a\u{37E}b"), ("K", "\u{212A}")]
        for (a, b) in pairs {
            #expect(NormalizationHint.describe(utf8: Array(a.utf8), Array(b.utf8)) == NormalizationHint.describe(a, b), "\(a) \(b)")
        }
        #expect(NormalizationHint.describe(utf8: Array("a;b".utf8), Array("a\u{37E}b".utf8)) != nil)
    }

    @Test("UTF-8 texts of random pieces that decompose, compose and reorder, whole or cut: the strings' hint, every time")
    func utf8RandomTexts() {
        // Groups of pieces equal under normalization, and ASCII around them.
        let groups = [
            ["\u{E9}", "e\u{301}"], [";", "\u{37E}"], ["K", "\u{212A}"], ["`", "\u{1FEF}"], ["\u{C5}", "A\u{30A}", "\u{212B}"],
            ["\u{301}\u{323}", "\u{323}\u{301}"], ["a"], ["e"], [" "], ["\u{B7}"],
        ]
        var random = SeededGenerator(seed: 7)
        var hints = 0
        for _ in 0..<3000 {
            let chosen = (0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: 0..<groups.count, using: &random) }
            func spelled(_ chosen: [Int]) -> String { chosen.map { groups[$0].randomElement(using: &random)! }.joined() }
            let a = spelled(chosen)
            // The same groups spelled again, and a third of the time one of them changed.
            var other = chosen
            if !other.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
                other[Int.random(in: 0..<other.count, using: &random)] = Int.random(in: 0..<groups.count, using: &random)
            }
            let b = spelled(other)
            let expected = NormalizationHint.describe(a, b)
            if expected != nil { hints += 1 }
            #expect(
                NormalizationHint.describe(utf8: Array(a.utf8), Array(b.utf8)) == expected, "\(a.debugDescription) \(b.debugDescription)")
            // In pieces cut between scalars, some of them empty.
            func cut(_ text: String) -> [[UInt8]] {
                var pieces: [[UInt8]] = [[]]
                for scalar in text.unicodeScalars {
                    if Int.random(in: 0..<3, using: &random) == 0 { pieces.append([]) }
                    pieces[pieces.count - 1] += Array(String(scalar).utf8)
                }
                return pieces
            }
            #expect(NormalizationHint.describe(utf8Pieces: cut(a), cut(b)) == expected, "\(a.debugDescription) \(b.debugDescription)")
        }
        // Pairs told apart by a hint are among those tried, many of them.
        #expect(hints > 500)
    }

    @Test("values: strings, and arrays whose texts differ only so")
    func values() {
        let nfc: JSONValue = ["Caf\u{E9}"], nfd: JSONValue = ["Cafe\u{301}"]
        #expect(NormalizationHint.describe(nfc, nfd) == "(differs only in Unicode normalization: U+00E9 → U+0065 U+0301)")
        #expect(NormalizationHint.describe(JSONValue.number(JSONNumber(1)), JSONValue.number(JSONNumber(2))) == nil)
    }
}
