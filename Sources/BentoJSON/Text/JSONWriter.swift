/// Writes JSON values as bytes: compact, on one line, or indented, in written
/// or canonical (sorted) member order. Numbers keep their source text; strings
/// escape only what JSON requires (quote, backslash, control characters).
/// `Container` writes typed values (a changeset, a screen) in the same
/// layout, member by member.
public struct JSONWriter: Sendable {
    /// How much white space the text gets.
    public enum Style: Sendable {
        /// No white space.
        case compact
        /// Two-space indentation, one member or element per line.
        case pretty
        /// One line, a space after each comma and colon: `{"op": "add"}`,
        /// `[1, 2]` (a JSON Patch operation, an index list).
        case line
    }

    /// Compact, one line, or indented.
    public var style: Style
    /// Sort object members by code point: the canonical form of bento-screen(5).
    public var sortsMembers: Bool
    /// Write each number in one text per value (`JSONNumber.canonicalText`)
    /// rather than as it was written.
    public var normalizesNumbers: Bool

    /// A writer: `sortsMembers` writes members by name in code point order,
    /// `normalizesNumbers` writes one spelling per number value.
    public init(style: Style = .compact, sortsMembers: Bool = false, normalizesNumbers: Bool = false) {
        self.style = style
        self.sortsMembers = sortsMembers
        self.normalizesNumbers = normalizesNumbers
    }

    /// Canonical JSON: members sorted by name, no white space, numbers in one
    /// text per value. Values equal by bento-screen(5) write the same bytes.
    public static let canonical = JSONWriter(style: .compact, sortsMembers: true, normalizesNumbers: true)

