/// Eight bytes of text looked at at once, as one `UInt64` word: the tests
/// that let a scanner step over text that needs no attention a word at a
/// time (string ends, escapes, control characters). The words are read
/// with `Span.word(at:)`.
///
/// Each test gives the high bit of each byte that matches. The lowest bit
/// set is exact; a byte above a matching one may be flagged wrongly (a
/// borrow), so a caller reads from the first flagged byte on, one at a time.
public enum ByteWords {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The decimal digits of `value` in a word, the first in the lowest
    /// byte (stored little-endian, they read in order), and their count;
    /// nil from 100,000,000 on. All eight digits are made at once, each
    /// lane of the word divided by 100 and then by 10 with a multiplication
    /// and a shift, and the leading zeros shifted out: no string, no loop.
    @inlinable @inline(__always)
    public static func decimalDigits(_ value: UInt) -> (word: UInt64, count: Int)? {
        guard value < 100_000_000 else { return nil }
        guard value > 0 else { return (0x30, 1) }
        // Two halves of four digits, the first half in the low lanes.
        let halves = UInt64(value / 10_000) | UInt64(value % 10_000) &<< 32
        // Each half as two numbers of two digits (x / 100 is x * 10486 >> 20 here).
        let high = (halves &* 10486) &>> 20 & 0x7F_0000_007F
        let pairs = (halves &- 100 &* high) &<< 16 &+ high
        // Each pair as two digits (x / 10 is x * 103 >> 10 here), one a byte.
        var tens = (pairs &* 103) &>> 10 & 0x000F_000F_000F_000F
        tens &+= (pairs &- 10 &* tens) &<< 8
        // The leading zeros are the lowest bytes that are zero.
        let zeros = tens.trailingZeroBitCount / 8
        let count = 8 &- zeros
        let digits = tens &>> UInt64(8 &* zeros)
        let mask: UInt64 = count == 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1
        return (digits | 0x3030_3030_3030_3030 & mask, count)
    }

    /// The bytes of `word` that are zero.
    @inlinable @inline(__always)
    public static func zeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// The bytes of `word` that are `byte`.
    @inlinable @inline(__always)
    public static func bytes(_ byte: UInt8, in word: UInt64) -> UInt64 { zeros(word ^ (ones &* UInt64(byte))) }

    /// The bytes of `word` that are `a` or `b`, two bytes that differ in
    /// one bit (`<` and `>`: 0x02), in one test: that bit set in every
    /// byte, the word is compared with `a` and `b`'s common value.
    @inlinable @inline(__always)
    public static func bytes(either a: UInt8, _ b: UInt8, in word: UInt64) -> UInt64 {
        let bit = a ^ b
        assert(bit.nonzeroBitCount == 1, "bytes that differ in more than one bit")
        return zeros((word | ones &* UInt64(bit)) ^ (ones &* UInt64(a | bit)))
    }

    /// The bytes of `word` below `limit`, which must be at most 0x80 (bytes
    /// of 0x80 and up, the letters of UTF-8, never are).
    @inlinable @inline(__always)
    public static func bytes(below limit: UInt8, in word: UInt64) -> UInt64 { (word &- ones &* UInt64(limit)) & ~word & highs }

    /// The bytes of `word` that are a quote or a backslash: where a JSON
    /// string ends or has an escape.
    @inlinable @inline(__always)
    public static func quotesAndBackslashes(_ word: UInt64) -> UInt64 {
        bytes(UInt8(ascii: "\""), in: word) | bytes(UInt8(ascii: "\\"), in: word)
    }

    /// The bytes of `word` that are `byte`, every one flagged exactly (no
    /// borrow runs from one byte into the next, as in `bytes(_:in:)`, whose
    /// flags past the lowest may be false).
    @inlinable @inline(__always)
    public static func exactBytes(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let t = word ^ (ones &* UInt64(byte))
        let lows = ~highs
        return ~(((t & lows) &+ lows) | t) & highs
    }

    /// The bytes of `word` that open or close a container, or escape a
    /// byte in a string: brackets, braces and backslashes, each flagged
    /// exactly. (`[` and `]` differ from `{` and `}` only in the bit 0x20,
    /// set here.)
    @inlinable @inline(__always)
    public static func nestingBytes(_ word: UInt64) -> UInt64 {
        let folded = word | (ones &* 0x20)
        return exactBytes(UInt8(ascii: "\\"), in: word) | exactBytes(UInt8(ascii: "{"), in: folded)
            | exactBytes(UInt8(ascii: "}"), in: folded)
    }

