/// Where a JSON Pointer leads in a valid JSON text, found on the bytes:
/// the containers on the way are walked member by member, and every value
/// passed over is skipped by its brackets and quotes, not parsed
/// (`CompactMembers.endOfValue`, which white space ends too). What an
/// edit that replaces a few values of a row needs to know, at a few
/// instructions a byte, without a tape of the row.
///
/// The text must be valid JSON (as a screen read whole is): nothing is
/// checked on the way.
public enum PointedValue {
    /// The range of the value that `tokens` lead to, from the value that
    /// starts at `start` of `text` (white space before it skipped): a
    /// member by its name (escapes decoded, compared by code points), an
    /// element by an index as a pointer spells one (`JSONPointer.index`).
    /// Nil where there is none.
    /// - Complexity: O(n) in the bytes from `start` to the value's end.
    public static func range(of tokens: [String], in text: Span<UInt8>, valueAt start: Int) -> Range<Int>? {
        var at = skipWhitespace(text, start)
        for token in tokens {
            guard at < text.count, let next = child(token, in: text, containerAt: at) else { return nil }
            at = next
        }
        guard at < text.count else { return nil }
        return at..<CompactMembers.endOfValue(text, at)
    }

    /// Where the value of the member or element `token` of the container
    /// at `start` begins.
    private static func child(_ token: String, in text: Span<UInt8>, containerAt start: Int) -> Int? {
        switch text[start] {
        case UInt8(ascii: "{"):
            return token.withUTF8Span { wanted in
                var i = skipWhitespace(text, start + 1)
                while i < text.count, text[i] == UInt8(ascii: "\"") {
                    let (end, escaped) = CompactMembers.endOfString(text, i)
                    let value = skipWhitespace(text, skipWhitespace(text, end) + 1)  // past the colon
                    if JSONTape.string(text.extracting(i + 1..<end - 1), escaped: escaped, is: wanted) { return value }
                    i = skipWhitespace(text, CompactMembers.endOfValue(text, value))
                    guard i < text.count, text[i] == UInt8(ascii: ",") else { return nil }
                    i = skipWhitespace(text, i + 1)
                }
                return nil
            }
        case UInt8(ascii: "["):
            guard let index = JSONPointer.index(token) else { return nil }
            var i = skipWhitespace(text, start + 1)
            guard i < text.count, text[i] != UInt8(ascii: "]") else { return nil }
            for _ in 0..<index {
                i = skipWhitespace(text, CompactMembers.endOfValue(text, i))
                guard i < text.count, text[i] == UInt8(ascii: ",") else { return nil }
                i = skipWhitespace(text, i + 1)
            }
            return i
        default:
            return nil
        }
    }

    /// Past the white space at `start`, as the reader steps over it.
    private static func skipWhitespace(_ text: Span<UInt8>, _ start: Int) -> Int {
        var scanner = JSONScanner(from: start)
        scanner.skipWhitespace(text)
        return scanner.i
    }
}
