extension JSONTape {
    /// Appends the value at `index` as canonical JSON, exactly as
    /// `JSONWriter.canonical` writes the value: members sorted by name in
    /// code point order, one text per number, no white space. Read from the
    /// tape, without building the value: escape-free strings (nearly all)
    /// are copied as written.
    /// - Complexity: O(n log n) in the size of the value (members are
    ///   sorted); recursion is bounded by the reader's nesting limit.
    public func writeCanonical(_ index: Int, to out: inout [UInt8]) {
        switch kind(index) {
        case .object:
            // Names compare by code points: as UTF-8 bytes, once unescaped.
            // Most objects are written sorted already: then nothing moves.
            var sorted: [(name: ArraySlice<UInt8>, value: Int)] = []
            var inOrder = true
            for (name, value) in members(of: index) {
                let bytes = nameBytes(name)
                if inOrder, let last = sorted.last, !last.name.lexicographicallyPrecedes(bytes) { inOrder = false }
                sorted.append((bytes, value))
            }
            if !inOrder { sorted.sort { $0.name.lexicographicallyPrecedes($1.name) } }
            out.append(UInt8(ascii: "{"))
            for (k, member) in sorted.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(utf8: member.name, to: &out)
                out.append(UInt8(ascii: ":"))
                writeCanonical(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array:
            out.append(UInt8(ascii: "["))
            for (k, element) in elements(of: index).enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                writeCanonical(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string:
            // Compact and canonical strings are written alike.
            let (range, escaped) = rawString(index)
            source.bytes.withUnsafeBufferPointer {
                Self.writeCompactString(UnsafeBufferPointer(rebasing: $0[range]), escaped: escaped, to: &out)
            }
        case .number:
            let text = source.bytes[numberRange(index)]
            if JSONNumber.isCanonical(text) {
                out.append(contentsOf: text)
            } else {
                out.append(contentsOf: JSONNumber(validatedText: numberText(at: index)).canonicalText.utf8)
            }
        case .true: out.append(contentsOf: "true".utf8)
        case .false: out.append(contentsOf: "false".utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    /// A member name's UTF-8 bytes, escapes decoded.
    private func nameBytes(_ index: Int) -> ArraySlice<UInt8> {
        let (range, escaped) = rawString(index)
        return escaped ? ArraySlice(string(at: index).utf8) : source.bytes[range]
    }
}
