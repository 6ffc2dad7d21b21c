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

    @Test("values: strings, and arrays whose texts differ only so")
    func values() {
        let nfc: JSONValue = ["Caf\u{E9}"], nfd: JSONValue = ["Cafe\u{301}"]
        #expect(NormalizationHint.describe(nfc, nfd) == "(differs only in Unicode normalization: U+00E9 → U+0065 U+0301)")
        #expect(NormalizationHint.describe(JSONValue.number(JSONNumber(1)), JSONValue.number(JSONNumber(2))) == nil)
    }
}
