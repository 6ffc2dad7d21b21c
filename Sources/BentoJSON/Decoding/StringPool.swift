import Synchronization

/// Long strings that recur, a component's type on every row, kept once: a
/// string equal to one seen before shares that one's storage.
public struct StringPool {
    private var strings: [String] = []
    /// Where a string this pool meets for the first time is looked up, so
    /// that pools that share it share their strings too.
    private let shared: SharedStrings?
    /// How many strings a pool keeps.
    private static let capacity = 64

    /// An empty pool, whose strings are shared with those of the other
    /// pools that share `shared`.
    public init(sharing shared: SharedStrings? = nil) {
        self.shared = shared
    }

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
        if let string = strings.first(spelled: text) { return string }
        // Past the names a pool keeps, a document's names are many and each
        // is rare: they are made here, not looked up under the shared lock
        // at every row.
        guard strings.count < Self.capacity else { return text.string }
        let string = shared?.string(text) ?? text.string
        strings.append(string)
        return string
    }
}

/// Strings kept once for all the pools that share them, on any thread:
/// documents read at once on two threads then hold one string for equal
/// text, and comparing two of them compares two words. Each pool asks only
/// for the strings it meets for the first time.
public final class SharedStrings: Sendable {
    private let strings = Mutex<[String]>([])
    /// How many are kept; past them, a pool keeps its own.
    private static let capacity = 256

    /// An empty set.
    public init() {}

    /// The kept string of the UTF-8 `text`, kept now if it was not.
    /// - Complexity: O(n) in the length of `text`, times the strings kept.
    func string(_ text: Span<UInt8>) -> String {
        strings.withLock { strings in
            if let string = strings.first(spelled: text) { return string }
            let string = text.string
            if strings.count < Self.capacity { strings.append(string) }
            return string
        }
    }
}

extension [String] {
    /// The string whose UTF-8 bytes are `text`, if there is one.
    /// - Complexity: O(n) in the strings, times the length of `text`.
    fileprivate func first(spelled text: Span<UInt8>) -> String? {
        // Each string is looked at in place: a copy of it would count its
        // references up and down, and the strings of a shared pool are
        // counted from every core that reads.
        for k in indices where self[k].utf8.count == text.count {
            if self[k].withUTF8Span({ text.sameBytes(0..<text.count, as: $0) }) { return self[k] }
        }
        return nil
    }
}
