/// A parsed JSON text: one entry per value, in document order.
///
/// Containers record where they end, so any value can be skipped in O(1), and
/// every entry keeps the byte offset where it starts, so errors found later
/// (by a schema) still point at a line and column. The tape holds no tree of
/// allocated nodes and no strings: an entry is 8 bytes, its kind is the byte
/// it starts with, and strings are made from the source only when asked for.
///
/// Values are named by their entry index: the document is entry 0, an
/// array's elements follow it (`elements(of:)`), an object's members follow
/// it as name, value, name, value… (`members(of:)`).
public struct JSONTape: Sendable {
    /// The JSON type of a value.
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    @usableFromInline
    struct Entry: Sendable {
        /// Byte offset of the value's first byte in the source.
        @usableFromInline var offset: UInt32
        /// Arrays and objects: the index of the entry after the container.
        /// Strings: the length of the text between the quotes, with
        /// `escapedFlag` set when it holds a backslash. Numbers: the length.
        @usableFromInline var payload: UInt32

        @usableFromInline
        init(offset: UInt32, payload: UInt32) {
            self.offset = offset
            self.payload = payload
        }
    }

    /// Set in a string's payload when its text holds escapes.
    @usableFromInline static let escapedFlag: UInt32 = 1 << 31
    /// The largest input: offsets and lengths fit in 31 bits.
    public static let maximumSize = Int(Int32.max)

    /// The size of the tape of a text of `count` bytes at most: an entry of
    /// 8 bytes for a value, and a value takes two bytes at least.
    static func bound(_ count: Int) -> Int { count / 2 * 8 + 64 }

    @usableFromInline var entries: [Entry] = []
    /// The text the tape was read from.
    public let source: SourceText
    /// Where `source` starts in the text the offsets count in: 0, or, for
    /// a value parsed alone (`JSONReader.parse(_:valueAt:)`), where the
    /// value is written in its whole text.
    @usableFromInline let base: Int

    /// An empty tape of a whole text (a value parsed alone is given its
    /// base by `init(valid:base:)`).
    init(source: SourceText) {
        self.source = source
        base = 0
    }

    /// The byte at `offset` of the text the offsets count in.
    @inlinable
    func byte(at offset: Int) -> UInt8 { source.bytes[offset - base] }

    /// `body`'s result with the bytes in `range` of the text the offsets
    /// count in.
    @inlinable
    func withSpan<R>(_ range: Range<Int>, _ body: (Span<UInt8>) -> R) -> R {
        source.bytes.withSpan { body($0.extracting((range.lowerBound - base)..<(range.upperBound - base))) }
    }

    /// A copy of the bytes in `range` of the text the offsets count in.
    /// - Complexity: O(n) in the length of the range.
    public func bytes(_ range: Range<Int>) -> [UInt8] { withSpan(range) { $0.array } }

    // MARK: Navigation

    /// The kind of the value at `index`, from the byte it starts with.
    /// - Complexity: O(1).
    @inlinable
    public func kind(_ index: Int) -> Kind {
        Self.kind(ofByte: byte(at: Int(entries[index].offset)))
    }

