/// A set of bytes to find in text, eight bytes at a time: what an escaper
/// looks for (`&`, `<`, quotes, control characters), as a type whose tests
/// are constants. The search (`Span.firstIndex(in:from:)`) is specialized
/// for each set, so a word is tested with the set's own few operations,
/// its constants folded in, not with a table read at every step.
///
/// A set builds its word test from `ByteWords`' (`bytes(_:in:)`,
/// `bytes(below:in:)`, `bytes(either:_:in:)`).
public protocol ByteSet {
    /// Whether `byte` is in the set.
    static func contains(_ byte: UInt8) -> Bool
    /// Whether a byte of `word` may be in the set: exact when it says no.
    static func mayContain(_ word: UInt64) -> Bool
}

extension Span where Element == UInt8 {
    /// Where the first byte of `set` is at or after `start`: runs with none,
    /// nearly all text, are looked through eight bytes at a time.
    /// - Complexity: O(n) in the distance searched.
    @inlinable
    public func firstIndex<Set: ByteSet>(in set: Set.Type, from start: Int) -> Int? {
        var i = start
        while i < count {
            if i + 8 <= count {
                if !Set.mayContain(word(at: i)) {
                    i += 8
                    continue
                }
            } else if count >= 8 {
                // The last bytes, as the last word of the text.
                if !Set.mayContain(word(at: count - 8)) { return nil }
            } else if count - i >= 4 {
                if !Set.mayContain(coveringWord(at: i, count: count - i)) { return nil }
            }
            for j in i..<Swift.min(i + 8, count) where Set.contains(self[j]) { return j }
            i += 8
        }
        return nil
    }
}
