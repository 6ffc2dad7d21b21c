#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed JSON text: one entry per value, in document order.
///
/// Containers record where they end, so any value can be skipped in O(1), and
/// every entry keeps the byte offset where it starts, so errors found later
/// (by the schema) still point at a line and column. The tape holds no tree of
/// allocated nodes and no strings: an entry is 8 bytes, its kind is the byte
/// it starts with, and strings are made from the source only when asked for.
/// The schema decoder builds the model straight from it.
public struct JSONTape: Sendable {
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    struct Entry: Sendable {
        /// Byte offset of the value's first byte in the source.
        var offset: UInt32
        /// Arrays and objects: the index of the entry after the container.
        /// Strings: the length of the text between the quotes, with
        /// `escapedFlag` set when it holds a backslash. Numbers: the length.
        var payload: UInt32
    }

    /// Set in a string's payload when its text holds escapes.
    static let escapedFlag: UInt32 = 1 << 31
    /// The largest input: offsets and lengths fit in 31 bits.
    public static let maximumSize = Int(Int32.max)

    /// Object members are laid out as key (a string entry), value, key, value….
    var entries: [Entry] = []
    public let source: SourceText

    init(source: SourceText) {
        self.source = source
    }

    /// The tape of compact JSON text this module wrote itself (`CompactJSON`):
    /// no white space, and valid by construction, so nothing is checked and
    /// nothing but the entries is allocated.
    /// - Complexity: O(n) in the size of the text.
    init(compact text: [UInt8]) {
        source = SourceText(name: "-", bytes: text)
        entries.reserveCapacity(text.count / 6 + 2)
        var open: [Int] = []  // entries of the containers not yet closed
        text.withUnsafeBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                let start = i
                switch bytes[i] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    open.append(entries.count)
                    entries.append(Entry(offset: UInt32(start), payload: 0))
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    entries[open.removeLast()].payload = UInt32(entries.count)
                    i += 1
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    i += 1
                case UInt8(ascii: "\""):
                    i += 1
                    var escaped: UInt32 = 0
                    while bytes[i] != UInt8(ascii: "\"") {
                        if bytes[i] == UInt8(ascii: "\\") {
                            escaped = Self.escapedFlag
                            i += 1
                        }
                        i += 1
                    }
                    entries.append(Entry(offset: UInt32(start), payload: UInt32(i - start - 1) | escaped))
                    i += 1
                case UInt8(ascii: "t"), UInt8(ascii: "n"):
                    entries.append(Entry(offset: UInt32(start), payload: 0))
                    i += 4
                case UInt8(ascii: "f"):
                    entries.append(Entry(offset: UInt32(start), payload: 0))
                    i += 5
                default:
                    // A number: up to the next structural byte.
                    while i < bytes.count, !Self.endsScalar(bytes[i]) { i += 1 }
                    entries.append(Entry(offset: UInt32(start), payload: UInt32(i - start)))
                }
            }
        }
    }

    @inline(__always)
    private static func endsScalar(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: ":")
    }

    /// The kind of the value at `index`, from the byte it starts with.
    @inline(__always)
    func kind(_ index: Int) -> Kind {
        Self.kind(ofByte: source.bytes[Int(entries[index].offset)])
    }

    @inline(__always)
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

    /// The index of the entry after the value at `index`.
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        let c = source.bytes[Int(entry.offset)]
        return c == UInt8(ascii: "{") || c == UInt8(ascii: "[") ? Int(entry.payload) : index + 1
    }

    /// The number of elements of an array, or of members of an object.
    /// - Complexity: O(n) in the number of elements.
    func count(of index: Int) -> Int {
        let end = Int(entries[index].payload)
        let step = kind(index) == .object ? 2 : 1
        var i = index + 1, n = 0
        while i < end {
            i = next(after: i + step - 1)
            n += 1
        }
        return n
    }

    // MARK: Strings and numbers

    /// The bytes between a string's quotes, as written (escapes not decoded),
    /// and whether they hold escapes.
    @inline(__always)
    func rawString(_ index: Int) -> (range: Range<Int>, escaped: Bool) {
        let entry = entries[index]
        let start = Int(entry.offset) + 1
        return (start..<start + Int(entry.payload & ~Self.escapedFlag), entry.payload & Self.escapedFlag != 0)
    }

    /// The string at `index`, escapes decoded.
    func string(at index: Int) -> String {
        let (range, escaped) = rawString(index)
        return source.bytes.withUnsafeBufferPointer { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            return escaped ? String(decoding: Self.unescape(raw), as: UTF8.self) : String(decoding: raw, as: UTF8.self)
        }
    }

    /// The source text of the number at `index`.
    func numberText(at index: Int) -> String {
        let entry = entries[index]
        let start = Int(entry.offset)
        return source.bytes.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(entry.payload)]), as: UTF8.self)
        }
    }

    /// True when the string at `index` (a member name) is `name`, by code
    /// points. Escape-free names, nearly all of them, compare as bytes.
    func string(at index: Int, equals name: String) -> Bool {
        var name = name
        let (range, escaped) = rawString(index)
        return name.withUTF8 { wanted in
            source.bytes.withUnsafeBufferPointer { bytes in
                let raw = UnsafeBufferPointer(rebasing: bytes[range])
                if escaped { return Self.unescape(raw).elementsEqual(wanted) }
                return raw.count == wanted.count && (raw.isEmpty || memcmp(raw.baseAddress!, wanted.baseAddress!, raw.count) == 0)
            }
        }
    }

    /// Decodes the escapes of string text the reader has validated.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
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
                appendUTF8(scalar, to: &out)
            default: out.append(e)  // " \ /
            }
        }
        return out
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in at..<at + 4 {
            let c = raw[k]
            let digit: UInt8 =
                c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : (c | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: Values

    /// The value at `index` as a `JSONValue` tree.
    /// - Complexity: O(n) in the size of the value; recursion is bounded by
    ///   the reader's nesting limit.
    func value(at index: Int) -> JSONValue {
        switch kind(index) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(JSONNumber(validatedText: numberText(at: index)))
        case .string: return .string(string(at: index))
        case .array:
            let end = Int(entries[index].payload)
            var elements: [JSONValue] = []
            var i = index + 1
            while i < end {
                elements.append(value(at: i))
                i = next(after: i)
            }
            return .array(elements)
        case .object:
            let end = Int(entries[index].payload)
            var members: [(key: String, value: JSONValue)] = []
            var i = index + 1
            while i < end {
                members.append((string(at: i), value(at: i + 1)))
                i = next(after: i + 1)
            }
            return .object(JSONObject(members))
        }
    }

    /// The entry index of the value at a coding path, and of the member's key
    /// when the path ends in a member. Used to locate errors; nil where the
    /// path leaves the document.
    func locate(_ path: [any CodingKey]) -> (value: Int, key: Int?)? {
        var index = 0
        var keyIndex: Int?
        for component in path {
            keyIndex = nil
            switch kind(index) {
            case .array:
                let end = Int(entries[index].payload)
                guard let wanted = component.intValue else { return nil }
                var i = index + 1, n = 0
                while i < end && n < wanted { i = next(after: i); n += 1 }
                guard i < end else { return nil }
                index = i
            case .object:
                guard let found = member(component.stringValue, in: index) else { return nil }
                keyIndex = found
                index = found + 1
            default:
                return nil
            }
        }
        return (index, keyIndex)
    }

    /// The entry index of the key of the member named `name` of the object
    /// at `index`, if it has one.
    /// - Complexity: O(n) in the number of members.
    func member(_ name: String, in index: Int) -> Int? {
        let end = Int(entries[index].payload)
        var i = index + 1
        while i < end {
            if string(at: i, equals: name) { return i }
            i = next(after: i + 1)
        }
        return nil
    }

    /// The byte offset where the entry starts.
    func offset(of index: Int) -> Int { Int(entries[index].offset) }
}

