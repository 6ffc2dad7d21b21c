/// Reads a JSON text front to back, one value at a time, at the caller's
/// pace: the caller asks for an object, its members, a string, and decodes
/// as it goes, so no tape of the whole document is built and nothing behind
/// the reader is needed again (`MappedFile.release(upTo:)`).
///
/// It is strict where `JSONReader` is (the same scanners check strings,
/// UTF-8, escapes and numbers; member names may not repeat; nesting is
/// limited), but it has no words for what is wrong: any problem throws, and
/// the caller reads the text again with `JSONReader` for the diagnostic.
/// It is the fast path, not a second parser with its own rules.
///
/// What it reads (a member name, a string) it hands back as where it is
/// (`MemberName`, `StringToken`); the reader, which holds the bytes, says
/// what is there, until it reads on.
public struct JSONPullReader: Sendable {
    var scanner: JSONScanner
    /// The bytes, kept while the reader reads them.
    @usableFromInline let storage: ByteStorage
    /// The container at hand (a document-level frame before the first).
    var top = Frame(isObject: false, firstName: 0, unescapedCount: 0)
    /// The containers around it, innermost last.
    private var frames: [Frame] = []
    /// The member names of the open objects.
    private var names: [Name] = []
    /// How many of `names` are the open objects' (those past it are spent,
    /// and overwritten: the array is not shortened at each object's end).
    private var nameCount = 0
    /// The decoded text of member names written with escapes.
    @usableFromInline private(set) var unescapedNames: [UInt8] = []
    /// Where the member name `nextMember` read last is written, quotes and all.
    public private(set) var memberNameRange = 0..<0

    struct Frame {
        var isObject: Bool
        var isFirst = true
        var firstName: Int
        var unescapedCount: Int
    }

    /// A member name: a range of the text, or of `unescapedNames`.
    private struct Name {
        var start: Int
        var count: Int
        var isUnescaped: Bool
    }

    /// Up to this many members, a name is checked for a duplicate against
    /// each one before it as it is read; an object with more has all its
    /// names checked at its end, hashed into a table made to their number
    /// (`checkDistinct`). One at a time, each name's look into a table of
    /// 100,000 waited for memory while the text was read; all at once, the
    /// looks overlap, and the table never grows. The reader only has to
    /// know that the text is wrong, not where (see above).
    private static let namesComparedInTurn = 64

    /// A reader of a mapped file, which it keeps mapped.
    public init(_ file: MappedFile) {
        self.init(file.storage)
    }

    /// A reader of `text`, which it keeps.
    public init(_ text: SourceBytes) {
        self.init(text.storage)
    }

    /// A reader of `bytes`, read where they are.
    public init(bytes: [UInt8]) {
        self.init(ByteStorage(adopting: bytes))
    }

    private init(_ storage: ByteStorage) {
        self.storage = storage
        let start = storage.withSpan { bytes in
            bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        }
        scanner = JSONScanner(from: start)
    }

    /// `body`'s result with a reader of `bytes`.
    public static func reading<T, E: Error>(_ bytes: [UInt8], _ body: (JSONPullReader) throws(E) -> T) throws(E) -> T {
        try body(JSONPullReader(bytes: bytes))
    }

    /// A member name `nextMember` read (escapes decoded): where the reader
    /// holds it, good until the reader reads on.
    public struct MemberName {
        @usableFromInline let start: Int
        @usableFromInline let count: Int
        @usableFromInline let isUnescaped: Bool
        /// Whether the name was written with escapes.
        public let wasEscaped: Bool
    }

    /// `body`'s result with the bytes of `name` (escapes decoded).
    @inlinable
    public func withBytes<R>(of name: MemberName, _ body: (Span<UInt8>) -> R) -> R {
        withBytes(start: name.start, count: name.count, unescaped: name.isUnescaped, body)
    }

    @inlinable @inline(__always)
    func withBytes<R>(start: Int, count: Int, unescaped: Bool, _ body: (Span<UInt8>) -> R) -> R {
        guard unescaped else { return storage.withSpan(start..<start + count, body) }
        return unescapedNames.withSpan { body($0.extracting(start..<start + count)) }
    }

    /// The key of `keys` that `name` is, if any: how a schema's `CodingKeys`
    /// drive what a member means.
    /// - Complexity: O(k) in the number of keys.
    @inlinable
    public func key<Key>(of name: MemberName, among keys: MemberKeys<Key>) -> Key? {
        withBytes(of: name) { keys.key(named: $0) }
    }

    /// The key the string `token` names, if any (its escapes decoded).
    /// - Complexity: O(k) in the number of keys.
    @inlinable
    public func key<Key>(of token: StringToken, among keys: MemberKeys<Key>) -> Key? {
        guard token.isEscaped else { return withText(of: token) { keys.key(named: $0) } }
        return Array(string(token).utf8).withSpan { keys.key(named: $0) }
    }

