/// Long strings that recur, a component's type on every row, kept once: a
/// string equal to one seen before shares that one's storage.
public struct StringPool {
    private var strings: [String] = []

    /// An empty pool.
    public init() {}

    /// The string a reader read, sharing the storage of an equal one seen
    /// before (one written with escapes is decoded, not kept).
    /// - Complexity: O(n) in its length, times the few strings kept (64).
    public mutating func string(_ token: JSONPullReader.StringToken, of reader: JSONPullReader) -> String {
        token.isEscaped ? reader.string(token) : reader.withText(of: token) { string($0) }
    }

    /// The string of the UTF-8 `text` (checked by the reader), sharing the
    /// storage of an equal one seen before.
    /// - Complexity: O(n) in the length of `text`, times the few strings kept (64).
    public mutating func string(_ text: Span<UInt8>) -> String {
        guard text.count > 15 else { return text.string }  // small strings are inline
        for string in strings where string.utf8.count == text.count {
            if string.withUTF8Span({ text.sameBytes(0..<text.count, as: $0) }) { return string }
        }
        let string = text.string
        if strings.count < 64 { strings.append(string) }
        return string
    }
}
