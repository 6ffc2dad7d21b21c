/// A set of bytes to find in text, eight bytes at a time: a few single
/// bytes, and the bytes below a limit (control characters) less some of
/// them. What an escaper looks for (`&`, `<`, quotes, controls), found by
/// word tests that are exact when they say no.
public struct ByteClass: Sendable {
    /// Membership, one bit a byte.
    @usableFromInline let bits: (UInt64, UInt64, UInt64, UInt64)
    /// The single bytes, each repeated across a word (the list padded with
    /// the first of them), tested a word at a time.
    @usableFromInline let singles: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// Every byte below this is tested a word at a time (0: none).
    @usableFromInline let below: UInt8

    /// The bytes `singles` (one to six of them), and those below `below`
    /// (at most 0x80) but `except`.
    public init(_ singles: [UInt8], below: UInt8 = 0, except: [UInt8] = []) {
        precondition(below <= 0x80, "a limit above ASCII")
        precondition((1...6).contains(singles.count), "one to six single bytes")
        var bits: [UInt64] = [0, 0, 0, 0]
        for byte in singles { bits[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
        for byte in 0..<below where !except.contains(byte) { bits[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
        self.bits = (bits[0], bits[1], bits[2], bits[3])
        let words = (0..<6).map { ByteWords.ones &* UInt64(singles[$0 < singles.count ? $0 : 0]) }
        self.singles = (words[0], words[1], words[2], words[3], words[4], words[5])
        self.below = below
    }

    /// Whether `byte` is in the set.
    @inlinable @inline(__always)
    public func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = bits.0
        case 1: word = bits.1
        case 2: word = bits.2
        default: word = bits.3
        }
        return word >> UInt64(byte & 63) & 1 != 0
    }

    /// Whether a byte of `word` may be in the set; exact when it says no.
    @inlinable @inline(__always)
    func mayContain(_ word: UInt64) -> Bool {
        var found = below > 0 ? ByteWords.bytes(below: below, in: word) : 0
        found |= ByteWords.zeros(word ^ singles.0) | ByteWords.zeros(word ^ singles.1) | ByteWords.zeros(word ^ singles.2)
        found |= ByteWords.zeros(word ^ singles.3) | ByteWords.zeros(word ^ singles.4) | ByteWords.zeros(word ^ singles.5)
        return found != 0
    }
}

extension Span where Element == UInt8 {
    /// Where the first byte of `set` is at or after `start`: runs with none,
    /// nearly all text, are looked through eight bytes at a time.
    /// - Complexity: O(n) in the distance searched.
    @inlinable
    public func firstIndex(in set: ByteClass, from start: Int) -> Int? {
        var i = start
        while i < count {
            if i + 8 <= count {
                if !set.mayContain(word(at: i)) {
                    i += 8
                    continue
                }
            } else if count >= 8 {
                // The last bytes, as the last word of the text.
                if !set.mayContain(word(at: count - 8)) { return nil }
            } else if count - i >= 4 {
                if !set.mayContain(coveringWord(at: i, count: count - i)) { return nil }
            }
            for j in i..<Swift.min(i + 8, count) where set.contains(self[j]) { return j }
            i += 8
        }
        return nil
    }
}
