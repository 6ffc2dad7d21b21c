#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A strict RFC 8259 reader over raw bytes.
///
/// It validates UTF-8 as it goes, rejects duplicate member names, keeps every
/// number's source text, limits nesting (without recursion, so no input can
/// overflow the stack) and reports the byte offset of the first problem.
/// Lone surrogate escapes (`"\ud800"`) are rejected: a Swift string cannot
/// hold them, and RFC 8259 leaves their meaning open.
///
/// It allocates nothing per value: the tape is one array of 8-byte entries,
/// and strings stay in the source until the decoder asks for them.
public enum JSONReader {
    /// How deep arrays and objects may nest: 512 levels are fine, 513 are not.
    public static let maximumDepth = 512

    /// Parses one JSON text.
    /// - Complexity: O(n) in the size of the input.
    public static func parse(_ source: SourceText) throws(JSONSyntaxError) -> JSONTape {
        guard source.bytes.count <= JSONTape.maximumSize else {
            throw JSONSyntaxError(offset: 0, message: "input too large: bento reads JSON texts up to 2 GiB")
        }
        var tape = JSONTape(source: source)
        let outcome: Result<[JSONTape.Entry], JSONSyntaxError> = source.bytes.withUnsafeBufferPointer { bytes in
            var parser = Parser(bytes: bytes, source: source)
            do throws(JSONSyntaxError) {
                try parser.parse()
                return .success(parser.entries)
            } catch {
                return .failure(error)
            }
        }
        tape.entries = try outcome.get()
        return tape
    }

    /// Parses bytes that have no file name (tests, tools).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONTape {
        try parse(SourceText(name: "-", bytes: bytes))
    }

    /// The length of a leading UTF-8 byte order mark: 3 or 0.
    static func byteOrderMarkLength(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }
}

/// What is wrong with a JSON text, and where (a byte offset).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let offset: Int
    public let message: String
}

private struct Parser {
    private(set) var entries: [JSONTape.Entry] = []
    private let bytes: UnsafeBufferPointer<UInt8>
    private let source: SourceText
    private var i = 0

    /// Member names of each open object, to reject duplicates. Frames are
    /// reused as the depth goes up and down, so objects do not allocate.
    private var frames: [KeyFrame] = []
    private var depth = 0

    private struct KeyFrame {
        var isObject = false
        var entry = 0
        /// Where this object's member names start in `keys`.
        var firstKey = 0
        var keySet: [ExactString: Int]? = nil  // for large objects
    }

    /// The member names of the open objects, innermost last: one array for
    /// all depths, so that no frame holds an array of its own.
    private var keys: [(entry: Int, fingerprint: UInt64)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, source: SourceText) {
        self.bytes = bytes
        self.source = source
        // About one value per 16 bytes of pretty-printed JSON.
        entries.reserveCapacity(bytes.count / 16 + 16)
    }

    mutating func parse() throws(JSONSyntaxError) {
        i = JSONReader.byteOrderMarkLength(source.bytes)
        skipWhitespace()
        if i == bytes.count { throw fail("empty document: expected a JSON value") }
        try parseDocument()
        skipWhitespace()
        if i < bytes.count { throw fail("unexpected \(describeByte(at: i)) after the JSON value") }
    }

    // MARK: Structure

