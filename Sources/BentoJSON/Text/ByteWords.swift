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

    /// The bytes of `word` that are zero.
    @inlinable @inline(__always)
    public static func zeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// The bytes of `word` that are `byte`.
    @inlinable @inline(__always)
    public static func bytes(_ byte: UInt8, in word: UInt64) -> UInt64 { zeros(word ^ (ones &* UInt64(byte))) }

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
}