    /// `value` as JSON text.
    /// - Complexity: O(n) in the size of the value.
    public func string(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value to `out`. Recursion depth is that of the value, which
    /// the reader limits.
    public func write(_ value: JSONValue, to out: inout [UInt8], indent: Int = 0) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: (normalizesNumbers ? n.canonicalText : n.text).utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let elements):
            writeArray(elements, to: &out, indent: indent) { element, out, indent in
                write(element, to: &out, indent: indent)
            }
        case .object(let object):
            var container = Container.object(self, indent: indent, &out)
            for member in sortsMembers ? object.sortedMembers : object.members {
                container.member(escaping: member.key, &out)
                write(member.value, to: &out, indent: indent + 1)
            }
            container.close(&out)
        }
    }

    /// Appends an array as this writer writes arrays (a `Container`), each
    /// element written by `element` at the elements' indentation.
    /// - Complexity: O(n) in the number of elements, plus what `element` does.
    @inlinable
    public func writeArray<Elements: Collection>(
        _ elements: Elements, to out: inout [UInt8], indent: Int,
        _ element: (Elements.Element, inout [UInt8], Int) -> Void
    ) {
        var container = Container.array(self, indent: indent, &out)
        for value in elements {
            container.element(&out)
            element(value, &out, indent + 1)
        }
        container.close(&out)
    }

    /// A member name and its colon: `"name": `, or `"name":` in the
    /// compact style.
    @inlinable
    public func writeName(_ name: String, to out: inout [UInt8]) {
        Self.writeString(name, to: &out)
        colon(&out)
    }

    /// A member name that needs no escaping (a name of a format, written
    /// in the code) and its colon, copied from static text.
    @inlinable
    public func writeName(_ name: StaticString, to out: inout [UInt8]) {
        // Room made once for all of it: names are most of a record's bytes.
        let spaced = style != .compact
        name.withSpan { name in
            out.append(addingCapacity: name.count + (spaced ? 4 : 3)) { output in
                output.appendQuoted(name)
                output.append(UInt8(ascii: ":"))
                if spaced { output.append(UInt8(ascii: " ")) }
            }
        }
    }

    /// The colon after a member name, and a space but in the compact style.
    @inlinable @inline(__always)
    func colon(_ out: inout [UInt8]) {
        out.append(UInt8(ascii: ":"))
        if style != .compact { out.append(UInt8(ascii: " ")) }
    }

    /// What follows a comma: the break before the next value (a line and
    /// `indent` levels), a space on one line, nothing in the compact style.
    @inlinable @inline(__always)
    func separator(_ out: inout [UInt8], _ indent: Int) {
        switch style {
        case .pretty: newline(&out, indent)
        case .line: out.append(UInt8(ascii: " "))
        case .compact: break
        }
    }

    /// A line break and the indentation of `indent` levels (pretty style;
    /// nothing in the others).
    @inlinable
    public func newline(_ out: inout [UInt8], _ indent: Int) {
        guard style == .pretty else { return }
        let table = Self.newlineAndSpaces
        let count = indent * 2 + 1
        table.withSpan { out.append($0.extracting(..<min(count, $0.count))) }
        if count > table.utf8CodeUnitCount {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count - table.utf8CodeUnitCount))
        }
    }

    /// A newline and the spaces of 31 levels of indentation, copied from.
    @usableFromInline static let newlineAndSpaces: StaticString = "\n                                                              "

    /// The compact text of `value`, cut to `width` Unicode scalars with a
    /// final `…` when it is longer: a value in a one-line message.
    /// - Complexity: O(n) in the size of the value; O(`width`) for a string.
    public static func shortened(_ value: JSONValue, width: Int) -> String {
        // A long string is quoted from its first scalars only: its literal
        // begins with theirs, and the cut keeps fewer than those, so a
        // value of megabytes is not copied to show a line of it.
        if case .string(let text) = value, text.utf8.count > 4 * (width + 2) {
            let head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(width + 1)))
            return OneLine.cut(quoted(head), to: width)
        }
        return OneLine.cut(JSONWriter(style: .compact).string(value), to: width)
    }

    /// `body`'s result with the text of string `value` when `shortened`
    /// gives it whole and as it is between its quotes (no escape, no cut):
    /// what a page shows of most changed strings, without making the
    /// literal; nil for any other value.
    /// - Complexity: O(n) in the length of the string.
    @inlinable
    public static func withShortenedPlainString<R>(_ value: JSONValue, width: Int, _ body: (Span<UInt8>) -> R) -> R? {
        guard case .string(let text) = value, text.utf8.count + 2 <= width else { return nil }
        return text.withUTF8Span { bytes in needsNoEscape(bytes) ? body(bytes) : nil }
    }

    /// A JSON string literal for `s`.
    public static func quoted(_ s: String) -> String { quoted(s) { _ in } }

    /// A JSON string literal for `s`; `reading` sees its bytes as it is made
    /// (an id hashes them there, not in a pass of its own).
    public static func quoted(_ s: String, reading: (Span<UInt8>) -> Void) -> String {
        // Nearly every string needs no escape: its literal is the string in quotes.
        let plain = s.withUTF8Span { text -> String? in
            guard needsNoEscape(text) else { return nil }
            // Made in one go, not by two concatenations: ids are quoted so.
            return String(utf8Count: text.count + 2) { out in
                out.append(UInt8(ascii: "\""))
                out.append(text)
                out.append(UInt8(ascii: "\""))
                reading(out.span)
            }
        }
        if let plain { return plain }
        var out: [UInt8] = []
        writeString(s, to: &out)
        out.withSpan(reading)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal.
    @inlinable
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        s.withUTF8Span { writeString(utf8: $0, to: &out) }
    }

    /// Appends a string that needs no escape (a name of a format, written
    /// in the code) as a JSON string literal, copied as it is.
    @inlinable
    public static func writeString(plain literal: StaticString, to out: inout [UInt8]) {
        literal.withSpan { text in out.append(addingCapacity: text.count + 2) { $0.appendQuoted(text) } }
    }

    /// Appends UTF-8 text as a JSON string literal.
    @inlinable
    public static func writeString(utf8 text: [UInt8], to out: inout [UInt8]) {
        text.withSpan { writeString(utf8: $0, to: &out) }
    }

    /// Writes UTF-8 text as a JSON string literal. Text that needs no escape,
    /// nearly all of it, is copied in one go.
    @inlinable
    public static func writeString(utf8 text: Span<UInt8>, to out: inout [UInt8]) {
        if needsNoEscape(text) {
            // Room made once for the literal.
            return out.append(addingCapacity: text.count + 2) { $0.appendQuoted(text) }
        }
        out.append(UInt8(ascii: "\""))
        for k in text.indices {
            let c = text[k]
            switch c {
            case UInt8(ascii: "\""): out.append(#"\""# as StaticString)
            case UInt8(ascii: "\\"): out.append(#"\\"# as StaticString)
            case 0x0A: out.append(#"\n"# as StaticString)
            case 0x0D: out.append(#"\r"# as StaticString)
            case 0x09: out.append(#"\t"# as StaticString)
            case 0x08: out.append(#"\b"# as StaticString)
            case 0x0C: out.append(#"\f"# as StaticString)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(#"\u00"# as StaticString)
                out.append(hex[Int(c >> 4)])
                out.append(hex[Int(c & 0xF)])
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// True when no byte needs an escape (quote, backslash, control
    /// character): sixteen bytes at a time, then eight.
    @usableFromInline
    static func needsNoEscape(_ text: Span<UInt8>) -> Bool {
        var i = text.count > 64 ? ByteWords.endOfPlainBlocks(text, from: 0, allowingUTF8: true) : 0
        while i + 8 <= text.count {
            let x = text.word(at: i)
            // A flag means such a byte: the lowest flag is exact.
            if ByteWords.quotesAndBackslashes(x) | ByteWords.bytes(below: 0x20, in: x) != 0 { return false }
            i += 8
        }
        while i < text.count {
            let c = text[i]
            if c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { return false }
            i += 1
        }
        return true
    }

    /// Writes compact JSON text (as this type writes it compactly) in this
    /// writer's style (`JSONLayout`): the same bytes as writing the value it
    /// stands for, without building the value. The text may also be a run
    /// of members or elements separated by commas (the inside of an object
    /// or array).
    func write(compact text: Span<UInt8>, to out: inout [UInt8], indent: Int) {
        switch style {
        case .compact: out.append(text)
        case .pretty: JSONLayout.pretty.write(compact: text, to: &out, depth: indent)
        case .line: JSONLayout.line.write(compact: text, to: &out, depth: indent)
        }
    }
}

extension OutputSpan where Element == UInt8 {
    /// Appends `text` between quotes, as it is: a JSON string literal of
    /// text that needs no escape. The room must be there.
    @inlinable @inline(__always)
    public mutating func appendQuoted(_ text: Span<UInt8>) {
        append(UInt8(ascii: "\""))
        append(text)
        append(UInt8(ascii: "\""))
    }
}
