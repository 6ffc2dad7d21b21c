/// Whole values read in one call: as compact text, or as a `JSONValue`.
extension JSONPullReader {
    /// Appends the next value as compact JSON text, exactly as
    /// `JSONTape.writeCompact` writes it from a tape of the same text.
    /// - Complexity: O(n) in the size of the value.
    public mutating func writeCompact(to out: inout ByteWriter) throws(JSONSyntaxError) {
        switch try kind() {
        case .object:
            try beginObject()
            out.append(UInt8(ascii: "{"))
            var first = true
            while let name = try nextMember() {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeName(name, to: &out)
                out.append(UInt8(ascii: ":"))
                try writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array:
            try beginArray()
            out.append(UInt8(ascii: "["))
            var first = true
            while try nextElement() {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                try writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string:
            let token = try readString()
            storage.withSpan(token.range) { JSONTape.writeCompactString($0, escaped: token.isEscaped, to: &out) }
        case .number:
            let range = try scanNumber()
            storage.withSpan(range) { out.append($0) }
        case .true:
            try literal("true")
            out.append("true" as StaticString)
        case .false:
            try literal("false")
            out.append("false" as StaticString)
        case .null:
            try literal("null")
            out.append("null" as StaticString)
        }
    }

    /// Reads the next value as a `JSONValue`: a scalar as it stands, a
    /// container built from its compact text.
    /// - Complexity: O(n) in the size of the value.
    public mutating func value() throws(JSONSyntaxError) -> JSONValue {
        switch try kind() {
        case .string: return .string(string(try readString()))
        case .number: return .number(JSONNumber(validatedText: try readNumber()))
        case .null:
            try readNull()
            return .null
        case .true, .false:
            let isTrue = storage[scanner.i] == UInt8(ascii: "t")
            try literal(isTrue ? "true" : "false")
            return .bool(isTrue)
        case .array, .object:
            break
        }
        var text = ByteWriter()
        try writeCompact(to: &text)
        return JSONTape(compact: text.array).value(at: 0)
    }
}
