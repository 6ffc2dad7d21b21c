/// The members of an object written as compact JSON text (`CompactJSON`:
/// no white space, valid by construction), found in place: each name's
/// inside (escapes as written) and its value's text, nothing allocated.
///
/// What a report reads of a component to draw it (`ComponentText`): a few
/// members by name, and the text of the others as it is.
public struct CompactMembers: Sequence, IteratorProtocol {
    /// One member: where its name's inside and its value's text are.
    public struct Member {
        /// The bytes between the name's quotes.
        public var name: Range<Int>
        /// Whether the name holds escapes.
        public var escaped: Bool
        /// The value's compact text.
        public var value: Range<Int>
    }

    private let text: UnsafeBufferPointer<UInt8>
    private var i: Int

    /// The members of the object whose text starts at `start` in `text`.
    public init(_ text: UnsafeBufferPointer<UInt8>, objectAt start: Int) {
        self.text = text
        i = start + 1
    }

    /// - Complexity: O(n) in the length of the member's text.
    public mutating func next() -> Member? {
        guard i < text.count, text[i] == UInt8(ascii: "\"") else { return nil }
        let (nameEnd, escaped) = endOfString(i)
        let name = i + 1..<nameEnd - 1
        let start = nameEnd + 1  // past the colon
        i = endOfValue(start)
        let value = start..<i
        if i < text.count, text[i] == UInt8(ascii: ",") { i += 1 }
        return Member(name: name, escaped: escaped, value: value)
    }

    /// Past the closing quote of the string that starts at `start`, and
    /// whether it holds escapes.
    private func endOfString(_ start: Int) -> (Int, Bool) {
        var j = start + 1, escaped = false
        while text[j] != UInt8(ascii: "\"") {
            if text[j] == UInt8(ascii: "\\") {
                escaped = true
                j += 1
            }
            j += 1
        }
        return (j + 1, escaped)
    }

    /// Past the value that starts at `start`.
    private func endOfValue(_ start: Int) -> Int {
        switch text[start] {
        case UInt8(ascii: "\""):
            return endOfString(start).0
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var j = start, depth = 0
            repeat {
                switch text[j] {
                case UInt8(ascii: "\""): j = endOfString(j).0 - 1
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                j += 1
            } while depth > 0
            return j
        default:
            var j = start
            while j < text.count, text[j] != UInt8(ascii: ","), text[j] != UInt8(ascii: "}"), text[j] != UInt8(ascii: "]") {
                j += 1
            }
            return j
        }
    }
}
