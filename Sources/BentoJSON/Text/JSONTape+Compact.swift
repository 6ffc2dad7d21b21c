extension JSONTape {
    /// The tape of compact JSON text this module wrote itself (`CompactJSON`):
    /// no white space, and valid by construction, so nothing is checked and
    /// nothing but the entries is allocated.
    /// - Complexity: O(n) in the size of the text.
    public init(compact text: [UInt8]) {
        source = SourceText(name: "-", bytes: text)
        base = 0
        entries.reserveCapacity(text.count / 6 + 2)
        var open: [Int] = []  // entries of the containers not yet closed
        text.withSpan { bytes in
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

    /// Appends the value at `index` as compact JSON text, exactly as
    /// `JSONWriter(style: .compact)` writes the value: no white space,
    /// members in written order, numbers as written, strings escaped only
    /// where JSON requires it. Escape-free strings are copied as they are.
    /// - Parameter omittingMember: the entry of a member name of the value
    ///   (an object) to leave out, e.g. a component's `type`.
    /// - Complexity: O(n) in the size of the value; recursion is bounded by
    ///   the reader's nesting limit.
    public func writeCompact(_ index: Int, omittingMember omitted: Int? = nil, to out: inout [UInt8]) {
        entries.withSpan { entries in
            source.bytes.withSpan { bytes in
                Self.writeCompact(index, omitted ?? -1, entries, bytes, base, &out)
            }
        }
    }

    private static func writeCompact(
        _ index: Int, _ omitted: Int, _ entries: Span<Entry>, _ bytes: Span<UInt8>, _ base: Int,
        _ out: inout [UInt8]
    ) {
        @inline(__always) func next(after i: Int) -> Int {
            let c = bytes[Int(entries[i].offset) - base]
            return c == UInt8(ascii: "{") || c == UInt8(ascii: "[") ? Int(entries[i].payload) : i + 1
        }
        let entry = entries[index]
        let start = Int(entry.offset) - base
        switch bytes[start] {
        case UInt8(ascii: "{"):
            out.append(UInt8(ascii: "{"))
            var i = index + 1
            var first = true
            while i < Int(entry.payload) {
                if i != omitted {
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    writeCompact(i, -1, entries, bytes, base, &out)
                    out.append(UInt8(ascii: ":"))
                    writeCompact(i + 1, -1, entries, bytes, base, &out)
                }
                i = next(after: i + 1)
            }
            out.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            out.append(UInt8(ascii: "["))
            var i = index + 1
            while i < Int(entry.payload) {
                if i != index + 1 { out.append(UInt8(ascii: ",")) }
                writeCompact(i, -1, entries, bytes, base, &out)
                i = next(after: i)
            }
            out.append(UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            let count = Int(entry.payload & ~escapedFlag)
            writeCompactString(
                bytes.extracting(start + 1..<start + 1 + count), escaped: entry.payload & escapedFlag != 0,
                to: &out)
        case UInt8(ascii: "t"): out.append(contentsOf: "true".utf8)
        case UInt8(ascii: "f"): out.append(contentsOf: "false".utf8)
        case UInt8(ascii: "n"): out.append(contentsOf: "null".utf8)
        default:
            out.append(bytes.extracting(start..<start + Int(entry.payload)))
        }
    }
}
