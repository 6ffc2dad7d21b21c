/// JSON Pointers read and set on the text: a field change to a component's
/// props is checked and made without building the component's value.
extension CompactJSON {
    /// The value at a JSON Pointer's `tokens`, found as
    /// `JSONPointer.value(in:)` finds it in the value this text holds; only
    /// that value is built.
    /// - Complexity: O(n) in the size of the text.
    public func value(at tokens: ArraySlice<String>) -> JSONValue? {
        let tape = JSONTape(compact: bytes)
        return Self.locate(tokens, in: tape).map { tape.value(at: $0.value) }
    }

    /// This text with the value at `tokens` set to `value`, or removed
    /// when it is nil, as `JSONPointer.setting(_:in:)` sets it in the value
    /// (a member replaced where it stands or added last, an element
    /// replaced); nil where that gives nil. Nothing else is rewritten.
    /// - Complexity: O(n) in the size of the text.
    public func setting(_ tokens: ArraySlice<String>, to value: JSONValue?) -> CompactJSON? {
        let text = bytes
        let tape = JSONTape(compact: text)
        return Self.setting(tokens, to: value, in: text, tape, at: Self.locate(tokens, in: tape))
    }

    /// This text with the value at `tokens` set to `value` as
    /// `setting(_:to:)` sets it, if what is there now is `old` (nil: none);
    /// nil otherwise. The text is read once for both.
    /// - Complexity: O(n) in the size of the text.
    public func setting(_ tokens: ArraySlice<String>, from old: JSONValue?, to value: JSONValue?) -> CompactJSON? {
        let text = bytes
        // A value replaced where it stands, the most common change: found
        // on the text (`PointedValue`), no tape made.
        if let old, let value, !tokens.isEmpty,
            let range = text.withSpan({ PointedValue.range(of: Array(tokens), in: $0, valueAt: 0) })
        {
            guard Self.holds(old, in: text, at: range) else { return nil }
            return Self.replacing(range, of: text, with: value)
        }
        let tape = JSONTape(compact: text)
        let found = Self.locate(tokens, in: tape)
        guard Self.holds(old, at: found?.value, in: tape) else { return nil }
        return Self.setting(tokens, to: value, in: text, tape, at: found)
    }

    /// Whether the value at `entry` of `tape` (nil: none) is `old`: a
    /// string compared where it is written, not made (a text of megabytes
    /// would be copied, and its memory touched, to be compared once).
    private static func holds(_ old: JSONValue?, at entry: Int?, in tape: JSONTape) -> Bool {
        guard let entry else { return old == nil }
        if case .string(let text)? = old, tape.kind(entry) == .string { return tape.string(at: entry, equals: text) }
        return tape.value(at: entry) == old
    }

    /// Whether the value written at `range` of compact `text` is `old`: a
    /// string compared where it is written, as `holds(_:at:in:)` does.
    private static func holds(_ old: JSONValue, in text: [UInt8], at range: Range<Int>) -> Bool {
        if case .string(let string) = old, text[range.lowerBound] == UInt8(ascii: "\"") {
            return string.withUTF8Span { wanted in
                text.withSpan { whole in
                    let raw = whole.extracting(range.lowerBound + 1..<range.upperBound - 1)
                    return JSONTape.string(raw, escaped: raw.firstIndex(of: UInt8(ascii: "\\"), from: 0) != nil, is: wanted)
                }
            }
        }
        return JSONTape(compact: Array(text[range])).value(at: 0) == old
    }

    /// `text`, whose tape is `tape`, with the value `found` at `tokens`
    /// (nil: none) set to `value`. The text is read from the array the tape
    /// was made of: a copy of a text of megabytes is not made twice.
    private static func setting(
        _ tokens: ArraySlice<String>, to value: JSONValue?, in text: [UInt8], _ tape: JSONTape, at found: (value: Int, key: Int?)?
    ) -> CompactJSON? {
        // The whole text: the value itself.
        guard let last = tokens.last else { return value.map { CompactJSON($0) } }
        var out = room(for: text, value)
        if let (entry, name) = found {
            let range = tape.range(of: entry)
            if let value { return replacing(range, of: text, with: value) }
            // Removed with one comma: the one before it, or after the first.
            var (from, to) = (tape.offset(of: name ?? entry), range.upperBound)
            if text[from - 1] == UInt8(ascii: ",") {
                from -= 1
            } else if text[to] == UInt8(ascii: ",") {
                to += 1
            }
            out += text[..<from]
            out += text[to...]
            return CompactJSON(validated: out)
        }
        guard let value, let (parent, _) = Self.locate(tokens.dropLast(), in: tape), tape.kind(parent) == .object else { return nil }
        let close = tape.range(of: parent).upperBound - 1
        out += text[..<close]
        if tape.count(of: parent) > 0 { out.append(UInt8(ascii: ",")) }
        JSONWriter.writeString(last, to: &out)
        out.append(UInt8(ascii: ":"))
        JSONWriter(style: .compact).write(value, to: &out)
        out += text[close...]
        return CompactJSON(validated: out)
    }

    /// An empty text with room for `text` and `value`'s compact text at
    /// once: grown, a text of megabytes is copied again.
    private static func room(for text: [UInt8], _ value: JSONValue?) -> [UInt8] {
        var out: [UInt8] = []
        let newString = if case .string(let string)? = value { string.utf8.count } else { 0 }
        out.reserveCapacity(text.count + newString + 64)
        return out
    }

    /// `text` with the value written at `range` replaced by `value`.
    private static func replacing(_ range: Range<Int>, of text: [UInt8], with value: JSONValue) -> CompactJSON {
        var out = room(for: text, value)
        out += text[..<range.lowerBound]
        JSONWriter(style: .compact).write(value, to: &out)
        out += text[range.upperBound...]
        return CompactJSON(validated: out)
    }

    /// The entry a JSON Pointer's `tokens` lead to in `tape` (a member by
    /// name, an element by an index as the pointer spells one:
    /// `JSONPointer.index`), and its member name's entry.
    private static func locate(_ tokens: ArraySlice<String>, in tape: JSONTape) -> (value: Int, key: Int?)? {
        tape.locate(steps: tokens.count) { k in
            let token = tokens[tokens.startIndex + k]
            return (token, JSONPointer.index(token))
        }
    }
}