    /// Whether `name` starts with `byte` (`$` marks a member a schema ignores).
    public func name(_ name: MemberName, startsWith byte: UInt8) -> Bool {
        withBytes(of: name) { !$0.isEmpty && $0[0] == byte }
    }

    /// `name` as a string.
    public func string(of name: MemberName) -> String { withBytes(of: name) { $0.string } }

    /// A string `readString` read: where it is in the text, good until the
    /// reader reads on.
    public struct StringToken {
        /// Where the text between the quotes is, as written.
        let range: Range<Int>
        /// Whether it is written with escapes.
        public let isEscaped: Bool
    }

    /// The string `token` is, escapes decoded.
    public func string(_ token: StringToken) -> String {
        storage.withSpan(token.range) { JSONTape.string($0, escaped: token.isEscaped) }
    }

    /// `body`'s result with the literal of `token` as written, quotes and all.
    public func withLiteral<R>(of token: StringToken, _ body: (Span<UInt8>) -> R) -> R {
        storage.withSpan(token.range.lowerBound - 1..<token.range.upperBound + 1, body)
    }

    /// `body`'s result with the text of `token` between the quotes, as written.
    public func withText<R>(of token: StringToken, _ body: (Span<UInt8>) -> R) -> R {
        storage.withSpan(token.range, body)
    }

    /// The offset of the next byte to read.
    public var offset: Int { scanner.i }

    /// `body`'s result with the scanner and the bytes. The scanner is
    /// lent as a copy (one word), so that the closure holds nothing of
    /// `self` and the storage needs no retain for the call.
    @inline(__always)
    private mutating func scan<R, E: Error>(
        _ body: (inout JSONScanner, Span<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        var scanner = self.scanner
        defer { self.scanner = scanner }
        return try storage.withSpan { (bytes) throws(E) in try body(&scanner, bytes) }
    }

    /// Skips white space; the byte that follows, if any.
    @inline(__always)
    private mutating func nextByte() -> UInt8? {
        scan { scanner, bytes in
            scanner.skipWhitespace(bytes)
            return scanner.i < bytes.count ? bytes[scanner.i] : nil
        }
    }

    /// Checks that nothing but white space follows the document.
    public mutating func finish() throws(JSONSyntaxError) {
        guard nextByte() == nil, frames.isEmpty else { throw scanner.fail("more after the value") }
    }

    /// The kind of the next value (white space skipped).
    public mutating func kind() throws(JSONSyntaxError) -> JSONTape.Kind {
        guard let c = nextByte() else { throw endOfInput("expected a value") }
        return JSONTape.kind(ofByte: c)
    }

    private func endOfInput(_ expectation: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: storage.count, message: "unexpected end of input: \(expectation)")
    }

    /// Throws: the caller's way to give up on what it has found.
    public func unexpected(_ what: String) -> JSONSyntaxError { scanner.fail(what) }

    // MARK: Containers

    /// Steps into the object that comes next.
    public mutating func beginObject() throws(JSONSyntaxError) { try open("{", isObject: true) }

    /// Steps into the array that comes next.
    public mutating func beginArray() throws(JSONSyntaxError) { try open("[", isObject: false) }

    private mutating func open(_ bracket: UnicodeScalar, isObject: Bool) throws(JSONSyntaxError) {
        guard nextByte() == UInt8(ascii: bracket) else { throw scanner.fail("expected \(bracket)") }
        try enter(isObject: isObject)
    }

    /// Steps into the object (`isObject`) or array whose bracket is the
    /// next byte, white space already skipped (as `kind()` leaves it).
    mutating func openAtHand(isObject: Bool) throws(JSONSyntaxError) {
        let bracket = isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
        guard scanner.i < storage.count, storage[scanner.i] == bracket else { throw scanner.fail("expected a bracket") }
        try enter(isObject: isObject)
    }

    /// Steps past the bracket at hand, into a container of its own.
    @inline(__always)
    private mutating func enter(isObject: Bool) throws(JSONSyntaxError) {
        guard frames.count < JSONReader.maximumDepth else { throw scanner.fail("nesting too deep") }
        scanner.i += 1
        frames.append(top)
        top = Frame(isObject: isObject, firstName: nameCount, unescapedCount: unescapedNames.count)
    }

    /// Whether the container at hand has another element or member (and
    /// steps past the comma before it); false steps out of the container.
    private mutating func hasNext(close: UInt8) throws(JSONSyntaxError) -> Bool {
        guard !frames.isEmpty else { throw scanner.fail("not in a container") }
        guard let c = nextByte() else { throw endOfInput("expected more") }
        if c == close {
            if nameCount - top.firstName > Self.namesComparedInTurn { try checkDistinct(top.firstName..<nameCount) }
            scanner.i += 1
            nameCount = top.firstName
            if unescapedNames.count > top.unescapedCount {
                unescapedNames.removeLast(unescapedNames.count - top.unescapedCount)
            }
            top = frames.removeLast()
            return false
        }
        if top.isFirst {
            top.isFirst = false
            return true
        }
        guard c == UInt8(ascii: ",") else { throw scanner.fail("expected ','") }
        scanner.i += 1
        return true
    }

