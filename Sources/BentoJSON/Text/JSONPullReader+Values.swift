/// Whole values read in one call: as compact text, or as a `JSONValue`.
extension JSONPullReader {
    /// Writes the next value, exactly as `JSONTape.writeCompact` writes
    /// it from a tape of the same text.
    /// - Complexity: O(n) in the size of the value.
    public mutating func writeCompact(to out: inout CompactWriter<ByteWriter>) throws(JSONSyntaxError) {
        let kind = try kind()
        switch kind {
        case .object:
            try openAtHand(isObject: true)
            out.open(isObject: true)
            while let name = try nextMember() {
                writeName(name, to: &out)
                try writeCompact(to: &out)
            }
            out.close(isObject: true)
        case .array:
            try openAtHand(isObject: false)
            out.open(isObject: false)
            while try nextElement() { try writeCompact(to: &out) }
            out.close(isObject: false)
        case .string:
            let token = try readStringAtHand()
            storage.withSpan(token.range) { out.string($0, token.isEscaped ? .escaped : .compact) }
        case .number:
            let range = try scanNumber()
            storage.withSpan(range) { out.scalar($0) }
        case .true, .false, .null:
            let word: StaticString = kind == .true ? "true" : kind == .false ? "false" : "null"
            try literal(word)
            word.withSpan { out.scalar($0) }
        }
    }

    /// Reads the next value as a `JSONValue`: a scalar as it stands, a
    /// container built from its compact text.
    /// - Complexity: O(n) in the size of the value.
    public mutating func value() throws(JSONSyntaxError) -> JSONValue {
        switch try kind() {
        case .string: return .string(string(try readStringAtHand()))
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
        var text = CompactWriter()
        try writeCompact(to: &text)
        return JSONTape(compact: text.bytes.array).value(at: 0)
    }

    /// The number that comes next when it is written as an integer that an
    /// `Int` holds (`2`, `-1`), as `Int(_:)` reads its text; nil for any
    /// other number (`2.0`, `2e0`, one too large). No string is made.
    public mutating func readInteger() throws(JSONSyntaxError) -> Int? {
        guard try kind() == .number else { throw scanner.fail("expected a number") }
        let range = try scanNumber()
        return storage.withSpan(range) { Self.integer($0) }
    }

    /// The integer `digits` write (a minus sign, then decimal digits), nil
    /// when they write another number or one out of `Int`'s range.
    static func integer(_ digits: Span<UInt8>) -> Int? {
        let negative = !digits.isEmpty && digits[0] == UInt8(ascii: "-")
        var i = negative ? 1 : 0
        guard i < digits.count else { return nil }
        // Counted toward the sign, so that `Int.min` is read too.
        var value = 0
        while i < digits.count {
            let digit = digits[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, carry) =
                negative ? tens.subtractingReportingOverflow(Int(digit)) : tens.addingReportingOverflow(Int(digit))
            guard !overflow, !carry else { return nil }
            (value, i) = (next, i + 1)
        }
        return value
    }
}
