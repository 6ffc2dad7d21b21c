/// JSON Pointers read and set on the text: a field change to a component's
/// props is checked and made without building the component's value.
extension CompactJSON {
    /// The value at a JSON Pointer's `tokens`, found as
    /// `JSONPointer.value(in:)` finds it in the value this text holds; only
    /// that value is built.
    /// - Complexity: O(n) in the size of the text.
    public func value(at tokens: ArraySlice<String>) -> JSONValue? {
        let tape = JSONTape(compact: bytes)
        return Self.entry(tokens, in: tape).map { tape.value(at: $0) }
    }

    /// This text with the value at `tokens` set to `value`, or removed
    /// when it is nil, as `JSONPointer.setting(_:in:)` sets it in the value
    /// (a member replaced where it stands or added last, an element
    /// replaced); nil where that gives nil. Nothing else is rewritten.
    /// - Complexity: O(n) in the size of the text.
    public func setting(_ tokens: ArraySlice<String>, to value: JSONValue?) -> CompactJSON? {
        let text = bytes
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 64)
        guard let last = tokens.last else {
            guard let value else { return nil }
            return CompactJSON(value)
        }
        let tape = JSONTape(compact: text)
        guard let parent = Self.entry(tokens.dropLast(), in: tape) else { return nil }
        if let (start, entry) = Self.child(last, of: parent, in: tape) {
            let range = tape.range(of: entry)
            if let value {
                out += text[..<range.lowerBound]
                JSONWriter(style: .compact).write(value, to: &out)
                out += text[range.upperBound...]
            } else {
                // Removed with one comma: the one before it, or after the first.
                var (from, to) = (tape.offset(of: start), range.upperBound)
                if text[from - 1] == UInt8(ascii: ",") {
                    from -= 1
                } else if text[to] == UInt8(ascii: ",") {
                    to += 1
                }
                out += text[..<from]
                out += text[to...]
            }
            return CompactJSON(validated: out)
        }
        guard let value, tape.kind(parent) == .object else { return nil }
        let close = tape.range(of: parent).upperBound - 1
        out += text[..<close]
        if tape.count(of: parent) > 0 { out.append(UInt8(ascii: ",")) }
        JSONWriter.writeString(last, to: &out)
        out.append(UInt8(ascii: ":"))
        JSONWriter(style: .compact).write(value, to: &out)
        out += text[close...]
        return CompactJSON(validated: out)
    }

    /// The entry `tokens` lead to from the root.
    private static func entry(_ tokens: ArraySlice<String>, in tape: JSONTape) -> Int? {
        var current = 0
        for token in tokens {
            guard let (_, value) = child(token, of: current, in: tape) else { return nil }
            current = value
        }
        return current
    }

    /// The child `token` names in the container at `index` (a member by
    /// name, an element by index): where it starts (a member's name) and
    /// its value's entry.
    private static func child(_ token: String, of index: Int, in tape: JSONTape) -> (start: Int, value: Int)? {
        switch tape.kind(index) {
        case .object:
            return tape.members(of: index).first { tape.string(at: $0.name, equals: token) }.map { ($0.name, $0.value) }
        case .array:
            guard let k = JSONPointer.index(token), k < tape.count(of: index) else { return nil }
            let element = tape.elements(of: index).dropFirst(k).first { _ in true }!
            return (element, element)
        default:
            return nil
        }
    }
}