    /// The bytes of `word` that may be a bracket, a brace or a backslash:
    /// each of those, and `|` (the one other byte that folds into their
    /// range); zero when it holds none. Fewer steps than `nestingBytes`,
    /// for asking whether a word needs a closer look. Bytes of 0x80 and up
    /// are never flagged.
    @inlinable @inline(__always)
    public static func nestingCandidates(_ word: UInt64) -> UInt64 {
        // Each byte, its high bit cleared and 0x20 set, is 0x20 to 0x7F:
        // `[ \\ ]` and `{ | }` are all 0x7B to 0x7D then, and adding to
        // such bytes never carries into the next one.
        let folded = word & ~highs | ones &* 0x20
        let atLeast7B = (folded &+ ones &* 0x05) & highs, atLeast7E = (folded &+ ones &* 0x02) & highs
        return atLeast7B & ~atLeast7E & ~word
    }

    /// Whether every byte of `text` is below 0x80 (ASCII): 32 bytes at a
    /// time (`endOfASCIIBlocks`), then eight.
    /// - Complexity: O(n) in the number of bytes.
    public static func isASCII(_ text: Span<UInt8>) -> Bool {
        var i = endOfASCIIBlocks(text, from: 0)
        while i + 8 <= text.count {
            if text.word(at: i) & highs != 0 { return false }
            i += 8
        }
        while i < text.count {
            if text[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }
}

extension ByteWords {
    /// Past the whole blocks of sixteen bytes from `start` in which no byte
    /// is a quote, a backslash or a control character, nor, unless
    /// `allowingUTF8`, a byte of 0x80 and up: the run of a long string that
    /// needs no attention, stepped over with SIMD compares. Only whole
    /// blocks are passed, so a word-at-a-time scan from the result finds
    /// the byte that stopped it; near the end of `text`, the result is
    /// where fewer than sixteen bytes are left.
    ///
    /// Swift has no portable movemask: a block is only asked whether any
    /// lane matches, which needs none. `ByteWordsTests` checks it against a
    /// byte-at-a-time reference at every offset.
    /// - Complexity: O(n) in the bytes passed.
    @inlinable
    public static func endOfPlainBlocks(_ text: Span<UInt8>, from start: Int, allowingUTF8: Bool) -> Int {
        // The lanes are made once, outside the loop: a literal compared
        // with a vector is splatted on every use otherwise.
        let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\"")), backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let space = SIMD16<UInt8>(repeating: 0x20), printable = SIMD16<UInt8>(repeating: 0x60)
        var i = start
        if allowingUTF8 {
            while i &+ 16 <= text.count {
                let v = text.vector(at: i)
                if any((v .== quote) .| (v .== backslash) .| (v .< space)) { break }
                i &+= 16
            }
        } else {
            while i &+ 16 <= text.count {
                let v = text.vector(at: i)
                // 0x20 to 0x7F less 0x20 is below 0x60; a control character
                // wraps to 0xE0 and up, and 0x80 and up stays at 0x60 and up.
                if any((v .== quote) .| (v .== backslash) .| ((v &- space) .>= printable)) { break }
                i &+= 16
            }
        }
        return i
    }

    /// Past the whole blocks of sixteen bytes from `start` that are all
    /// ASCII (below 0x80): the run of text that holds no sequence of UTF-8
    /// to look at, four words at a time while they are all ASCII (their
    /// high bits or'd, one test for 32 bytes), then two. As with
    /// `endOfPlainBlocks`, only whole blocks are passed: a scan from the
    /// result finds the byte that stopped it.
    /// - Complexity: O(n) in the bytes passed.
    @inlinable
    public static func endOfASCIIBlocks(_ text: Span<UInt8>, from start: Int) -> Int {
        var i = start
        while i &+ 32 <= text.count {
            let high = text.word(at: i) | text.word(at: i &+ 8) | text.word(at: i &+ 16) | text.word(at: i &+ 24)
            if high & highs != 0 { break }
            i &+= 32
        }
        while i &+ 16 <= text.count {
            if (text.word(at: i) | text.word(at: i &+ 8)) & highs != 0 { break }
            i &+= 16
        }
        return i
    }
}
