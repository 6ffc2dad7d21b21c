/// RFC 6901 JSON Pointers: `/component/props/title`, with `~0` for `~` and
/// `~1` for `/` inside a name.
public enum JSONPointer {
    /// The reference tokens of `pointer`, unescaped, or nil when it is not a
    /// JSON Pointer (it must be empty or start with `/`, and `~` must be
    /// followed by `0` or `1`). `""` is the whole document (no tokens); `"/"`
    /// is the member named "" (one empty token).
    /// - Complexity: O(n) in the length of the pointer.
    public static func tokens(_ pointer: String) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.utf8.first == UInt8(ascii: "/") else { return nil }
        var tokens: [String] = []
        for raw in pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            var bytes: [UInt8] = []
            var iterator = raw.makeIterator()
            while let byte = iterator.next() {
                guard byte == UInt8(ascii: "~") else {
                    bytes.append(byte)
                    continue
                }
                // `~1` first, then `~0`: each escape is one token, read left to right.
                switch iterator.next() {
                case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
                default: return nil
                }
            }
            tokens.append(String(decoding: bytes, as: UTF8.self))
        }
        return tokens
    }

    /// The value `pointer` names inside `value`, or nil when there is none.
    /// Array indices are decimal without leading zeros, as RFC 6901 writes them.
    /// - Complexity: O(d · m): d tokens, m members per object searched.
    public static func resolve(_ pointer: String, in value: JSONValue) -> JSONValue? {
        guard let tokens = tokens(pointer) else { return nil }
        var current = value
        for token in tokens {
            switch current {
            case .object(let object):
                guard let member = object[token] else { return nil }
                current = member
            case .array(let elements):
                guard let index = arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The array index a token spells (`0`, `17`; not `01`, `-`, `+1`).
    public static func arrayIndex(_ token: String) -> Int? {
        let digits = token.utf8
        guard let first = digits.first, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            first != UInt8(ascii: "0") || digits.count == 1
        else { return nil }
        return Int(token)
    }
}
