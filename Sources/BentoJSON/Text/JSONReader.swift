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
        if let encoding = otherEncoding(source.bytes) {
            throw JSONSyntaxError(offset: 0, message: "\(encoding); bento reads UTF-8")
        }
        var tape = JSONTape(source: source)
        var parser = JSONParser(source: source)
        try source.bytes.withSpan { (bytes) throws(JSONSyntaxError) in try parser.parse(bytes) }
        tape.entries = parser.entries
        return tape
    }

    /// Parses the value written at `range` of `text`, a text read before:
    /// a tape of a copy of that part alone, whose offsets are the whole
    /// text's (a value of a large file is edited without parsing the file
    /// again, and without holding it). The text was checked when it was
    /// read: it is not checked again.
    /// - Complexity: O(n) in the size of the value.
    public static func parse(_ text: SourceBytes, valueAt range: Range<Int>) -> JSONTape {
        JSONTape(valid: text.copy(range), base: range.lowerBound)
    }

    /// Parses bytes that have no file name (tests, tools).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONTape {
        try parse(SourceText(name: "-", bytes: bytes))
    }

    /// The length of a leading UTF-8 byte order mark: 3 or 0.
    static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The encoding a text's byte-order mark names when it is not UTF-8's:
    /// "UTF-16 (little-endian)" for `FF FE`, and so on; nil otherwise.
    public static func otherEncoding(_ bytes: some Collection<UInt8>) -> String? {
        // UTF-32's little-endian mark starts as UTF-16's: try it first.
        let marks: [([UInt8], String)] = [
            ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian)"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian)"),
            ([0xFF, 0xFE], "UTF-16 (little-endian)"), ([0xFE, 0xFF], "UTF-16 (big-endian)"),
        ]
        return marks.first { bytes.starts(with: $0.0) }?.1
    }
}

/// What is wrong with a JSON text, and where (a byte offset).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The byte offset of the problem in the text.
    public let offset: Int
    /// What is wrong, in words.
    public let message: String
}

/// The reader's state: the tape so far, the open containers, and where it
/// is. The bytes are not kept: each step is given them (`Span`), so the
/// reader reads text wherever it lives (an array, a mapped file) in place.
struct JSONParser {
    var entries: [JSONTape.Entry] = []
    let source: SourceText
    var scanner: JSONScanner
    /// Where the parser is: the scanner's position.
    var i: Int {
        get { scanner.i }
        set { scanner.i = newValue }
    }

    /// Member names of each open object, to reject duplicates. Frames are
    /// reused as the depth goes up and down, so objects do not allocate.
    var frames: [KeyFrame] = []
    var depth = 0

    struct KeyFrame {
        var isObject = false
        var entry = 0
        /// Where this object's member names start in `keys`.
        var firstKey = 0
        /// The names of a large object, hashed: a duplicate is found in O(1).
        var keyTable: NameTable? = nil
    }

    /// The member names of the open objects, innermost last: one array for
    /// all depths, so that no frame holds an array of its own.
    var keys: [(entry: Int, fingerprint: UInt64)] = []

    init(source: SourceText) {
        self.source = source
        scanner = JSONScanner(from: 0)
        // About one value per 16 bytes of pretty-printed JSON.
        entries.reserveCapacity(source.bytes.count / 16 + 16)
    }

    mutating func parse(_ bytes: Span<UInt8>) throws(JSONSyntaxError) {
        i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        scanner.skipWhitespace(bytes)
        if i == bytes.count { throw fail("empty document: expected a JSON value") }
        try parseDocument(bytes)
        scanner.skipWhitespace(bytes)
        if i < bytes.count { throw fail("unexpected \(scanner.describeByte(bytes, at: i)) after the JSON value") }
    }

    // MARK: Structure

