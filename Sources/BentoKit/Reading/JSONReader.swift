/// A strict RFC 8259 reader over raw bytes.
///
/// It validates UTF-8 as it goes, rejects duplicate member names, keeps every
/// number's source text, limits nesting (without recursion, so no input can
/// overflow the stack) and reports the byte offset of the first problem.
/// Lone surrogate escapes (`"\ud800"`) are rejected: a Swift string cannot
/// hold them, and RFC 8259 leaves their meaning open.
public enum JSONReader {
    /// How deep arrays and objects may nest: 512 levels are fine, 513 are not.
    public static let maximumDepth = 512

    /// Parses one JSON text.
    /// - Complexity: O(n) in the size of the input.
    public static func parse(_ source: SourceText) throws(JSONSyntaxError) -> JSONTape {
        var parser = Parser(source: source)
        return try parser.parse()
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
    private var tape: JSONTape
    private let bytes: [UInt8]
    private var i = 0

    /// Member names of each open object, to reject duplicates. Frames are
    /// reused as the depth goes up and down, so objects do not allocate.
    private var frames: [KeyFrame] = []
    private var depth = 0

    private struct KeyFrame {
        var isObject = false
        var entry = 0
        var keys: [Int] = []  // entry indices of the member names
        var keySet: [ExactString: Int]? = nil  // for large objects
    }

    init(source: SourceText) {
        tape = JSONTape(source: source)
        bytes = source.bytes
        tape.entries.reserveCapacity(bytes.count / 16)
    }

    mutating func parse() throws(JSONSyntaxError) -> JSONTape {
        i = JSONReader.byteOrderMarkLength(bytes)
        skipWhitespace()
        if i == bytes.count { throw fail("empty document: expected a JSON value") }
        try parseDocument()
        skipWhitespace()
        if i < bytes.count { throw fail("unexpected \(describeByte(at: i)) after the JSON value") }
        return tape
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
        countElement()
        if depth == frames.count { frames.append(KeyFrame()) }
        frames[depth].isObject = isObject
        frames[depth].entry = tape.entries.count
        frames[depth].keys.removeAll(keepingCapacity: true)
        frames[depth].keySet = nil
        depth += 1
        tape.entries.append(.init(kind: isObject ? .object : .array, count: 0, offset: i, payload: 0))
    }

    private mutating func closeContainer() {
        depth -= 1
        tape.entries[frames[depth].entry].payload = tape.entries.count
    }

    /// Counts one more element or member in the innermost container.
    @inline(__always)
    private mutating func countElement() {
        if depth > 0 {
            let frame = frames[depth - 1]
            if !frame.isObject { tape.entries[frame.entry].count += 1 }
        }
    }

    /// A member name and its colon; rejects a name the object already has.
    private mutating func parseMemberName() throws(JSONSyntaxError) {
        skipWhitespace()
        guard i < bytes.count else { throw endOfInput("expected a member name") }
        guard bytes[i] == UInt8(ascii: "\"") else {
            throw fail("expected a member name in double quotes, found \(describeByte(at: i))")
        }
        let start = i
        let name = try parseString()
        let keyEntry = tape.entries.count
        tape.entries.append(.init(kind: .string, count: 0, offset: start, payload: tape.strings.count))
        tape.strings.append(name)
        let f = depth - 1
        tape.entries[frames[f].entry].count += 1
        if let first = firstKey(named: name, inFrame: f) {
            let at = tape.source.location(ofByte: tape.entries[first].offset)
            i = start
            throw fail("duplicate member \(JSONWriter.quoted(name)) (first at \(at))")
        }
        addKey(keyEntry, named: name, inFrame: f)
        skipWhitespace()
        guard i < bytes.count else { throw endOfInput("expected ':'") }
        guard bytes[i] == UInt8(ascii: ":") else {
            throw fail("expected ':' after member name, found \(describeByte(at: i))")
        }
        i += 1
    }

    private func firstKey(named name: String, inFrame f: Int) -> Int? {
        if let set = frames[f].keySet { return set[ExactString(name)] }
        for k in frames[f].keys where CodePoints.equal(tape.strings[tape.entries[k].payload], name) {
            return k
        }
        return nil
    }

    private mutating func addKey(_ entry: Int, named name: String, inFrame f: Int) {
        if frames[f].keySet != nil {
            frames[f].keySet![ExactString(name)] = entry
            return
        }
        frames[f].keys.append(entry)
        if frames[f].keys.count > 12 {
            var set: [ExactString: Int] = [:]
            for k in frames[f].keys { set[ExactString(tape.strings[tape.entries[k].payload])] = k }
            frames[f].keySet = set
        }
    }

    // MARK: Scalars

    private mutating func parseScalar() throws(JSONSyntaxError) {
        let start = i
        let c = bytes[i]
        switch c {
        case UInt8(ascii: "\""):
            let s = try parseString()
            append(.string, at: start, string: s)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            append(.number, at: start, string: String(decoding: bytes[start..<i], as: UTF8.self))
        case UInt8(ascii: "t"):
            try literal("true")
            append(.true, at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            append(.false, at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            append(.null, at: start)
        default:
            throw fail("expected a value, found \(describeByte(at: i))")
        }
    }

    @inline(__always)
    private mutating func append(_ kind: JSONTape.Kind, at offset: Int, string: String? = nil) {
        countElement()
        var payload = 0
        if let string {
            payload = tape.strings.count
            tape.strings.append(string)
        }
        tape.entries.append(.init(kind: kind, count: 0, offset: offset, payload: payload))
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

    /// Parses a string starting at its opening quote.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = i
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: bytes[start..<i], as: UTF8.self)
                i += 1
                return s
            } else if c == UInt8(ascii: "\\") {
                break
            } else if c < 0x20 {
                throw fail("control character \(unicodeName(UInt32(c))) in a string must be escaped")
            } else if c < 0x80 {
                i += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        guard i < bytes.count else {
            i = open
            throw fail("unterminated string")
        }
        // Slow path: unescape into a buffer.
        var buffer = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: buffer, as: UTF8.self)
            } else if c == UInt8(ascii: "\\") {
                try parseEscape(into: &buffer)
            } else if c < 0x20 {
                throw fail("control character \(unicodeName(UInt32(c))) in a string must be escaped")
            } else if c < 0x80 {
                buffer.append(c)
                i += 1
            } else {
                let s = i
                try skipUTF8Sequence()
                buffer.append(contentsOf: bytes[s..<i])
            }
        }
        i = open
        throw fail("unterminated string")
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = i
        i += 1
        guard i < bytes.count else { throw endOfInput("unterminated string") }
        let c = bytes[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
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
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                i = escapeStart
                throw fail("lone surrogate \\u\(hex(scalar)) in a string")
            }
            appendUTF8(scalar, to: &buffer)
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
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
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
        // Where the problem is an invalid UTF-8 byte, say that first.
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

private func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        buffer.append(UInt8(scalar))
    case 0x80..<0x800:
        buffer.append(UInt8(0xC0 | scalar >> 6))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
        buffer.append(UInt8(0xE0 | scalar >> 12))
        buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    default:
        buffer.append(UInt8(0xF0 | scalar >> 18))
        buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    }
}
