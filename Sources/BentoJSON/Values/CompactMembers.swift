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

        /// A member whose name's inside is at `name` and value at `value`.
        @inlinable
        public init(name: Range<Int>, escaped: Bool, value: Range<Int>) {
            self.name = name
            self.escaped = escaped
            self.value = value
        }
    }

    @usableFromInline let text: UnsafeBufferPointer<UInt8>
    @usableFromInline var i: Int

    /// The members of the object whose text starts at `start` in `text`.
    @inlinable
    public init(_ text: UnsafeBufferPointer<UInt8>, objectAt start: Int) {
        self.text = text
        i = start + 1
    }

    /// - Complexity: O(n) in the length of the member's text.
    @inlinable
    public mutating func next() -> Member? {
        guard let (name, escaped, start) = nextName() else { return nil }
        let end = Self.endOfValue(text, start)
        resume(after: end)
        return Member(name: name, escaped: escaped, value: start..<end)
    }

    /// The next member's name, and where its value starts, the value not
    /// yet read: the caller reads it (an object, with members of its own)
    /// and hands back where it ends with `resume(after:)`. Each byte is then
    /// read once, where `next()` would skip the value and the caller read it
    /// again.
    @inlinable
    public mutating func nextName() -> (name: Range<Int>, escaped: Bool, value: Int)? {
        guard i < text.count, text[i] == UInt8(ascii: "\"") else { return nil }
        let (nameEnd, escaped) = endOfString(i)
        return (i + 1..<nameEnd - 1, escaped, nameEnd + 1)  // the value is past the colon
    }

    /// Goes on past the value that ends at `end`.
    @inlinable
    public mutating func resume(after end: Int) {
        i = end
        if i < text.count, text[i] == UInt8(ascii: ",") { i += 1 }
    }

    /// Past the object's closing brace, once the members are all read.
    @inlinable public var end: Int { i + 1 }

    @inlinable func endOfString(_ start: Int) -> (Int, Bool) { Self.endOfString(text, start) }

    /// Past the closing quote of the string that starts at `start` in
    /// compact `text`, and whether it holds escapes. Eight bytes at a time:
    /// a word's first quote or backslash is found at once.
    @inlinable
    public static func endOfString(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Int, Bool) {
        let raw = UnsafeRawPointer(text.baseAddress!)
        var j = start + 1, escaped = false
        while true {
            if j + 8 <= text.count {
                let found = ByteWords.quotesAndBackslashes(ByteWords.word(raw, at: j))
                guard found != 0 else {
                    j += 8
                    continue
                }
                j += found.trailingZeroBitCount / 8
            }
            switch text[j] {
            case UInt8(ascii: "\""):
                return (j + 1, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                j += 2
            default:
                j += 1
            }
        }
    }

    /// Past the value that starts at `start` in compact `text`.
    @inlinable
    public static func endOfValue(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        switch text[start] {
        case UInt8(ascii: "\""):
            return endOfString(text, start).0
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var j = start, depth = 0
            repeat {
                switch text[j] {
                case UInt8(ascii: "\""): j = endOfString(text, j).0 - 1
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

extension CompactJSON {
    /// Appends the value of compact `text` as canonical JSON, exactly as
    /// `JSONWriter.canonical` writes the value: members sorted by name in
    /// code point order, one text per number, no white space. Read in
    /// place: strings (written alike in both) and names are copied as they
    /// are, and an object already in order is not sorted.
    /// - Complexity: O(n log n) in the size of the value (members are
    ///   sorted); recursion is bounded by the reader's nesting limit.
    public static func writeCanonical(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard !text.isEmpty else { return }
        writeCanonical(text, at: 0, to: &out)
    }

    private static func writeCanonical(_ text: UnsafeBufferPointer<UInt8>, at start: Int, to out: inout [UInt8]) {
        switch text[start] {
        case UInt8(ascii: "{"):
            var members: [CompactMembers.Member] = []
            members.reserveCapacity(8)  // most objects have a few members: no growing
            for member in CompactMembers(text, objectAt: start) { members.append(member) }
            for k in members.indices.dropFirst() where !precedes(text, members[k - 1], members[k]) {
                members.sort { precedes(text, $0, $1) }
                break
            }
            out.append(UInt8(ascii: "{"))
            for (k, member) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[member.name.lowerBound - 1...member.name.upperBound]))
                out.append(UInt8(ascii: ":"))
                writeCanonical(text, at: member.value.lowerBound, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            out.append(UInt8(ascii: "["))
            var i = start + 1
            while text[i] != UInt8(ascii: "]") {
                if i > start + 1 { out.append(UInt8(ascii: ",")) }
                writeCanonical(text, at: i, to: &out)
                i = CompactMembers.endOfValue(text, i)
                if text[i] == UInt8(ascii: ",") { i += 1 }
            }
            out.append(UInt8(ascii: "]"))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = UnsafeBufferPointer(rebasing: text[start..<CompactMembers.endOfValue(text, start)])
            if JSONNumber.isCanonical(number) {
                out.append(contentsOf: number)
            } else {
                out.append(contentsOf: JSONNumber(validatedText: String(decoding: number, as: UTF8.self)).canonicalText.utf8)
            }
        default:  // strings and literals: as they are
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<CompactMembers.endOfValue(text, start)]))
        }
    }

    /// Whether member `a`'s name comes before `b`'s, by code points (as
    /// UTF-8 bytes, escapes decoded).
    private static func precedes(_ text: UnsafeBufferPointer<UInt8>, _ a: CompactMembers.Member, _ b: CompactMembers.Member) -> Bool {
        guard a.escaped || b.escaped else { return text[a.name].lexicographicallyPrecedes(text[b.name]) }
        func name(_ m: CompactMembers.Member) -> [UInt8] {
            Array(JSONTape.string(UnsafeBufferPointer(rebasing: text[m.name]), escaped: m.escaped).utf8)
        }
        return name(a).lexicographicallyPrecedes(name(b))
    }
}
