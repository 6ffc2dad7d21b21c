/// How a JSON text is laid out, read off the text itself, so that content
/// added to it is written as the person (or the tool) who wrote it would:
/// jq's and Prettier's two spaces, Python's four, tabs, Foundation's
/// `JSONEncoder` (`"name" : value`, `\/`, an empty array as a blank line),
/// CRLF line ends, or everything on one line.
public struct TextStyle: Sendable, Equatable {
    /// The line end: `\n`, or `\r\n` when the first line ends so.
    public var lineEnd: [UInt8] = [0x0A]
    /// One level of indentation: the indentation of the first nested line.
    public var indentUnit: [UInt8] = Array("  ".utf8)
    /// Between a member's name and its value: `": "`, `" : "` or `":"`.
    public var nameSeparator: [UInt8] = Array(": ".utf8)
    /// The whole text is on one line: new content goes on that line too.
    public var isOneLine = false
    /// After an element's comma, on one line: `" "` (Python) or nothing (jq -c).
    public var elementSpace: [UInt8] = []
    /// Empty arrays and objects are written with a blank line inside, as
    /// `JSONEncoder` writes them (`[` line end, line end, indentation, `]`).
    public var emptyHasBlankLine = false
    /// `/` is written `\/` (`JSONEncoder`).
    public var escapesSlash = false
    /// Every character past ASCII is written `\uXXXX` (Python's default).
    public var escapesNonASCII = false

    /// The layout of new content in this style, on a line indented `base`.
    func layout(base: [UInt8]) -> JSONLayout {
        JSONLayout(
            lineEnd: lineEnd, base: base, indentUnit: indentUnit, nameSeparator: nameSeparator, isOneLine: isOneLine,
            elementSpace: elementSpace, emptyHasBlankLine: emptyHasBlankLine, escapesSlash: escapesSlash,
            escapesNonASCII: escapesNonASCII)
    }

    /// The style of two spaces and `": "`: bento's own canonical layout.
    public init() {}

    /// How much of a large text is read for its string habits (`\/`,
    /// `\u00e9`): one consistent writer wrote it all.
    static let sample = 1 << 20

    /// The style of the text `tape` was read from.
    /// - Complexity: O(d) in the depth of the first path down the document,
    ///   plus the first megabyte of the text for its string habits.
    public init(of tape: JSONTape) {
        // The walk goes down the first child of each container in turn.
        var entry = 0
        self.init(of: tape.source.bytes, document: tape.range(of: 0)) { _ in
            let kind = tape.kind(entry)
            guard kind == .object || kind == .array else { return nil }
            defer { entry += kind == .object ? 2 : 1 }
            return (kind == .object, tape.children(of: entry, limit: 2))
        }
        tape.source.bytes.withSpan { readStringHabits($0) }
    }

    /// The style of a text whose document is written at `whole` of
    /// `bytes`: `children` says whether the value written at a range is an
    /// object and where its first two children (or more) are written (nil
    /// for a scalar), for each value on the first path down the document,
    /// in turn.
    /// - Complexity: O(d) in the depth of that path, plus the first
    ///   megabyte of the text for its string habits.
    public init(
        of text: SourceBytes, document whole: Range<Int>,
        children: (Range<Int>) -> (isObject: Bool, children: [JSONEdit.Span])?
    ) {
        self.init(of: text.storage, document: whole, children: children)
        text.withSpan { readStringHabits($0) }
    }

    private init<Bytes: RandomAccessCollection<UInt8>>(
        of bytes: Bytes, document whole: Range<Int>,
        children: (Range<Int>) -> (isObject: Bool, children: [JSONEdit.Span])?
    ) where Bytes.Index == Int {
        if let newline = bytes[whole].firstIndex(of: 0x0A) {
            lineEnd = Self.lineEnd(of: bytes)
            var end = newline + 1
            while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
            if end > newline + 1 { indentUnit = Array(bytes[(newline + 1)..<end]) }
        } else {
            isOneLine = true
        }
        // The first member and the first pair of elements found going down.
        var range = whole, foundName = false, foundElements = false
        while !(foundName && foundElements) {
            guard let (isObject, children) = children(range) else { break }
            if isObject, let first = children.first, !foundName {
                nameSeparator = Array(bytes[Self.stringEnd(bytes, from: first.start)..<first.value.lowerBound])
                foundName = true
            }
            if children.count >= 2, !foundElements {
                let between = bytes[children[0].value.upperBound..<children[1].start]
                if let comma = between.firstIndex(of: UInt8(ascii: ",")) {
                    elementSpace = Array(bytes[(comma + 1)..<between.endIndex])
                }
                foundElements = true
            }
            guard let first = children.first else { break }
            range = first.value
        }
    }

    /// Where the string whose opening quote is at `start` ends: after its
    /// closing quote.
    private static func stringEnd<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> Int
        where Bytes.Index == Int
    {
        var i = start + 1
        while bytes[i] != UInt8(ascii: "\"") {
            i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        return i + 1
    }

    /// `\/`, `\u00e9` and the empty-container form, from the first
    /// containers and strings of the text. Eight bytes at a time past those
    /// that tell nothing: ASCII with no backslash (and no bracket or brace
    /// while no empty container is seen).
    /// - Complexity: O(n) in the first `sample` bytes of the text.
    private mutating func readStringHabits(_ bytes: Span<UInt8>) {
        let limit = min(bytes.count, Self.sample)
        var sawEmpty = false, sawEscapedNonASCII = false, sawRawNonASCII = false
        var i = 0
        while i < limit {
            if i + 8 <= limit {
                let word = bytes.word(at: i)
                if word & ByteWords.highs != 0 { sawRawNonASCII = true }
                var telling = ByteWords.exactBytes(UInt8(ascii: "\\"), in: word)
                // `[` and `{` differ only in the bit 0x20.
                if !sawEmpty { telling |= ByteWords.exactBytes(UInt8(ascii: "{"), in: word | ByteWords.ones &* 0x20) }
                guard telling != 0 else {
                    i += 8
                    continue
                }
                // Flags are exact: the bytes before the first tell nothing.
                i += telling.trailingZeroBitCount / 8
            }
            let c = bytes[i]
            if c >= 0x80 {
                sawRawNonASCII = true
            } else if c == UInt8(ascii: "\\") && i + 1 < limit {
                let e = bytes[i + 1]
                if e == UInt8(ascii: "/") { escapesSlash = true }
                if e == UInt8(ascii: "u") && i + 5 < limit && !(bytes[i + 2] == UInt8(ascii: "0") && bytes[i + 3] == UInt8(ascii: "0")
                    && bytes[i + 4] < UInt8(ascii: "8"))
                {
                    sawEscapedNonASCII = true
                }
                i += 1
            } else if !sawEmpty && (c == UInt8(ascii: "[") || c == UInt8(ascii: "{")) {
                var j = i + 1
                while j < limit && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D) { j += 1 }
                if j < limit && (bytes[j] == UInt8(ascii: "]") || bytes[j] == UInt8(ascii: "}")) {
                    sawEmpty = true
                    var lineEnds = 0
                    for k in i + 1..<j where bytes[k] == 0x0A { lineEnds += 1 }
                    emptyHasBlankLine = lineEnds >= 2
                }
            }
            i += 1
        }
        escapesNonASCII = sawEscapedNonASCII && !sawRawNonASCII
    }
}

extension TextStyle {
    /// The line end of a text: `\r\n` when its first line ends so.
    static func lineEnd<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> [UInt8] where Bytes.Index == Int {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
        return newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }
}
