/// The members of an object written as compact JSON text (`CompactJSON`:
/// no white space, valid by construction), found in place: each name's
/// inside (escapes as written) and its value's text, nothing allocated.
///
/// What a report reads of a component to draw it: a few members by name,
/// and the text of the others as it is. The cursor holds only where it is;
/// each step is given the text (a span of it) to read.
public struct CompactMembers {
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

    @usableFromInline var i: Int

    /// The members of the object whose text starts at `start`.
    @inlinable
    public init(objectAt start: Int) {
        i = start + 1
    }

    /// The next member of `text`, its value skipped.
    /// - Complexity: O(n) in the length of the member's text.
    @inlinable
    public mutating func next(in text: Span<UInt8>) -> Member? {
        guard let (name, escaped, start) = nextName(in: text) else { return nil }
        let end = Self.endOfValue(text, start)
        resume(after: end, in: text)
        return Member(name: name, escaped: escaped, value: start..<end)
    }

    /// Every member of the object that starts at `start` in `text`.
    /// - Complexity: O(n) in the length of the object's text.
    public static func all(of text: Span<UInt8>, objectAt start: Int) -> [Member] {
        var members: [Member] = []
        members.reserveCapacity(8)  // most objects have a few members: no growing
        var cursor = CompactMembers(objectAt: start)
        while let member = cursor.next(in: text) { members.append(member) }
        return members
    }

    /// The next member's name, and where its value starts, the value not
    /// yet read: the caller reads it (an object, with members of its own)
    /// and hands back where it ends with `resume(after:in:)`. Each byte is
    /// then read once, where `next(in:)` would skip the value and the caller
    /// read it again.
    @inlinable
    public mutating func nextName(in text: Span<UInt8>) -> (name: Range<Int>, escaped: Bool, value: Int)? {
        guard i < text.count, text[i] == UInt8(ascii: "\"") else { return nil }
        let (nameEnd, escaped) = Self.endOfString(text, i)
        return (i + 1..<nameEnd - 1, escaped, nameEnd + 1)  // the value is past the colon
    }

    /// Goes on past the value that ends at `end`.
    @inlinable
    public mutating func resume(after end: Int, in text: Span<UInt8>) {
        i = end
        if i < text.count, text[i] == UInt8(ascii: ",") { i += 1 }
    }

    /// Past the object's closing brace, once the members are all read.
    @inlinable public var end: Int { i + 1 }

