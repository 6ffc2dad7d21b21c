/// An RFC 6901 JSON Pointer: `/box/sections/2/rows/0`, `""` for the whole
/// document, `"/"` for the member named "".
///
/// The pointer is kept as its text, escaped (`~` as `~0`, `/` as `~1`), so
/// that pointers read from field changes and written into a patch are not
/// taken apart and put back together; `tokens` gives them unescaped.
/// Pointers compare by code points, as their tokens would.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The pointer as RFC 6901 text.
    private var text: String

    /// The whole document.
    public static let root = JSONPointer(validText: "")

    private init(validText: String) {
        text = validText
    }

    /// The pointer made of `tokens`, unescaped.
    public init(tokens: [String]) {
        text = ""
        for token in tokens { text += "/" + Self.escape(token) }
    }

    /// Reads pointer text, or nil when it is neither empty nor starts with
    /// `/`, or holds a `~` not followed by `0` or `1`.
    /// - Complexity: O(n) in the length of the text.
    public init?(_ text: String) {
        let valid = text.withUTF8Span { utf8 -> Bool in
            guard !utf8.isEmpty else { return true }
            guard utf8[0] == UInt8(ascii: "/") else { return false }
            // Each `~` looked for at the speed of memory: most pointers have none.
            var from = 0
            while let k = utf8.firstIndex(of: UInt8(ascii: "~"), from: from) {
                guard k + 1 < utf8.count, utf8[k + 1] == UInt8(ascii: "0") || utf8[k + 1] == UInt8(ascii: "1") else { return false }
                from = k + 2
            }
            return true
        }
        guard valid else { return nil }
        self.text = text
    }

    /// The reference tokens, unescaped.
    /// - Complexity: O(n) in the length of the text.
    public var tokens: [String] {
        guard !text.isEmpty else { return [] }
        // Every `/` starts a token (one inside a token is `~1`); a token
        // without `~` is the text between two of them, as it is.
        return text.withUTF8Span { utf8 in
            var tokens: [String] = []
            var start = 1
            while true {
                let end = utf8.firstIndex(of: UInt8(ascii: "/"), from: start) ?? utf8.count
                tokens.append(Self.unescape(utf8.extracting(start..<end)))
                guard end < utf8.count else { return tokens }
                start = end + 1
            }
        }
    }

    /// One token unescaped: `~1` decodes to `/` and `~0` to `~`, each read
    /// once (`~01` is `~1`).
    private static func unescape(_ token: Span<UInt8>) -> String {
        guard token.firstIndex(of: UInt8(ascii: "~"), from: 0) != nil else { return token.string }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.count)
        var escaped = false
        for k in token.indices {
            let c = token[k]
            if escaped {
                bytes.append(c == UInt8(ascii: "0") ? UInt8(ascii: "~") : UInt8(ascii: "/"))
                escaped = false
            } else if c == UInt8(ascii: "~") {
                escaped = true
            } else {
                bytes.append(c)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the pointer is the whole document (`""`).
    public var isRoot: Bool { text.isEmpty }

    /// The pointer as RFC 6901 text.
    public var description: String { text }

    /// The pointer one member deeper.
    public func appending(_ token: String) -> JSONPointer {
        made { bytes in
            bytes.append(UInt8(ascii: "/"))
            token.withUTF8Span { Self.appendEscaped($0, to: &bytes) }
        }
    }

    /// The pointer one array element deeper.
    public func appending(_ index: Int) -> JSONPointer {
        made { $0.append(UInt8(ascii: "/")); $0.append(decimal: index) }
    }

    /// The pointer to element `index` of member `member` (a name that needs
    /// no escape) of element `element`: `/2/rows/0` under this one, made
    /// at once (a patch names a row so for each move).
    public func appending(_ element: Int, _ member: StaticString, _ index: Int) -> JSONPointer {
        // Written into the string as it is made: no array between.
        let room = text.utf8.count + 3 + member.utf8CodeUnitCount + 2 * OutputSpan<UInt8>.decimalBytes
        return JSONPointer(
            validText: String(utf8Count: room) { out in
                text.withUTF8Span { out.append($0) }
                out.append(UInt8(ascii: "/"))
                out.append(decimal: element)
                out.append(UInt8(ascii: "/"))
                member.withSpan { out.append($0) }
                out.append(UInt8(ascii: "/"))
                out.append(decimal: index)
            })
    }

    /// This pointer with what `extend` appends to its text, as UTF-8.
    private func made(_ extend: (inout [UInt8]) -> Void) -> JSONPointer {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 32)
        text.withUTF8Span { bytes.append($0) }
        extend(&bytes)
        return JSONPointer(validText: String(decoding: bytes, as: UTF8.self))
    }

    /// The pointer to the parent container, or nil for the root.
    public var parent: JSONPointer? {
        // Every `/` in the text starts a token: one inside a token is `~1`.
        guard let slash = text.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return JSONPointer(validText: String(text[..<slash]))
    }

    /// Appends the UTF-8 token `token`, escaped by RFC 6901: `~` as `~0`,
    /// then `/` as `~1` (both ASCII: no other scalar's bytes hold them).
    /// - Complexity: O(n) in its length.
    public static func appendEscaped(_ token: Span<UInt8>, to path: inout [UInt8]) {
        // Byte by byte: tokens are short, shorter than a word search pays for.
        var from = 0
        for k in token.indices where Escaped.contains(token[k]) {
            path.append(token.extracting(from..<k))
            path.append(UInt8(ascii: "~"))
            path.append(token[k] == UInt8(ascii: "~") ? UInt8(ascii: "0") : UInt8(ascii: "1"))
            from = k + 1
        }
        path.append(token.extracting(from...))
    }

    /// The bytes a reference token escapes: `~` and `/`.
    public enum Escaped: ByteSet {
        /// Whether `byte` is `~` or `/`.
        @inlinable
        public static func contains(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") }

        /// Whether a byte of `word` may be `~` or `/`: exact when it says no.
        @inlinable @inline(__always)
        public static func mayContain(_ word: UInt64) -> Bool {
            ByteWords.bytes(UInt8(ascii: "~"), in: word) | ByteWords.bytes(UInt8(ascii: "/"), in: word) != 0
        }
    }

    /// RFC 6901 escaping of one token (`appendEscaped`), as a string.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: Escaped.contains) else { return token }
        var escaped: [UInt8] = []
        token.withUTF8Span { appendEscaped($0, to: &escaped) }
        return String(decoding: escaped, as: UTF8.self)
    }

    public static func == (a: JSONPointer, b: JSONPointer) -> Bool {
        CodePoints.equal(a.text, b.text)
    }

    public func hash(into hasher: inout Hasher) {
        CodePoints.hash(text, into: &hasher)
    }

    // MARK: Reading and writing values

    /// The value the pointer refers to in `document`, or nil where it leads
    /// nowhere. An array index must be decimal digits without leading zeros.
    /// - Complexity: O(d) in the pointer's depth, plus member look-ups.
    public func value(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let k = Self.index(token), k < elements.count else { return nil }
                current = elements[k]
            default:
                return nil
            }
        }
        return current
    }

    /// `document` with the value at the pointer set to `value` (a member is
    /// added or replaced; an array element replaced), or removed when `value`
    /// is nil. Returns nil when the parent does not exist, or the index is
    /// out of range, or a removed member is absent.
    /// - Complexity: O(size of the containers along the path).
    public func setting(_ value: JSONValue?, in document: JSONValue) -> JSONValue? {
        Self.set(tokens[...], value, in: document)
    }

    private static func set(_ tokens: ArraySlice<String>, _ value: JSONValue?, in document: JSONValue) -> JSONValue? {
        guard let token = tokens.first else { return value }
        let rest = tokens.dropFirst()
        switch document {
        case .object(var object):
            if rest.isEmpty {
                if value == nil && object[token] == nil { return nil }
                object[token] = value
            } else {
                guard let child = object[token], let updated = set(rest, value, in: child) else { return nil }
                object[token] = updated
            }
            return .object(object)
        case .array(var elements):
            guard let k = index(token), k < elements.count else { return nil }
            if rest.isEmpty {
                if let value { elements[k] = value } else { elements.remove(at: k) }
            } else {
                guard let updated = set(rest, value, in: elements[k]) else { return nil }
                elements[k] = updated
            }
            return .array(elements)
        default:
            return nil
        }
    }

    /// An array index token: `0`, or digits without a leading zero.
    public static func index(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
            first != UInt8(ascii: "0") || utf8.count == 1,
            utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(token)
    }
}