    @inlinable @inline(__always)
    static func kind(ofByte c: UInt8) -> Kind {
        switch c {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"): .true
        case UInt8(ascii: "f"): .false
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    /// The index of the entry after the value at `index` (and all it holds).
    /// - Complexity: O(1).
    @inlinable
    public func next(after index: Int) -> Int {
        let entry = entries[index]
        let c = byte(at: Int(entry.offset))
        return c == UInt8(ascii: "{") || c == UInt8(ascii: "[") ? Int(entry.payload) : index + 1
    }

    /// The index of the entry after the container at `index`: its elements
    /// or members are the entries before it.
    /// - Complexity: O(1).
    @inlinable
    public func end(of index: Int) -> Int { Int(entries[index].payload) }

    /// The number of elements of an array, or of members of an object.
    /// - Complexity: O(n) in the number of elements.
    public func count(of index: Int) -> Int {
        let end = Int(entries[index].payload)
        let step = kind(index) == .object ? 2 : 1
        var i = index + 1, n = 0
        while i < end {
            i = next(after: i + step - 1)
            n += 1
        }
        return n
    }

    /// The entries of the elements of the array at `index`, in order.
    @inlinable
    public func elements(of index: Int) -> Elements { Elements(cursor: Cursor(self, inside: index)) }

    /// The entries of the name and the value of each member of the object at
    /// `index`, in written order.
    @inlinable
    public func members(of index: Int) -> Members { Members(cursor: Cursor(self, inside: index)) }

    /// The members of the object at `index`, in an array made to their
    /// number (`Array(members(of:))` grows one from nothing).
    /// - Complexity: O(c) in its children.
    public func memberArray(of index: Int) -> [(name: Int, value: Int)] {
        var members: [(name: Int, value: Int)] = []
        members.reserveCapacity(childrenBound(of: index) / 2)
        for member in self.members(of: index) { members.append(member) }
        return members
    }

    /// The elements of the array at `index`, in an array made to their number.
    /// - Complexity: O(c) in its children.
    public func elementArray(of index: Int) -> [Int] {
        var elements: [Int] = []
        elements.reserveCapacity(childrenBound(of: index))
        for element in self.elements(of: index) { elements.append(element) }
        return elements
    }

    /// At least as many children as the container at `index` has: its
    /// entries (children's children too), up to a bound past which an
    /// array grows as it would.
    func childrenBound(of index: Int) -> Int { Swift.min(end(of: index) - index - 1, 256) }

    /// The elements of an array, as entry indices.
    public struct Elements: Sequence, IteratorProtocol {
        @usableFromInline var cursor: Cursor

        @inlinable
        init(cursor: Cursor) { self.cursor = cursor }

        @inlinable
        public mutating func next() -> Int? { cursor.next(skipping: 0) }
    }

    /// The members of an object, as the entry indices of each name and value.
    public struct Members: Sequence, IteratorProtocol {
        @usableFromInline var cursor: Cursor

        @inlinable
        init(cursor: Cursor) { self.cursor = cursor }

        @inlinable
        public mutating func next() -> (name: Int, value: Int)? { cursor.next(skipping: 1).map { ($0, $0 + 1) } }
    }

    /// A walk over the entries inside one container, one child at a time.
    @usableFromInline
    struct Cursor {
        @usableFromInline let tape: JSONTape
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable
        init(_ tape: JSONTape, inside container: Int) {
            self.tape = tape
            position = container + 1
            end = Int(tape.entries[container].payload)
        }

        /// The entry at the cursor, then past it and the `skipping` entries
        /// before its value (1 for a member's name).
        @inlinable
        mutating func next(skipping: Int) -> Int? {
            guard position < end else { return nil }
            defer { position = tape.next(after: position + skipping) }
            return position
        }
    }

    /// The entry of the name of the member `name` of the object at `index`,
    /// if it has one; its value is the entry after it.
    /// - Complexity: O(n) in the number of members.
    public func member(_ name: String, in index: Int) -> Int? {
        for (key, _) in members(of: index) where string(at: key, equals: name) { return key }
        return nil
    }

    /// Which of a schema's keys (`CodingKeys.allCases`, kept in a constant:
    /// `allCases` makes a new array each time) the member name at `index`
    /// is, compared by code points without making a string; nil for any
    /// other name.
    /// - Complexity: O(k) in the number of keys.
    @inlinable
    public func key<Key: CodingKey>(at index: Int, among keys: [Key]) -> Key? {
        for key in keys where string(at: index, equals: key.stringValue) { return key }
        return nil
    }

    /// The byte offset where the value at `index` starts in the source.
    public func offset(of index: Int) -> Int { Int(entries[index].offset) }

    /// The bytes of the source the value at `index` is written in.
    /// - Complexity: O(1) for a scalar; for a container, the number of its
    ///   children, and of its last child's, and so on down.
    public func range(of index: Int) -> Range<Int> {
        let start = offset(of: index)
        switch kind(index) {
        case .string: return start..<start + rawString(index).range.count + 2
        case .number: return numberRange(index)
        case .true, .null: return start..<start + 4
        case .false: return start..<start + 5
        case .array, .object:
            // After the last child (or the opening bracket), white space, then the closing bracket.
            var last: Int?
            if kind(index) == .object {
                for (_, value) in members(of: index) { last = value }
            } else {
                for element in elements(of: index) { last = element }
            }
            var end = last.map { range(of: $0).upperBound } ?? start + 1
            while byte(at: end) != UInt8(ascii: "}") && byte(at: end) != UInt8(ascii: "]") { end += 1 }
            return start..<end + 1
        }
    }

    // MARK: Strings and numbers

    /// The bytes between a string's quotes, as written (escapes not decoded),
    /// and whether they hold escapes.
    @inlinable
    public func rawString(_ index: Int) -> (range: Range<Int>, escaped: Bool) {
        let entry = entries[index]
        let start = Int(entry.offset) + 1
        return (start..<start + Int(entry.payload & ~Self.escapedFlag), entry.payload & Self.escapedFlag != 0)
    }

    /// The string at `index`, escapes decoded.
    public func string(at index: Int) -> String {
        let (range, escaped) = rawString(index)
        return withSpan(range) { Self.string($0, escaped: escaped) }
    }

    /// The string whose text between the quotes is `text`, read and checked
    /// by the reader (escapes decoded when `escaped`).
    public static func string(_ text: Span<UInt8>, escaped: Bool) -> String {
        escaped ? String(decoding: unescape(text), as: UTF8.self) : text.string
    }

    /// The source text of the number at `index`.
    public func numberText(at index: Int) -> String {
        let range = numberRange(index)
        return withSpan(range) { $0.string }
    }

    /// Where the number at `index` is written in the source.
    public func numberRange(_ index: Int) -> Range<Int> {
        let entry = entries[index]
        return Int(entry.offset)..<Int(entry.offset) + Int(entry.payload)
    }

    /// True when the string at `index` (a member name) is `name`, by code
    /// points. Escape-free names, nearly all of them, compare as bytes.
    @inlinable
    public func string(at index: Int, equals name: String) -> Bool {
        let (range, escaped) = rawString(index)
        return name.withUTF8Span { wanted in withSpan(range) { Self.string($0, escaped: escaped, is: wanted) } }
    }

    /// True when the string whose text between the quotes is `raw` (with
    /// escapes when `escaped`) has the UTF-8 bytes `wanted`: the same code
    /// points. Escape-free text compares as bytes.
    @inlinable
    static func string(_ raw: Span<UInt8>, escaped: Bool, is wanted: Span<UInt8>) -> Bool {
        guard escaped else { return raw.sameBytes(as: wanted) }
        return unescape(raw).withSpan { $0.sameBytes(as: wanted) }
    }

    /// True when the string at `index`, escapes decoded, starts with the
    /// ASCII character `first` (`$` for a schema's comment members).
    @inlinable
    public func string(at index: Int, startsWith first: UInt8) -> Bool {
        let (range, escaped) = rawString(index)
        if escaped { return string(at: index).utf8.first == first }
        return !range.isEmpty && byte(at: range.lowerBound) == first
    }

    /// Decodes the escapes of string text the reader has validated.
    @usableFromInline
    static func unescape(_ raw: Span<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let c = raw[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(raw, i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(raw, i + 2) - 0xDC00)
                    i += 6
                }
                UTF8Encoding.append(scalar, to: &out)
            default: out.append(e)  // " \ /
            }
        }
        return out
    }

    private static func hex4(_ raw: Span<UInt8>, _ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in at..<at + 4 {
            let c = raw[k]
            let digit: UInt8 =
                c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : (c | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
