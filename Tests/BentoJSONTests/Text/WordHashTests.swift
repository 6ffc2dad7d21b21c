import Testing

@testable import BentoJSON

/// `WordHash` reads every byte of a text: texts that differ in one byte, at
/// any place and any length, hash apart; the same bytes hash alike wherever
/// they lie.
@Suite("WordHash")
struct WordHashTests {
    @Test("a change of one byte anywhere changes the hash, at every length up to 40")
    func everyByteCounts() {
        let seed: UInt64 = 0x5EED
        for length in 0...40 {
            let text = (0..<length).map { UInt8(truncatingIfNeeded: 0x61 + $0 % 26) }
            let hash = text.withSpan { WordHash.hash($0, seed: seed) }
            for place in 0..<length {
                for flip: UInt8 in [0x01, 0x80, 0x20] {
                    var changed = text
                    changed[place] ^= flip
                    #expect(changed.withSpan { WordHash.hash($0, seed: seed) } != hash, "length \(length), byte \(place)")
                }
            }
            // One byte more or less, or a zero byte added, is another text.
            let longer = text + [0]
            #expect(longer.withSpan { WordHash.hash($0, seed: seed) } != hash)
            if length > 0 { #expect(text.dropLast().withSpan { WordHash.hash($0, seed: seed) } != hash) }
        }
    }

    @Test("the same bytes hash alike in a string, in an array and inside a longer text")
    func sameBytesAlike() {
        let seed: UInt64 = 42
        for length in 0...40 {
            let string = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
            let bytes = Array(string.utf8)
            let inside = [UInt8](repeating: 0x7B, count: 5) + bytes + [UInt8](repeating: 0x7D, count: 9)
            let fromArray = bytes.withSpan { WordHash.hash($0, seed: seed) }
            #expect(WordHash.hash(string, seed: seed) == fromArray)
            #expect(inside.withSpan { WordHash.hash($0.extracting(5..<5 + bytes.count), seed: seed) } == fromArray)
        }
    }
}