    /// The name of the next member of the object at hand (escapes decoded),
    /// its colon read; nil at the end of the object (stepped out of).
    public mutating func nextMember() throws(JSONSyntaxError) -> MemberName? {
        guard try hasNext(close: UInt8(ascii: "}")) else { return nil }
        guard nextByte() == UInt8(ascii: "\"") else { throw scanner.fail("expected a member name") }
        let start = scanner.i + 1
        let payload = try scan { (scanner, bytes) throws(JSONSyntaxError) in try scanner.parseString(bytes) }
        memberNameRange = (start - 1)..<(scanner.i)
        let first = top.firstName
        var name = Name(start: start, count: Int(payload & ~JSONTape.escapedFlag), isUnescaped: false)
        let wasEscaped = payload & JSONTape.escapedFlag != 0
        if wasEscaped {
            let decoded = storage.withSpan(start..<start + name.count) { JSONTape.unescape($0) }
            name = Name(start: unescapedNames.count, count: decoded.count, isUnescaped: true)
            unescapedNames += decoded
        }
        if nameCount - first < Self.namesComparedInTurn {
            for k in first..<nameCount where names[k].count == name.count && same(names[k], name) {
                throw scanner.fail("duplicate member")
            }
        }
        if nameCount < names.count { names[nameCount] = name } else { names.append(name) }
        nameCount += 1
        guard nextByte() == UInt8(ascii: ":") else { throw scanner.fail("expected ':'") }
        scanner.i += 1
        return MemberName(start: name.start, count: name.count, isUnescaped: name.isUnescaped, wasEscaped: wasEscaped)
    }

    /// Throws when two of the names `range` of the object at hand are the same.
    /// - Complexity: O(n) expected in their number and length.
    private func checkDistinct(_ range: Range<Int>) throws(JSONSyntaxError) {
        var table = NameTable(capacity: range.count)
        for k in range {
            let hash = withBytes(start: names[k].start, count: names[k].count, unescaped: names[k].isUnescaped) {
                table.hash($0, escaped: false)
            }
            let added = table.insert(k, hash: hash) { j in
                names[j].count == names[k].count && same(names[j], names[k])
            }
            guard added else { throw scanner.fail("duplicate member") }
        }
    }

    /// Whether two names are the same bytes.
    private func same(_ a: Name, _ b: Name) -> Bool {
        withBytes(start: a.start, count: a.count, unescaped: a.isUnescaped) { x in
            withBytes(start: b.start, count: b.count, unescaped: b.isUnescaped) { y in x.sameBytes(as: y) }
        }
    }

    /// Writes a member name, its value to come.
    public func writeName(_ name: MemberName, to out: inout CompactWriter<ByteWriter>) {
        // The name is decoded already: what had escapes is escaped again
        // where JSON requires.
        withBytes(of: name) { out.name($0, name.wasEscaped ? .decoded : .compact) }
    }

    /// Whether the array at hand has another element; false steps out of it.
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        try hasNext(close: UInt8(ascii: "]"))
    }

    // MARK: Scalars

    /// The string that comes next.
    public mutating func readString() throws(JSONSyntaxError) -> StringToken {
        guard try kind() == .string else { throw scanner.fail("expected a string") }
        return try readStringAtHand()
    }

    /// The string whose opening quote is the next byte, white space already
    /// skipped (`kind()` said it is a string): not skipped nor classified
    /// again, as nearly every string of a document is read so.
    public mutating func readStringAtHand() throws(JSONSyntaxError) -> StringToken {
        let start = scanner.i + 1
        let payload = try scan { (scanner, bytes) throws(JSONSyntaxError) in
            guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: "\"") else { throw scanner.fail("expected a string") }
            return try scanner.parseString(bytes)
        }
        let count = Int(payload & ~JSONTape.escapedFlag)
        return StringToken(range: start..<start + count, isEscaped: payload & JSONTape.escapedFlag != 0)
    }

    /// The number that comes next, as written.
    public mutating func readNumber() throws(JSONSyntaxError) -> String {
        guard try kind() == .number else { throw scanner.fail("expected a number") }
        let range = try scanNumber()
        return storage.withSpan(range) { $0.string }
    }

    /// Reads the number at hand (its kind is known): where it is written.
    mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
        let from = scanner.i
        try scan { (scanner, bytes) throws(JSONSyntaxError) in
            let c = bytes[from]
            guard c == UInt8(ascii: "-") || isDigit(c) else { throw scanner.fail("expected a value") }
            try scanner.scanNumber(bytes)
        }
        return from..<scanner.i
    }

    /// Reads the literal `word` that comes next.
    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        try scan { (scanner, bytes) throws(JSONSyntaxError) in try scanner.literal(bytes, word) }
    }

    /// Reads the `null` that comes next.
    public mutating func readNull() throws(JSONSyntaxError) {
        guard try kind() == .null else { throw scanner.fail("expected null") }
        try literal("null")
    }
}