    mutating func parseDocument(_ bytes: Span<UInt8>) throws(JSONSyntaxError) {
        // One loop instead of recursion: `depth` frames stand for the stack.
        while true {
            // A value is expected here.
            scanner.skipWhitespace(bytes)
            guard i < bytes.count else { throw scanner.endOfInput(bytes, "expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = bytes[i] == UInt8(ascii: "{")
                guard depth < JSONReader.maximumDepth else {
                    throw fail("nesting deeper than \(JSONReader.maximumDepth) levels")
                }
                push(isObject: isObject)
                i += 1
                scanner.skipWhitespace(bytes)
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i < bytes.count && bytes[i] == close {
                    i += 1
                    closeContainer()
                } else {
                    if isObject { try parseMemberName(bytes) }
                    continue
                }
            default:
                try parseScalar(bytes)
            }
            // After a value: a comma, or the end of containers.
            while true {
                guard depth > 0 else { return }
                scanner.skipWhitespace(bytes)
                let isObject = frames[depth - 1].isObject
                guard i < bytes.count else {
                    throw scanner.endOfInput(bytes, isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                let c = bytes[i]
                if c == UInt8(ascii: ",") {
                    i += 1
                    if isObject { try parseMemberName(bytes) }
                    break
                } else if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    closeContainer()
                } else if isObject {
                    throw fail("expected ',' or '}' after a member, found \(scanner.describeByte(bytes, at: i))")
                } else {
                    throw fail("expected ',' or ']' after an element, found \(scanner.describeByte(bytes, at: i))")
                }
            }
        }
    }

    mutating func push(isObject: Bool) {
        if depth == frames.count { frames.append(KeyFrame()) }
        frames[depth].isObject = isObject
        frames[depth].entry = entries.count
        frames[depth].firstKey = keys.count
        if frames[depth].keyTable != nil { frames[depth].keyTable = nil }
        depth += 1
        append(offset: i, payload: 0)
    }

    mutating func closeContainer() {
        depth -= 1
        if frames[depth].isObject { keys.removeSubrange(frames[depth].firstKey...) }
        entries[frames[depth].entry].payload = UInt32(truncatingIfNeeded: entries.count)
    }

    @inline(__always)
    mutating func append(offset: Int, payload: UInt32) {
        entries.append(JSONTape.Entry(offset: UInt32(truncatingIfNeeded: offset), payload: payload))
    }

    /// A member name and its colon; rejects a name the object already has.
    mutating func parseMemberName(_ bytes: Span<UInt8>) throws(JSONSyntaxError) {
        scanner.skipWhitespace(bytes)
        guard i < bytes.count else { throw scanner.endOfInput(bytes, "expected a member name") }
        guard bytes[i] == UInt8(ascii: "\"") else {
            throw fail("expected a member name in double quotes, found \(scanner.describeByte(bytes, at: i))")
        }
        let start = i
        let payload = try scanner.parseString(bytes)
        let keyEntry = entries.count
        append(offset: start, payload: payload)
        let f = depth - 1
        let print = fingerprint(bytes, keyEntry)
        if let first = firstKey(bytes, sameAs: keyEntry, fingerprint: print, inFrame: f) {
            let at = source.location(ofByte: Int(entries[first].offset))
            i = start
            throw fail("duplicate member \(JSONWriter.quoted(name(bytes, keyEntry))) (first at \(at))")
        }
        scanner.skipWhitespace(bytes)
        guard i < bytes.count else { throw scanner.endOfInput(bytes, "expected ':'") }
        guard bytes[i] == UInt8(ascii: ":") else {
            throw fail("expected ':' after member name, found \(scanner.describeByte(bytes, at: i))")
        }
        i += 1
    }

    /// Where the raw text of a member name is, and whether it holds escapes.
    @inline(__always)
    func raw(_ entry: Int) -> (Range<Int>, Bool) {
        let e = entries[entry]
        let start = Int(e.offset) + 1
        let count = Int(e.payload & ~JSONTape.escapedFlag)
        return (start..<start + count, e.payload & JSONTape.escapedFlag != 0)
    }

    func name(_ bytes: Span<UInt8>, _ entry: Int) -> String {
        let (range, escaped) = raw(entry)
        return JSONTape.string(bytes.extracting(range), escaped: escaped)
    }

    /// A name's length and first bytes, so that most different names differ
    /// without a comparison; the top bit marks names with escapes.
    func fingerprint(_ bytes: Span<UInt8>, _ entry: Int) -> UInt64 {
        let (text, escaped) = raw(entry)
        if escaped { return 1 << 63 }
        var first: UInt64 = 0
        for k in 0..<min(text.count, 4) { first |= UInt64(bytes[text.lowerBound + k]) << (8 * UInt64(k)) }
        return UInt64(text.count) << 32 | first
    }

    /// The entry of the name of frame `f`'s object that is the same as
    /// `entry`'s; nil when there is none, and `entry`'s name is added. A
    /// small object's names are compared in turn, on their fingerprints
    /// first; past a dozen, they are hashed (`NameTable`), so that an object
    /// of many members is read in linear time.
    mutating func firstKey(_ bytes: Span<UInt8>, sameAs entry: Int, fingerprint: UInt64, inFrame f: Int) -> Int? {
        if frames[f].keyTable != nil {
            // Taken out while it is asked (it reads the parser's entries), and
            // put back: moved, not copied.
            var table = frames[f].keyTable!
            frames[f].keyTable = nil
            defer { frames[f].keyTable = table }
            return table.insertOrFind(entry, hash: nameHash(bytes, entry)) { sameName(bytes, $0, entry) }
        }
        let (text, _) = raw(entry)
        let first = frames[f].firstKey
        for (k, other) in keys[first...] {
            if (fingerprint | other) & 1 << 63 == 0 {
                guard fingerprint == other else { continue }
                let (otherText, _) = raw(k)
                if text.count <= 4 || bytes.sameBytes(otherText, as: bytes.extracting(text)) {
                    return k
                }
            } else if sameName(bytes, k, entry) {
                return k
            }
        }
        keys.append((entry, fingerprint))
        if keys.count - first > 12 {
            var table = NameTable(capacity: 4 * (keys.count - first))
            for (k, _) in keys[first...] { _ = table.insert(k, hash: nameHash(bytes, k)) { _ in false } }
            frames[f].keyTable = table
        }
        return nil
    }

    /// The hash of a member name's bytes, escapes decoded.
    private func nameHash(_ bytes: Span<UInt8>, _ entry: Int) -> Int {
        let (text, escaped) = raw(entry)
        return NameTable.hash(bytes.extracting(text), escaped: escaped)
    }

    /// Whether two member names are the same, escapes decoded.
    private func sameName(_ bytes: Span<UInt8>, _ a: Int, _ b: Int) -> Bool {
        let (x, xEscaped) = raw(a), (y, yEscaped) = raw(b)
        guard xEscaped || yEscaped else { return x.count == y.count && bytes.sameBytes(x, as: bytes.extracting(y)) }
        return JSONTape.unescape(bytes.extracting(x)) == JSONTape.unescape(bytes.extracting(y))
    }

    /// Where the problem at the scanner's position is.
    func fail(_ message: String) -> JSONSyntaxError { scanner.fail(message) }
}

/// An ASCII digit.
@inline(__always)
func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

/// `value` in hexadecimal, at least `width` digits.
func hex(_ value: UInt32, width: Int = 4) -> String {
    let s = String(value, radix: 16, uppercase: false)
    return String(repeating: "0", count: max(0, width - s.count)) + s
}

func unicodeName(_ scalar: UInt32) -> String {
    let s = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - s.count)) + s
}