    /// Past the closing quote of the string that starts at `start` in
    /// compact `text`, and whether it holds escapes. Eight bytes at a time:
    /// a word's first quote or backslash is found at once; past four words,
    /// sixteen at a time.
    @inlinable
    public static func endOfString(_ text: Span<UInt8>, _ start: Int) -> (Int, Bool) {
        var j = start + 1, escaped = false, words = 0
        while true {
            if j + 8 <= text.count {
                let found = ByteWords.quotesAndBackslashes(text.word(at: j))
                guard found != 0 else {
                    j += 8
                    words &+= 1
                    // It stops at control characters too; a valid string has none.
                    if words == 4 { j = ByteWords.endOfPlainBlocks(text, from: j, allowingUTF8: true) }
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

    /// Past the object or array that starts at `start` in compact `text`.
    /// Sixteen bytes at a time, as two words: words without brackets,
    /// braces or backslashes (`ByteWords.nestingCandidates`) only flip
    /// whether the scan is in a string, by the number of their quotes; the
    /// bytes of a word with some are looked at one by one; four words
    /// inside one string hand the rest of it to `endOfString`. A value of
    /// megabytes is passed over at a few instructions a word, a long string
    /// at fewer.
    @usableFromInline
    static func endOfContainer(_ text: Span<UInt8>, _ start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        var j = start + 1, depth = 1, inString = false, stringWords = 0
        while j + 8 <= text.count {
            // Near the end, one word: a second of zeros holds nothing.
            let words = j + 16 <= text.count ? 2 : 1
            let word = text.word(at: j), second = words == 2 ? text.word(at: j + 8) : 0
            let quotes = ByteWords.exactBytes(quote, in: word), secondQuotes = ByteWords.exactBytes(quote, in: second)
            guard ByteWords.nestingCandidates(word) | ByteWords.nestingCandidates(second) != 0 else {
                if quotes | secondQuotes == 0 && inString {
                    stringWords &+= words
                    if stringWords >= 4 {
                        // Four words into a string: a long one, whose end
                        // is found by the string's own scan, sixteen bytes
                        // at a time.
                        j = endOfString(text, j + 8 * words - 1).0
                        inString = false
                        stringWords = 0
                        continue
                    }
                } else {
                    stringWords = 0
                    if (quotes ^ secondQuotes).nonzeroBitCount & 1 == 1 { inString.toggle() }
                }
                j += 8 * words
                continue
            }
            // The first word byte by byte (the second is read again next).
            stringWords = 0
            var flags = ByteWords.nestingBytes(word) | quotes
            var next = j + 8
            while flags != 0 {
                let k = j + flags.trailingZeroBitCount / 8
                flags &= flags - 1
                let c = text[k]
                if c == UInt8(ascii: "\\") {
                    // In a string: the byte after it is its own; the scan
                    // goes on past it.
                    next = k + 2
                    break
                }
                if let end = Self.step(c, at: k, &depth, &inString) { return end }
            }
            j = next
        }
        while true {
            let c = text[j]
            if c == UInt8(ascii: "\\") {
                j += 2
                continue
            }
            if let end = Self.step(c, at: j, &depth, &inString) { return end }
            j += 1
        }
    }

    /// A quote, bracket or brace at `k` met by `endOfContainer`: where the
    /// container ends, if it does there.
    @inline(__always)
    private static func step(_ c: UInt8, at k: Int, _ depth: inout Int, _ inString: inout Bool) -> Int? {
        switch c {
        case UInt8(ascii: "\""): inString.toggle()
        case UInt8(ascii: "{"), UInt8(ascii: "["): if !inString { depth += 1 }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if !inString {
                depth -= 1
                if depth == 0 { return k + 1 }
            }
        default: break
        }
        return nil
    }

    /// Past the value that starts at `start` in compact `text`, or in any
    /// valid JSON text: a number or a literal ends at white space too.
    @inlinable
    public static func endOfValue(_ text: Span<UInt8>, _ start: Int) -> Int {
        switch text[start] {
        case UInt8(ascii: "\""):
            return endOfString(text, start).0
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return endOfContainer(text, start)
        default:
            var j = start
            // White space is every byte up to 0x20.
            while j < text.count, text[j] > 0x20, text[j] != UInt8(ascii: ","), text[j] != UInt8(ascii: "}"), text[j] != UInt8(ascii: "]") {
                j += 1
            }
            return j
        }
    }
}

extension CompactMembers {
    /// `members` of an object of `text` in the order of their names, by code
    /// points (escapes decoded). Names are compared on their first sixteen
    /// bytes as two words, big-endian, and in full only when those are the
    /// same: a name with no escapes holds no zero byte, so a shorter one,
    /// padded with zeros, comes before every longer one it begins. An
    /// object of 100,000 members is sorted with few calls to compare bytes.
    /// - Complexity: O(n log n) in the number of members.
    public static func sortedByName(_ text: Span<UInt8>, _ members: [Member]) -> [Member] {
        if members.contains(where: { $0.escaped }) {
            let names = members.map { JSONTape.string(text.extracting($0.name), escaped: $0.escaped) }
            return members.indices.sorted { CodePoints.less(names[$0], names[$1]) }.map { members[$0] }
        }
        var keyed = members.indices.map { (key: NameKey(members[$0].name, in: text), member: $0) }
        keyed.sort { a, b in a.key.precedes(b.key, in: text) }
        return keyed.map { members[$0.member] }
    }
}

extension CompactMembers {
    /// How a name without escapes is sorted: its first sixteen bytes as two
    /// words, big-endian, zeros past its end, and the name itself where
    /// those are alike. A name with no escapes holds no zero byte, so a
    /// shorter one, padded with zeros, comes before every longer one it
    /// begins: names are compared in full only when they share sixteen bytes.
    struct NameKey {
        let name: Range<Int>
        private let high: UInt64, low: UInt64

        /// The key of the name whose inside is at `name` of `text`.
        init(_ name: Range<Int>, in text: Span<UInt8>) {
            // Big-endian, zeros past the end: the little-endian word, its bytes swapped.
            func word(from: Int) -> UInt64 {
                text.word(at: name.lowerBound + from, count: max(0, min(8, name.count - from))).byteSwapped
            }
            (self.name, high, low) = (name, word(from: 0), word(from: 8))
        }

        /// The name at `name`, its words not yet read (`init(_:in:)` reads them).
        init(unread name: Range<Int>) {
            (self.name, high, low) = (name, 0, 0)
        }

        /// Whether this name comes before `other`'s in code point order,
        /// both keys read.
        func precedes(_ other: NameKey, in text: Span<UInt8>) -> Bool {
            if high != other.high { return high < other.high }
            if low != other.low { return low < other.low }
            return text.extracting(name).compareBytes(with: text.extracting(other.name)) < 0
        }
    }
}
