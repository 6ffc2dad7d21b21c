extension JSONTape {
    /// The tape of compact JSON text this module wrote itself (`CompactJSON`):
    /// valid by construction, so nothing is checked and nothing but the
    /// entries is allocated.
    /// - Complexity: O(n) in the size of the text.
    public init(compact text: [UInt8]) {
        self.init(valid: text, base: 0)
    }

    /// The tape of `text`, a value known to be valid JSON (compact text,
    /// or a value of a text read and checked before), white space and all,
    /// whose offsets count from `base`: the entries `JSONReader` makes,
    /// nothing checked again.
    /// - Complexity: O(n) in the size of the text.
    init(valid text: [UInt8], base: Int) {
        source = SourceText(name: "-", bytes: text)
        self.base = base
        let offset = UInt32(base)
        entries.reserveCapacity(text.count / 6 + 2)
        var open: [Int] = []  // entries of the containers not yet closed
        text.withSpan { bytes in
            var i = 0
            while i < bytes.count {
                let start = i
                switch bytes[i] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    open.append(entries.count)
                    entries.append(Entry(offset: offset + UInt32(start), payload: 0))
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    entries[open.removeLast()].payload = UInt32(entries.count)
                    i += 1
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    i += 1
                case 0x20, 0x0A, 0x0D, 0x09:
                    // Indentation, in runs: stepped over a word at a time.
                    var scanner = JSONScanner(from: i)
                    scanner.skipWhitespace(bytes)
                    i = scanner.i
                case UInt8(ascii: "\""):
                    let (end, escaped) = CompactMembers.endOfString(bytes, start)
                    entries.append(Entry(offset: offset + UInt32(start), payload: UInt32(end - start - 2) | (escaped ? Self.escapedFlag : 0)))
                    i = end
                case UInt8(ascii: "t"), UInt8(ascii: "n"):
                    entries.append(Entry(offset: offset + UInt32(start), payload: 0))
                    i += 4
                case UInt8(ascii: "f"):
                    entries.append(Entry(offset: offset + UInt32(start), payload: 0))
                    i += 5
                default:
                    // A number: up to the next structural byte or white space.
                    while i < bytes.count, !Self.endsScalar(bytes[i]) { i += 1 }
                    entries.append(Entry(offset: offset + UInt32(start), payload: UInt32(i - start)))
                }
            }
        }
    }

    /// Whether `c` ends a number: a comma, a closing bracket, a colon, or
    /// white space.
    @inline(__always)
    static func endsScalar(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: ":") || c <= 0x20
    }

    /// Writes the value at `index`, exactly as `JSONWriter(style:
    /// .compact)` writes the value: escape-free strings are copied as
    /// they are, numbers as written.
    /// - Complexity: O(n) in the size of the value; recursion is bounded by
    ///   the reader's nesting limit.
    public func writeCompact(_ index: Int, to out: inout CompactWriter<ByteWriter>) {
        entries.withSpan { entries in
            source.bytes.withSpan { bytes in
                Self.writeCompact(index, entries, bytes, base, &out)
            }
        }
    }

    /// The value at `index` as compact text.
    /// - Complexity: as `writeCompact(_:to:)`.
    public func compactText(_ index: Int) -> [UInt8] {
        var out = CompactWriter()
        writeCompact(index, to: &out)
        return out.bytes.array
    }

    private static func writeCompact(
        _ index: Int, _ entries: Span<Entry>, _ bytes: Span<UInt8>, _ base: Int, _ out: inout CompactWriter<ByteWriter>
    ) {
        @inline(__always) func next(after i: Int) -> Int {
            let c = bytes[Int(entries[i].offset) - base]
            return c == UInt8(ascii: "{") || c == UInt8(ascii: "[") ? Int(entries[i].payload) : i + 1
        }
        /// Where the string at `i` is written between its quotes, and how.
        @inline(__always) func string(_ i: Int) -> (text: Range<Int>, form: CompactWriter<ByteWriter>.StringText) {
            let start = Int(entries[i].offset) - base + 1
            let payload = entries[i].payload
            return (start..<start + Int(payload & ~escapedFlag), payload & escapedFlag != 0 ? .escaped : .compact)
        }
        let entry = entries[index]
        let start = Int(entry.offset) - base
        switch bytes[start] {
        case UInt8(ascii: "{"):
            out.open(isObject: true)
            var i = index + 1
            while i < Int(entry.payload) {
                let name = string(i)
                out.name(bytes.extracting(name.text), name.form)
                writeCompact(i + 1, entries, bytes, base, &out)
                i = next(after: i + 1)
            }
            out.close(isObject: true)
        case UInt8(ascii: "["):
            out.open(isObject: false)
            var i = index + 1
            while i < Int(entry.payload) {
                writeCompact(i, entries, bytes, base, &out)
                i = next(after: i)
            }
            out.close(isObject: false)
        case UInt8(ascii: "\""):
            let value = string(index)
            out.string(bytes.extracting(value.text), value.form)
        case UInt8(ascii: "t"): out.scalar(bytes.extracting(start..<start + 4))
        case UInt8(ascii: "f"): out.scalar(bytes.extracting(start..<start + 5))
        case UInt8(ascii: "n"): out.scalar(bytes.extracting(start..<start + 4))
        default:
            out.scalar(bytes.extracting(start..<start + Int(entry.payload)))
        }
    }
}
