#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
public struct JSONPullReader {
    private var scanner: JSONParser
    /// What holds the bytes, kept while the reader reads them (a mapped file).
    private let owner: AnyObject?
    /// The container at hand (a document-level frame before the first).
    private var top = Frame(isObject: false, firstName: 0, unescapedCount: 0)
    /// The containers around it, innermost last.
    private var frames: [Frame] = []
    /// The member names of the open objects.
    private var names: [Name] = []
    /// The decoded text of member names written with escapes.
    private var unescapedNames: [UInt8] = []
    /// Whether the name `nextMember` returned last was written with escapes.
    private var nameWasEscaped = false
    /// Where the member name `nextMember` read last is written, quotes and all.
    public private(set) var memberNameRange = 0..<0

    private struct Frame {
        var isObject: Bool
        var isFirst = true
        var firstName: Int
        var unescapedCount: Int
    }

    /// The names of the open objects with many members, with the depth of
    /// each: a duplicate is found by hashing rather than by comparing with
    /// every name before it. (Not in `Frame`, which is copied at every
    /// container and holds no reference.)
    private var manyNames: [(depth: Int, names: NameTable)] = []

    /// A member name: a range of the text, or of `unescapedNames`.
    private struct Name {
        var start: Int
        var count: Int
        var isUnescaped: Bool
    }

    /// Up to this many members, a name is checked for a duplicate against
    /// each one before it; beyond, against a set of them.
    private static let namesComparedInTurn = 64

