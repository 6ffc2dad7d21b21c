/// The part of reading JSON that looks at single tokens, byte by byte:
/// strings (escapes and UTF-8 checked), numbers, literals and white space.
/// It holds nothing but its position, so the tape parser and the pull
/// reader share it, and a copy costs a word.
struct JSONScanner {
    /// The offset of the next byte to look at.
    var i: Int

    init(from start: Int) { i = start }

    mutating func literal(_ bytes: Span<UInt8>, _ word: StaticString) throws(JSONSyntaxError) {
        let start = i
        let n = word.utf8CodeUnitCount
        var k = 0
        while k < n {
            guard i + k < bytes.count, bytes[i + k] == word.byte(at: k) else {
                // Point at the whole bad token, e.g. `True` or `nul`.
                var end = i
                while end < bytes.count, isTokenByte(bytes[end]) { end += 1 }
                let token = bytes.extracting(start..<max(end, start + 1)).string
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

    mutating func scanNumber(_ bytes: Span<UInt8>) throws(JSONSyntaxError) {
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
    mutating func parseString(_ bytes: Span<UInt8>) throws(JSONSyntaxError) -> UInt32 {
        let open = i
        i += 1
        let start = i
        var escaped = false
        while true {
            skipPlainStringBytes(bytes)
            guard i < bytes.count else { break }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let length = UInt32(truncatingIfNeeded: i - start)
                i += 1
                return escaped ? length | JSONTape.escapedFlag : length
            } else if c == UInt8(ascii: "\\") {
                escaped = true
                try checkEscape(bytes)
            } else if c < 0x20 {
                throw fail("control character \(unicodeName(UInt32(c))) in a string must be escaped")
            } else {
                try skipUTF8Sequence(bytes)
            }
        }
        i = open
        throw fail("unterminated string")
    }

    /// Steps over ASCII bytes that need no attention in a string: eight at a
    /// time while none of them is a quote, a backslash, a control character
    /// or the start of a multi-byte sequence. Nearly every string ends
    /// within four words; past them, a long one is stepped over sixteen
    /// bytes at a time.
    @inline(__always)
    mutating func skipPlainStringBytes(_ bytes: Span<UInt8>) {
        if skipPlainWords(bytes, atMost: 4) {
            i = ByteWords.endOfPlainBlocks(bytes, from: i, allowingUTF8: false)
            _ = skipPlainWords(bytes, atMost: .max)
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { return }
            i += 1
        }
    }

    /// Steps over up to `limit` words of plain string bytes; true when it
    /// stepped over all of them. Written as a loop of a fixed count, the
    /// first call is unrolled, with no counter to keep.
    @inline(__always)
    private mutating func skipPlainWords(_ bytes: Span<UInt8>, atMost limit: Int) -> Bool {
        for _ in 0..<limit {
            guard i + 8 <= bytes.count else { return false }
            let x = bytes.word(at: i)
            // A quote, a backslash, a control character, or a byte of 0x80 and up.
            let special = ByteWords.quotesAndBackslashes(x) | ByteWords.bytes(below: 0x20, in: x) | x & 0x8080_8080_8080_8080
            if special != 0 {
                // Straight to the first of them: the lowest flag is exact (a
                // borrow only runs toward higher bytes).
                i += special.trailingZeroBitCount >> 3
                return false
            }
            i += 8
        }
        return true
    }

    /// Checks one escape sequence at `i` and steps over it.
    mutating func checkEscape(_ bytes: Span<UInt8>) throws(JSONSyntaxError) {
        let escapeStart = i
        i += 1
        guard i < bytes.count else { throw endOfInput(bytes, "unterminated string") }
        let c = bytes[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let scalar = try hex4(bytes)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    i = escapeStart
                    throw fail("lone surrogate \\u\(hex(scalar)) in a string")
                }
                i += 2
                let low = try hex4(bytes)
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

    mutating func hex4(_ bytes: Span<UInt8>) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw endOfInput(bytes, "expected four hex digits after \\u") }
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
    mutating func skipUTF8Sequence(_ bytes: Span<UInt8>) throws(JSONSyntaxError) {
        let n = utf8SequenceLength(bytes, at: i)
        guard n > 0 else { throw fail("invalid UTF-8 byte 0x\(hex(UInt32(bytes[i]), width: 2))") }
        i += n
    }

    /// The length of the valid multi-byte UTF-8 sequence at `p`, or 0.
    func utf8SequenceLength(_ bytes: Span<UInt8>, at p: Int) -> Int { UTF8Encoding.sequenceLength(bytes, at: p) }

    @inline(__always)
    mutating func skipWhitespace(_ bytes: Span<UInt8>) {
        // Most gaps are none (compact text) or one space (`": "`, `", "`
        // on one line): settled by a byte or two, before the loop below.
        guard i < bytes.count, bytes[i] <= 0x20 else { return }
        if bytes[i] == 0x20, i + 1 < bytes.count, bytes[i + 1] > 0x20 {
            i += 1
            return
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x20: skipSpaces(bytes)
            case 0x0A:
                // A line break, and the indentation of the next line.
                i += 1
                skipSpaces(bytes)
            case 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    /// Steps over a run of spaces (indentation): eight at a time, and the
    /// run's end found by the first byte that is not one.
    @inline(__always)
    private mutating func skipSpaces(_ bytes: Span<UInt8>) {
        while i + 8 <= bytes.count {
            let x = bytes.word(at: i) ^ 0x2020_2020_2020_2020
            if x != 0 {
                i += x.trailingZeroBitCount >> 3
                return
            }
            i += 8
        }
        while i < bytes.count && bytes[i] == 0x20 { i += 1 }
    }

    /// A readable name for the byte at `p`: a character, or invalid UTF-8.
    func describeByte(_ bytes: Span<UInt8>, at p: Int) -> String {
        let c = bytes[p]
        if c >= 0x80 {
            let n = utf8SequenceLength(bytes, at: p)
            guard n > 0 else { return "invalid UTF-8 byte 0x\(hex(UInt32(c), width: 2))" }
            let s = bytes.extracting(p..<p + n).string
            let scalar = s.unicodeScalars.first!.value
            if scalar == 0xFEFF { return "byte order mark U+FEFF" }
            return "character '\(s)' (\(unicodeName(scalar)))"
        }
        if c < 0x20 || c == 0x7F { return "control character \(unicodeName(UInt32(c)))" }
        return "character '\(String(decoding: [c], as: UTF8.self))'"
    }

    func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: i, message: message)
    }

    func endOfInput(_ bytes: Span<UInt8>, _ expectation: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: bytes.count, message: "unexpected end of input: \(expectation)")
    }
}
