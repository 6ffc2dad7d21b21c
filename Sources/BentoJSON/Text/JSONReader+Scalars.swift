/// Numbers, strings and literals: the parts of the reader that look at
/// single values, byte by byte.
extension JSONParser {
    // MARK: Scalars

    mutating func parseScalar() throws(JSONSyntaxError) {
        let start = i
        let c = bytes[i]
        switch c {
        case UInt8(ascii: "\""):
            let payload = try parseString()
            append(offset: start, payload: payload)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            append(offset: start, payload: UInt32(truncatingIfNeeded: i - start))
        case UInt8(ascii: "t"):
            try literal("true")
            append(offset: start, payload: 0)
        case UInt8(ascii: "f"):
            try literal("false")
            append(offset: start, payload: 0)
        case UInt8(ascii: "n"):
            try literal("null")
            append(offset: start, payload: 0)
        default:
            throw fail("expected a value, found \(describeByte(at: i))")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = i
        let n = word.utf8CodeUnitCount
        var k = 0
        while k < n {
            guard i + k < bytes.count, bytes[i + k] == word.utf8Start[k] else {
                // Point at the whole bad token, e.g. `True` or `nul`.
                var end = i
                while end < bytes.count, isTokenByte(bytes[end]) { end += 1 }
                let token = String(decoding: bytes[start..<max(end, start + 1)], as: UTF8.self)
                throw fail("invalid literal '\(token)' (expected \(word))")
            }
            k += 1
        }
        i += n
    }

    func isTokenByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    mutating func scanNumber() throws(JSONSyntaxError) {
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit after '-'") }
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) { throw fail("invalid number: leading zero") }
        } else {
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit after the decimal point") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit in the exponent") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
    }

    /// Checks a string starting at its opening quote and steps past it.
    /// - Returns: the tape payload: the length between the quotes, with the
    ///   escaped flag when it holds a backslash.
    mutating func parseString() throws(JSONSyntaxError) -> UInt32 {
        let open = i
        i += 1
        let start = i
        var escaped = false
        while true {
            skipPlainStringBytes()
            guard i < bytes.count else { break }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let length = UInt32(truncatingIfNeeded: i - start)
                i += 1
                return escaped ? length | JSONTape.escapedFlag : length
            } else if c == UInt8(ascii: "\\") {
                escaped = true
                try checkEscape()
            } else if c < 0x20 {
                throw fail("control character \(unicodeName(UInt32(c))) in a string must be escaped")
            } else {
                try skipUTF8Sequence()
            }
        }
        i = open
        throw fail("unterminated string")
    }

    /// Steps over ASCII bytes that need no attention in a string: eight at a
    /// time while none of them is a quote, a backslash, a control character
    /// or the start of a multi-byte sequence.
    @inline(__always)
    mutating func skipPlainStringBytes() {
        while i + 8 <= bytes.count {
            let x = ByteWords.word(UnsafeRawPointer(bytes.baseAddress!), at: i)
            // A quote, a backslash, a control character, or a byte of 0x80 and up.
            if ByteWords.quotesAndBackslashes(x) | ByteWords.bytes(below: 0x20, in: x) | x & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { return }
            i += 1
        }
    }

    /// Checks one escape sequence at `i` and steps over it.
    mutating func checkEscape() throws(JSONSyntaxError) {
        let escapeStart = i
        i += 1
        guard i < bytes.count else { throw endOfInput("unterminated string") }
        let c = bytes[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    i = escapeStart
                    throw fail("lone surrogate \\u\(hex(scalar)) in a string")
                }
                i += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    i = escapeStart
                    throw fail("lone surrogate \\u\(hex(scalar)) in a string")
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                i = escapeStart
                throw fail("lone surrogate \\u\(hex(scalar)) in a string")
            }
        default:
            i = escapeStart
            throw fail("invalid escape '\\\(String(decoding: [c], as: UTF8.self))' in a string")
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw endOfInput("expected four hex digits after \\u") }
            let c = bytes[i]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence at `i` and steps over it.
    @inline(__always)
    mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let n = utf8SequenceLength(at: i)
        guard n > 0 else { throw fail("invalid UTF-8 byte 0x\(hex(UInt32(bytes[i]), width: 2))") }
        i += n
    }

    /// The length of the valid multi-byte UTF-8 sequence at `p`, or 0.
    func utf8SequenceLength(at p: Int) -> Int { UTF8Encoding.sequenceLength(bytes, at: p) }
}
