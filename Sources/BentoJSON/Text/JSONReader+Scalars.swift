/// A scalar on the tape: the scanner checks it, the parser records it.
extension JSONParser {
    // MARK: Scalars

    mutating func parseScalar(_ bytes: Span<UInt8>) throws(JSONSyntaxError) {
        let start = i
        let c = bytes[i]
        switch c {
        case UInt8(ascii: "\""):
            let payload = try scanner.parseString(bytes)
            append(offset: start, payload: payload)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanner.scanNumber(bytes)
            append(offset: start, payload: UInt32(truncatingIfNeeded: i - start))
        case UInt8(ascii: "t"):
            try scanner.literal(bytes, "true")
            append(offset: start, payload: 0)
        case UInt8(ascii: "f"):
            try scanner.literal(bytes, "false")
            append(offset: start, payload: 0)
        case UInt8(ascii: "n"):
            try scanner.literal(bytes, "null")
            append(offset: start, payload: 0)
        default:
            throw fail("expected a value, found \(scanner.describeByte(bytes, at: i))")
        }
    }
}