/// Appends the UTF-8 encoding of a Unicode scalar value.
func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        buffer.append(UInt8(scalar))
    case 0x80..<0x800:
        buffer.append(UInt8(0xC0 | scalar >> 6))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
        buffer.append(UInt8(0xE0 | scalar >> 12))
        buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    default:
        buffer.append(UInt8(0xF0 | scalar >> 18))
        buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    }
}

extension JSONTape {
    /// Appends the value at `index` as compact JSON text, exactly as
    /// `JSONWriter(style: .compact)` writes the value: no white space,
    /// members in written order, numbers as written, strings escaped only
    /// where JSON requires it. Escape-free strings are copied as they are.
    /// - Parameter omittingMember: the entry of a member name of the value
    ///   (an object) to leave out, e.g. a component's `type`.
    /// - Complexity: O(n) in the size of the value; recursion is bounded by
    ///   the reader's nesting limit.
    func writeCompact(_ index: Int, omittingMember omitted: Int? = nil, to out: inout [UInt8]) {
        entries.withUnsafeBufferPointer { entries in
            source.bytes.withUnsafeBufferPointer { bytes in
                Self.writeCompact(index, omitted ?? -1, entries, bytes, &out)
            }
        }
    }

    private static func writeCompact(
        _ index: Int, _ omitted: Int, _ entries: UnsafeBufferPointer<Entry>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ out: inout [UInt8]
    ) {
        @inline(__always) func next(after i: Int) -> Int {
            let c = bytes[Int(entries[i].offset)]
            return c == UInt8(ascii: "{") || c == UInt8(ascii: "[") ? Int(entries[i].payload) : i + 1
        }
        let entry = entries[index]
        let start = Int(entry.offset)
        switch bytes[start] {
        case UInt8(ascii: "{"):
            out.append(UInt8(ascii: "{"))
            var i = index + 1
            var first = true
            while i < Int(entry.payload) {
                if i != omitted {
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    writeCompact(i, -1, entries, bytes, &out)
                    out.append(UInt8(ascii: ":"))
                    writeCompact(i + 1, -1, entries, bytes, &out)
                }
                i = next(after: i + 1)
            }
            out.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            out.append(UInt8(ascii: "["))
            var i = index + 1
            while i < Int(entry.payload) {
                if i != index + 1 { out.append(UInt8(ascii: ",")) }
                writeCompact(i, -1, entries, bytes, &out)
                i = next(after: i)
            }
            out.append(UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            let count = Int(entry.payload & ~escapedFlag)
            if entry.payload & escapedFlag == 0 {
                // No escapes: no quote, backslash or control character either.
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + count + 2]))
            } else {
                JSONWriter.writeString(
                    utf8: unescape(UnsafeBufferPointer(rebasing: bytes[start + 1..<start + 1 + count])), to: &out)
            }
        case UInt8(ascii: "t"): out.append(contentsOf: "true".utf8)
        case UInt8(ascii: "f"): out.append(contentsOf: "false".utf8)
        case UInt8(ascii: "n"): out.append(contentsOf: "null".utf8)
        default:
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(entry.payload)]))
        }
    }
}
