/// A hash of UTF-8 text, eight bytes at a time with multiply-xorshift
/// mixing: far cheaper than `Hasher`'s SipHash on short texts, and hashing
/// short texts is most of what hashing the ids of a file costs. The seed
/// is the caller's (random per process, so that crafted texts cannot be made to collide from
/// one run to the next).
public enum WordHash {
    /// The hash of `text`'s UTF-8 bytes with `seed`.
    /// - Complexity: O(n) in the length of the text.
    public static func hash(_ text: String, seed: UInt64) -> Int {
        text.withUTF8Span { hash($0, seed: seed) }
    }

    /// A JSON string literal for `s` (as `JSONWriter.quoted` writes it), and
    /// the hash of the literal's bytes, made as it is written rather than in
    /// a pass of its own.
    /// - Complexity: O(n) in the length of `s`.
    public static func quoted(_ s: String, seed: UInt64) -> (literal: String, hash: Int) {
        var hash = 0
        let literal = JSONWriter.quoted(s) { hash = Self.hash($0, seed: seed) }
        return (literal, hash)
    }

    /// The hash of `raw` with `seed`.
    /// - Complexity: O(n) in its length.
    public static func hash(_ raw: Span<UInt8>, seed: UInt64) -> Int {
        var h = seed ^ (UInt64(raw.count) &* 0x9E37_79B9_7F4A_7C15)
        var i = 0
        while i + 8 <= raw.count {
            h = (h ^ raw.word(at: i)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            i += 8
        }
        // The last bytes in one or two loads, not one at a time: a word
        // that ends with the text (overlapping the last one hashed), two
        // halves that overlap, or the first, middle and last of one to
        // three. Each covers every byte left, and the length is in `h`, so
        // equal texts hash alike and no byte is left out.
        let rest = raw.count - i
        let tail: UInt64
        if rest == 0 {
            tail = 0
        } else if raw.count >= 8 {
            tail = raw.word(at: raw.count - 8)
        } else if rest >= 4 {
            tail = raw.coveringWord(at: i, count: rest)
        } else {
            tail = UInt64(raw[i]) | UInt64(raw[i + rest / 2]) << 8 | UInt64(raw[i + rest - 1]) << 16
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        h ^= h >> 32
        return Int(truncatingIfNeeded: h)
    }
}