    /// A reader at the start of `bytes` (after a byte order mark), which
    /// must outlive it.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.init(bytes, owner: nil)
    }

    /// A reader of a mapped file, which it keeps mapped.
    public init(_ file: MappedFile) {
        self.init(file.bytes, owner: file)
    }

    /// A reader of `text`, which it keeps.
    public init(_ text: SourceBytes) {
        self.init(text.buffer, owner: text)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, owner: AnyObject?) {
        scanner = JSONParser(scanning: bytes)
        scanner.i = JSONReader.byteOrderMarkLength(bytes)
        self.owner = owner
    }

    /// `body`'s result with a reader of `bytes`, which it may not keep.
    public static func reading<T, E: Error>(_ bytes: [UInt8], _ body: (JSONPullReader) throws(E) -> T) throws(E) -> T {
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) -> T in try body(JSONPullReader(buffer)) }
    }

    /// A member name `nextMember` read (escapes decoded): a view of the
    /// reader's text, good until the reader reads on.
    public struct MemberName {
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
        let wasEscaped: Bool

        /// The key of `keys` that this name is, if any: how a schema's
        /// `CodingKeys` drive what a member means.
        @inlinable
        public func key<Key: CodingKey>(among keys: [Key]) -> Key? {
            for key in keys where `is`(key.stringValue) { return key }
            return nil
        }

        /// Whether the name is `string`: lengths first (a key's name is a
        /// literal, whose length is known without a scan), then the bytes.
        @inlinable
        public func `is`(_ string: String) -> Bool {
            let utf8 = string.utf8
            guard utf8.count == bytes.count else { return false }
            // Names are short: a loop, not a call to memcmp.
            return utf8.withContiguousStorageIfAvailable { text in
                for k in 0..<text.count where text[k] != bytes[k] { return false }
                return true
            } ?? utf8.elementsEqual(bytes)
        }

        /// Whether the name starts with `byte` (`$` marks a member a schema ignores).
        public func starts(with byte: UInt8) -> Bool { bytes.first == byte }

        /// The name as a string.
        public var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// A string `readString` read: a view of the reader's text, good until
    /// the reader reads on.
    public struct StringToken {
        /// The text between the quotes, as written.
        let text: UnsafeBufferPointer<UInt8>
        /// Whether it is written with escapes.
        public let isEscaped: Bool

        /// The string, escapes decoded.
        public var string: String { JSONTape.string(text, escaped: isEscaped) }

        /// The literal as written, quotes and all.
        public var literal: String {
            String(decoding: UnsafeBufferPointer(start: text.baseAddress! - 1, count: text.count + 2), as: UTF8.self)
        }
    }

    /// The offset of the next byte to read.
    public var offset: Int { scanner.i }

    /// Checks that nothing but white space follows the document.
    public mutating func finish() throws(JSONSyntaxError) {
        scanner.skipWhitespace()
        guard scanner.i == scanner.bytes.count, frames.isEmpty else { throw scanner.fail("more after the value") }
    }

    /// The kind of the next value (white space skipped).
    public mutating func kind() throws(JSONSyntaxError) -> JSONTape.Kind {
        scanner.skipWhitespace()
        guard scanner.i < scanner.bytes.count else { throw scanner.endOfInput("expected a value") }
        return JSONTape.kind(ofByte: scanner.bytes[scanner.i])
    }

    /// Throws: the caller's way to give up on what it has found.
    public func unexpected(_ what: String) -> JSONSyntaxError { scanner.fail(what) }

    // MARK: Containers

    /// Steps into the object that comes next.
    public mutating func beginObject() throws(JSONSyntaxError) { try open("{", isObject: true) }

    /// Steps into the array that comes next.
    public mutating func beginArray() throws(JSONSyntaxError) { try open("[", isObject: false) }

    private mutating func open(_ bracket: UnicodeScalar, isObject: Bool) throws(JSONSyntaxError) {
        scanner.skipWhitespace()
        guard scanner.i < scanner.bytes.count, scanner.bytes[scanner.i] == UInt8(ascii: bracket) else {
            throw scanner.fail("expected \(bracket)")
        }
        guard frames.count < JSONReader.maximumDepth else { throw scanner.fail("nesting too deep") }
        scanner.i += 1
        frames.append(top)
        top = Frame(isObject: isObject, firstName: names.count, unescapedCount: unescapedNames.count)
    }

    /// Whether the container at hand has another element or member (and
    /// steps past the comma before it); false steps out of the container.
    private mutating func hasNext(close: UInt8) throws(JSONSyntaxError) -> Bool {
        guard !frames.isEmpty else { throw scanner.fail("not in a container") }
        scanner.skipWhitespace()
        guard scanner.i < scanner.bytes.count else { throw scanner.endOfInput("expected more") }
        let c = scanner.bytes[scanner.i]
        if c == close {
            scanner.i += 1
            if names.count > top.firstName { names.removeLast(names.count - top.firstName) }
            if unescapedNames.count > top.unescapedCount {
                unescapedNames.removeLast(unescapedNames.count - top.unescapedCount)
            }
            if !manyNames.isEmpty && manyNames[manyNames.count - 1].depth == frames.count { manyNames.removeLast() }
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
        scanner.skipWhitespace()
        guard scanner.i < scanner.bytes.count, scanner.bytes[scanner.i] == UInt8(ascii: "\"") else {
            throw scanner.fail("expected a member name")
        }
        let start = scanner.i + 1
        let payload = try scanner.parseString()
        memberNameRange = (start - 1)..<(scanner.i)
        let first = top.firstName
        var name = Name(start: start, count: Int(payload & ~JSONTape.escapedFlag), isUnescaped: false)
        nameWasEscaped = payload & JSONTape.escapedFlag != 0
        if nameWasEscaped {
            let decoded = JSONTape.unescape(UnsafeBufferPointer(rebasing: scanner.bytes[start..<start + name.count]))
            name = Name(start: unescapedNames.count, count: decoded.count, isUnescaped: true)
            unescapedNames += decoded
        }
        if names.count - first < Self.namesComparedInTurn {
            for k in first..<names.count where names[k].count == name.count {
                if name.count == 0 || memcmp(pointer(to: names[k]), pointer(to: name), name.count) == 0 {
                    throw scanner.fail("duplicate member")
                }
            }
        } else {
            let table: NameTable
            if let last = manyNames.last, last.depth == frames.count {
                table = last.names
            } else {
                table = NameTable(capacity: 4 * Self.namesComparedInTurn)
                for k in first..<names.count { _ = table.insert(k, hash: hash(of: names[k])) { _ in false } }
                manyNames.append((frames.count, table))
            }
            let added = table.insert(names.count, hash: hash(of: name)) { k in
                names[k].count == name.count && (name.count == 0 || memcmp(pointer(to: names[k]), pointer(to: name), name.count) == 0)
            }
            guard added else { throw scanner.fail("duplicate member") }
        }
        names.append(name)
        scanner.skipWhitespace()
        guard scanner.i < scanner.bytes.count, scanner.bytes[scanner.i] == UInt8(ascii: ":") else {
            throw scanner.fail("expected ':'")
        }
        scanner.i += 1
        return MemberName(bytes: UnsafeBufferPointer(start: pointer(to: name), count: name.count), wasEscaped: nameWasEscaped)
    }

    /// The hash of a name's bytes, for `NameTable`.
    private func hash(of name: Name) -> Int {
        WordHash.hash(UnsafeRawBufferPointer(start: pointer(to: name), count: name.count), seed: NameTable.seed)
    }

    /// Where a name's bytes are. (`unescapedNames` is not resized while a
    /// pointer into it is in use: names are appended before they are read.)
    private func pointer(to name: Name) -> UnsafePointer<UInt8> {
        guard name.isUnescaped else { return scanner.bytes.baseAddress! + name.start }
        return unescapedNames.withUnsafeBufferPointer { $0.baseAddress! + name.start }
    }

    /// Appends a member name, quoted, as `JSONWriter` writes it (escaped
    /// only where JSON requires it).
    public func writeName(_ name: MemberName, to out: inout ByteWriter) {
        // The name is decoded already: only quotes and what JSON requires escaped.
        if name.wasEscaped {
            JSONWriter.writeString(utf8: name.bytes, to: &out)
        } else {
            JSONTape.writeCompactString(name.bytes, escaped: false, to: &out)
        }
    }

    /// Whether the array at hand has another element; false steps out of it.
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        try hasNext(close: UInt8(ascii: "]"))
    }

    // MARK: Scalars

    /// The string that comes next.
    public mutating func readString() throws(JSONSyntaxError) -> StringToken {
        guard try kind() == .string else { throw scanner.fail("expected a string") }
        let start = scanner.i + 1
        let payload = try scanner.parseString()
        let count = Int(payload & ~JSONTape.escapedFlag)
        return StringToken(
            text: UnsafeBufferPointer(rebasing: scanner.bytes[start..<start + count]),
            isEscaped: payload & JSONTape.escapedFlag != 0)
    }

    /// The number that comes next, as written.
    public mutating func readNumber() throws(JSONSyntaxError) -> String {
        guard try kind() == .number else { throw scanner.fail("expected a number") }
        return String(decoding: try scanNumber(), as: UTF8.self)
    }

    /// Reads the number at hand (its kind is known), and lends its text.
    private mutating func scanNumber() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8> {
        let from = scanner.i
        let c = scanner.bytes[from]
        guard c == UInt8(ascii: "-") || isDigit(c) else { throw scanner.fail("expected a value") }
        try scanner.scanNumber()
        return UnsafeBufferPointer(rebasing: scanner.bytes[from..<scanner.i])
    }

    /// Reads the `null` that comes next.
    public mutating func readNull() throws(JSONSyntaxError) {
        guard try kind() == .null else { throw scanner.fail("expected null") }
        try scanner.literal("null")
    }

    // MARK: Whole values

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
            JSONTape.writeCompactString(token.text, escaped: token.isEscaped, to: &out)
        case .number:
            out.append(try scanNumber())
        case .true:
            try scanner.literal("true")
            out.append("true" as StaticString)
        case .false:
            try scanner.literal("false")
            out.append("false" as StaticString)
        case .null:
            try scanner.literal("null")
            out.append("null" as StaticString)
        }
    }

    /// Reads the next value as a `JSONValue`: a scalar as it stands, a
    /// container built from its compact text.
    /// - Complexity: O(n) in the size of the value.
    public mutating func value() throws(JSONSyntaxError) -> JSONValue {
        switch try kind() {
        case .string: return .string(try readString().string)
        case .number: return .number(JSONNumber(validatedText: try readNumber()))
        case .null:
            try readNull()
            return .null
        case .true, .false:
            let isTrue = scanner.bytes[scanner.i] == UInt8(ascii: "t")
            try scanner.literal(isTrue ? "true" : "false")
            return .bool(isTrue)
        case .array, .object:
            break
        }
        var text = ScratchBytes()
        try writeCompact(to: &text.writer)
        return JSONTape(compact: Array(text.writer.bytes)).value(at: 0)
    }
}
