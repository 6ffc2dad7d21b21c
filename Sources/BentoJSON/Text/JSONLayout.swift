/// The white space of a JSON text: what breaks a line, what indents it,
/// what follows a name and a comma, how an empty container is written. One
/// engine lays compact text out in it (`write(compact:to:depth:)`):
/// `JSONWriter`'s indented and one-line styles, and a person's own style
/// for what an edit adds to their file (`TextStyle`). A class: the layouts
/// of the writer's styles are shared, not copied field by field on each use.
public final class JSONLayout: Sendable {
    /// What ends a line: LF or CRLF.
    public let lineEnd: [UInt8]
    /// The indentation of the line a value starts on, before its own levels.
    public let base: [UInt8]
    /// One level of indentation: spaces or a tab.
    public let indentUnit: [UInt8]
    /// Between a member's name and its value: `": "`, `" : "` or `":"`.
    public let nameSeparator: [UInt8]
    /// Every child on the line its container opens on.
    public let isOneLine: Bool
    /// After a comma on one line: a space, or nothing.
    public let elementSpace: [UInt8]
    /// An empty container written with a blank line inside.
    public let emptyHasBlankLine: Bool
    /// `/` written `\/`.
    public let escapesSlash: Bool
    /// Every character past ASCII written `\u` and four hex digits (two
    /// such escapes past the Basic Multilingual Plane).
    public let escapesNonASCII: Bool

    /// What breaks a line at each of the first levels, made once: a break
    /// is one copy of a prefix.
    private let breaks: [UInt8]
    private static let levelsMade = 16

    /// A layout; the defaults are `JSONWriter`'s indented style.
    public init(
        lineEnd: [UInt8] = [0x0A], base: [UInt8] = [], indentUnit: [UInt8] = Array("  ".utf8),
        nameSeparator: [UInt8] = Array(": ".utf8), isOneLine: Bool = false, elementSpace: [UInt8] = [0x20],
        emptyHasBlankLine: Bool = false, escapesSlash: Bool = false, escapesNonASCII: Bool = false
    ) {
        self.lineEnd = lineEnd
        self.base = base
        self.indentUnit = indentUnit
        self.nameSeparator = nameSeparator
        self.isOneLine = isOneLine
        self.elementSpace = elementSpace
        self.emptyHasBlankLine = emptyHasBlankLine
        self.escapesSlash = escapesSlash
        self.escapesNonASCII = escapesNonASCII
        var breaks = lineEnd + base
        breaks.reserveCapacity(breaks.count + Self.levelsMade * indentUnit.count)
        for _ in 0..<Self.levelsMade { breaks += indentUnit }
        self.breaks = breaks
    }

    /// `JSONWriter`'s indented style: two spaces a level, LF.
    public static let pretty = JSONLayout()
    /// `JSONWriter`'s one-line style: a space after each comma and colon.
    public static let line = JSONLayout(isOneLine: true)

    /// Writes compact JSON text (`JSONWriter`'s compact form) laid out in
    /// this layout, `depth` levels in: the same bytes as writing the value
    /// it stands for, without building the value. Strings are copied as
    /// they are, unless the layout escapes more than JSON requires. The
    /// text may also be a run of members or elements
    /// separated by commas (the inside of an object or array).
    /// - Complexity: O(n) in the size of the text.
    public func write(compact text: Span<UInt8>, to out: inout [UInt8], depth start: Int = 0) {
        // The fields are read once: a class's array read in the loop would
        // be retained and released at each line break.
        let (lineEnd, base, unit, oneLine) = (self.lineEnd, self.base, indentUnit, isOneLine)
        let escapesMore = escapesSlash || escapesNonASCII
        let prefix = lineEnd.count + base.count
        breaks.withSpan { breaks in
            /// A line break and `depth` levels of indentation past the
            /// base; nothing on one line.
            func breakLine(_ out: inout [UInt8], _ depth: Int) {
                guard !oneLine else { return }
                if depth <= Self.levelsMade {
                    out.append(breaks.extracting(..<(prefix + depth * unit.count)))
                } else {
                    out += lineEnd
                    out += base
                    for _ in 0..<depth { out += unit }
                }
            }
            var depth = start
            var k = 0
            while k < text.count {
                let c = text[k]
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    out.append(c)
                    if k + 1 < text.count && (text[k + 1] == UInt8(ascii: "}") || text[k + 1] == UInt8(ascii: "]")) {
                        if emptyHasBlankLine && !oneLine {
                            out += lineEnd
                            breakLine(&out, depth)
                        }
                        out.append(text[k + 1])
                        k += 2
                    } else {
                        depth += 1
                        breakLine(&out, depth)
                        k += 1
                    }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    breakLine(&out, depth)
                    out.append(c)
                    k += 1
                case UInt8(ascii: ","):
                    out.append(c)
                    if oneLine { out += elementSpace } else { breakLine(&out, depth) }
                    k += 1
                case UInt8(ascii: ":"):
                    out += nameSeparator
                    k += 1
                case UInt8(ascii: "\""):
                    // A word at a time, in place: most strings are short, and a call
                    // out (`CompactMembers.endOfString`) costs more than they do.
                    var j = k + 1
                    while j + 8 <= text.count && ByteWords.quotesAndBackslashes(text.word(at: j)) == 0 { j += 8 }
                    while text[j] != UInt8(ascii: "\"") { j += text[j] == UInt8(ascii: "\\") ? 2 : 1 }
                    if escapesMore { writeString(literal: text.extracting(k...j), to: &out) } else { out.append(text.extracting(k...j)) }
                    k = j + 1
                default:
                    // A number or a literal: up to the next structural byte.
                    var j = k + 1
                    while j < text.count, !JSONTape.endsScalar(text[j]) { j += 1 }
                    out.append(text.extracting(k..<j))
                    k = j
                }
            }
        }
    }

    /// Writes `literal`, a string as compact JSON writes it (quotes and
    /// all), with the escapes of this layout.
    /// - Complexity: O(n) in its length.
    public func writeString(literal: Span<UInt8>, to out: inout [UInt8]) {
        guard escapesSlash || escapesNonASCII else {
            out.append(literal)
            return
        }
        func hex(_ unit: UInt16) {
            out.append(#"\u"# as StaticString)
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(Self.hexDigits[Int(unit >> UInt16(shift)) & 0xF])
            }
        }
        var i = 0
        while i < literal.count {
            let c = literal[i]
            if c == UInt8(ascii: "\\") {
                out.append(literal.extracting(i...(i + 1)))
                i += 2
            } else if c == UInt8(ascii: "/") && escapesSlash {
                out.append(#"\/"# as StaticString)
                i += 1
            } else if c >= 0x80 && escapesNonASCII {
                let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
                let scalar = literal.extracting(i..<(i + length)).string.unicodeScalars.first!
                for unit in String(scalar).utf16 { hex(unit) }
                i += length
            } else {
                out.append(c)
                i += 1
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