    private mutating func parseDocument() throws(JSONSyntaxError) {
        // One loop instead of recursion: `depth` frames stand for the stack.
        while true {
            // A value is expected here.
            skipWhitespace()
            guard i < bytes.count else { throw endOfInput("expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = bytes[i] == UInt8(ascii: "{")
                guard depth < JSONReader.maximumDepth else {
                    throw fail("nesting deeper than \(JSONReader.maximumDepth) levels")
                }
                push(isObject: isObject)
                i += 1
                skipWhitespace()
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i < bytes.count && bytes[i] == close {
                    i += 1
                    closeContainer()
                } else {
                    if isObject { try parseMemberName() }
                    continue
                }
            default:
                try parseScalar()
            }
            // After a value: a comma, or the end of containers.
            while true {
                guard depth > 0 else { return }
                skipWhitespace()
                let isObject = frames[depth - 1].isObject
                guard i < bytes.count else {
                    throw endOfInput(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                let c = bytes[i]
                if c == UInt8(ascii: ",") {
                    i += 1
                    if isObject { try parseMemberName() }
                    break
                } else if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    closeContainer()
                } else if isObject {
                    throw fail("expected ',' or '}' after a member, found \(describeByte(at: i))")
                } else {
                    throw fail("expected ',' or ']' after an element, found \(describeByte(at: i))")
                }
            }
        }
    }

    private mutating func push(isObject: Bool) {
        if depth == frames.count { frames.append(KeyFrame()) }
        frames[depth].isObject = isObject
        frames[depth].entry = entries.count
        frames[depth].firstKey = keys.count
        if frames[depth].keySet != nil { frames[depth].keySet = nil }
        depth += 1
        append(offset: i, payload: 0)
    }

    private mutating func closeContainer() {
        depth -= 1
        if frames[depth].isObject { keys.removeSubrange(frames[depth].firstKey...) }
        entries[frames[depth].entry].payload = UInt32(truncatingIfNeeded: entries.count)
    }

    @inline(__always)
    private mutating func append(offset: Int, payload: UInt32) {
        entries.append(JSONTape.Entry(offset: UInt32(truncatingIfNeeded: offset), payload: payload))
    }

    /// A member name and its colon; rejects a name the object already has.
    private mutating func parseMemberName() throws(JSONSyntaxError) {
        skipWhitespace()
        guard i < bytes.count else { throw endOfInput("expected a member name") }
        guard bytes[i] == UInt8(ascii: "\"") else {
            throw fail("expected a member name in double quotes, found \(describeByte(at: i))")
        }
        let start = i
        let payload = try parseString()
        let keyEntry = entries.count
        append(offset: start, payload: payload)
        let f = depth - 1
        let print = fingerprint(keyEntry)
        if let first = firstKey(sameAs: keyEntry, fingerprint: print, inFrame: f) {
            let at = source.location(ofByte: Int(entries[first].offset))
            i = start
            throw fail("duplicate member \(JSONWriter.quoted(name(keyEntry))) (first at \(at))")
        }
        addKey(keyEntry, fingerprint: print, inFrame: f)
        skipWhitespace()
        guard i < bytes.count else { throw endOfInput("expected ':'") }
        guard bytes[i] == UInt8(ascii: ":") else {
            throw fail("expected ':' after member name, found \(describeByte(at: i))")
        }
        i += 1
    }

    /// The raw text of a member name, and whether it holds escapes.
    @inline(__always)
    private func raw(_ entry: Int) -> (UnsafeBufferPointer<UInt8>, Bool) {
        let e = entries[entry]
        let start = Int(e.offset) + 1
        let count = Int(e.payload & ~JSONTape.escapedFlag)
        return (UnsafeBufferPointer(rebasing: bytes[start..<start + count]), e.payload & JSONTape.escapedFlag != 0)
    }

    private func name(_ entry: Int) -> String {
        let (text, escaped) = raw(entry)
        return escaped ? String(decoding: JSONTape.unescape(text), as: UTF8.self) : String(decoding: text, as: UTF8.self)
    }

    /// A name's length and first bytes, so that most different names differ
    /// without a comparison; the top bit marks names with escapes.
    private func fingerprint(_ entry: Int) -> UInt64 {
        let (text, escaped) = raw(entry)
        if escaped { return 1 << 63 }
        var first: UInt64 = 0
        for k in 0..<min(text.count, 4) { first |= UInt64(text[k]) << (8 * UInt64(k)) }
        return UInt64(text.count) << 32 | first
    }

    private func firstKey(sameAs entry: Int, fingerprint: UInt64, inFrame f: Int) -> Int? {
        if let set = frames[f].keySet { return set[ExactString(name(entry))] }
        let (text, escaped) = raw(entry)
        let first = frames[f].firstKey
        return keys.withUnsafeBufferPointer { keys in
            for (k, other) in keys[first...] {
                if (fingerprint | other) & 1 << 63 == 0 {
                    guard fingerprint == other else { continue }
                    let (otherText, _) = raw(k)
                    if text.count <= 4 || memcmp(otherText.baseAddress!, text.baseAddress!, text.count) == 0 {
                        return k
                    }
                } else if JSONTape.unescape(raw(k).0) == (escaped ? JSONTape.unescape(text) : Array(text)) {
                    return k
                }
            }
            return nil
        }
    }

    private mutating func addKey(_ entry: Int, fingerprint: UInt64, inFrame f: Int) {
        if frames[f].keySet != nil {
            frames[f].keySet![ExactString(name(entry))] = entry
            return
        }
        keys.append((entry, fingerprint))
        if keys.count - frames[f].firstKey > 12 {
            var set: [ExactString: Int] = [:]
            for (k, _) in keys[frames[f].firstKey...] { set[ExactString(name(k))] = k }
            frames[f].keySet = set
        }
    }

    // MARK: Scalars

    private mutating func parseScalar() throws(JSONSyntaxError) {
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

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
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

    private func isTokenByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    private mutating func scanNumber() throws(JSONSyntaxError) {
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
    private mutating func parseString() throws(JSONSyntaxError) -> UInt32 {
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
    private mutating func skipPlainStringBytes() {
        while i + 8 <= bytes.count {
            let x = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let quote = x ^ (ones &* 0x22)
            let backslash = x ^ (ones &* 0x5C)
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((x &- ones &* 0x20) & ~x) | x
            if special & highs != 0 { break }
            i += 8
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { return }
            i += 1
        }
    }

    /// Checks one escape sequence at `i` and steps over it.
    private mutating func checkEscape() throws(JSONSyntaxError) {
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

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
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
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let n = utf8SequenceLength(at: i)
        guard n > 0 else { throw fail("invalid UTF-8 byte 0x\(hex(UInt32(bytes[i]), width: 2))") }
        i += n
    }

    /// The length of the valid UTF-8 sequence at `p` (RFC 3629 table), or 0.
    private func utf8SequenceLength(at p: Int) -> Int {
        let b0 = bytes[p]
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            p + k < bytes.count && range.contains(bytes[p + k])
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    // MARK: Helpers

    @inline(__always)
    private mutating func skipWhitespace() {
        // Indentation comes in runs of spaces: eight at a time.
        while i < bytes.count {
            switch bytes[i] {
            case 0x20:
                i += 1
                let base = UnsafeRawPointer(bytes.baseAddress!)
                while i + 8 <= bytes.count
                    && base.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0x2020_2020_2020_2020
                {
                    i += 8
                }
            case 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    /// A readable name for the byte at `p`: a character, or invalid UTF-8.
    private func describeByte(at p: Int) -> String {
        let c = bytes[p]
        if c >= 0x80 {
            let n = utf8SequenceLength(at: p)
            guard n > 0 else { return "invalid UTF-8 byte 0x\(hex(UInt32(c), width: 2))" }
            let s = String(decoding: bytes[p..<p + n], as: UTF8.self)
            let scalar = s.unicodeScalars.first!.value
            if scalar == 0xFEFF { return "byte order mark U+FEFF" }
            return "character '\(s)' (\(unicodeName(scalar)))"
        }
        if c < 0x20 || c == 0x7F { return "control character \(unicodeName(UInt32(c)))" }
        return "character '\(String(decoding: [c], as: UTF8.self))'"
    }

    private func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: i, message: message)
    }

    private func endOfInput(_ expectation: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: bytes.count, message: "unexpected end of input: \(expectation)")
    }
}

@inline(__always)
private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

private func hex(_ value: UInt32, width: Int = 4) -> String {
    let s = String(value, radix: 16, uppercase: false)
    return String(repeating: "0", count: max(0, width - s.count)) + s
}

private func unicodeName(_ scalar: UInt32) -> String {
    let s = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - s.count)) + s
}
