import BentoJSON

/// Makes any text safe to place in an HTML page: no input can open a tag,
/// start a character reference or, in an attribute, end its value.
///
/// `&`, `<` and `>` always become character references; in an attribute
/// value (always written in double quotes) `"` and `'` do too. C0 control
/// characters other than tab, line feed and carriage return, and DEL,
/// become their Unicode control pictures (`␀` … `␟`, `␡`): the HTML parser
/// would reject them, and a reviewer should see that they are there.
public enum HTMLEscaping {
    /// Appends `text`, escaped for an element's content, to `out`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func appendText(_ text: String, to out: inout ByteWriter) {
        append(text, quotes: false, to: &out)
    }

    /// Appends `text`, escaped for a double-quoted attribute value, to `out`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func appendAttribute(_ text: String, to out: inout ByteWriter) {
        append(text, quotes: true, to: &out)
    }

    /// `text`, escaped for an element's content.
    public static func text(_ text: String) -> String {
        var out = ByteWriter()
        appendText(text, to: &out)
        return out.withSpan { $0.string }
    }

    /// `text`, escaped for a double-quoted attribute value.
    public static func attribute(_ text: String) -> String {
        var out = ByteWriter()
        appendAttribute(text, to: &out)
        return out.withSpan { $0.string }
    }

    private static func append(_ text: String, quotes: Bool, to out: inout ByteWriter) {
        text.withUTF8Span { append($0, quotes: quotes, to: &out) }
    }

    /// What an element's content escapes: `&`, `<`, `>`, DEL, and the C0
    /// controls but tab, line feed and carriage return.
    enum InText: EscapedSet {
        static func contains(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x7F: true
            case 0x09, 0x0A, 0x0D: false
            default: byte < 0x20
            }
        }

        @inline(__always)
        static func mayContain(_ word: UInt64) -> Bool {
            ByteWords.bytes(below: 0x20, in: word) | ByteWords.bytes(UInt8(ascii: "&"), in: word)
                | ByteWords.bytes(either: UInt8(ascii: "<"), UInt8(ascii: ">"), in: word) | ByteWords.bytes(0x7F, in: word) != 0
        }

        @inline(__always)
        static func contains(any v: SIMD16<UInt8>) -> Bool {
            // The lanes made first: a literal compared with a vector is
            // made into one lane by lane.
            let space = SIMD16<UInt8>(repeating: 0x20), tab = SIMD16<UInt8>(repeating: 0x09)
            let lineFeed = SIMD16<UInt8>(repeating: 0x0A), carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
            let ampersand = SIMD16<UInt8>(repeating: UInt8(ascii: "&")), less = SIMD16<UInt8>(repeating: UInt8(ascii: "<"))
            let greater = SIMD16<UInt8>(repeating: UInt8(ascii: ">")), delete = SIMD16<UInt8>(repeating: 0x7F)
            let control = (v .< space) .& (v .!= tab) .& (v .!= lineFeed) .& (v .!= carriageReturn)
            return (control .| (v .== ampersand) .| (v .== less) .| (v .== greater) .| (v .== delete)).anyLane
        }
    }

    /// What an attribute value escapes: what content does, and the quotes.
    enum InAttribute: EscapedSet {
        static func contains(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || InText.contains(byte)
        }

        @inline(__always)
        static func mayContain(_ word: UInt64) -> Bool {
            ByteWords.bytes(below: 0x20, in: word) | ByteWords.bytes(either: UInt8(ascii: "\""), UInt8(ascii: "&"), in: word)
                | ByteWords.bytes(either: UInt8(ascii: "<"), UInt8(ascii: ">"), in: word)
                | ByteWords.bytes(UInt8(ascii: "'"), in: word) | ByteWords.bytes(0x7F, in: word) != 0
        }

        @inline(__always)
        static func contains(any v: SIMD16<UInt8>) -> Bool {
            let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\"")), apostrophe = SIMD16<UInt8>(repeating: UInt8(ascii: "'"))
            return ((v .== quote) .| (v .== apostrophe)).anyLane || InText.contains(any: v)
        }
    }

    /// Appends UTF-8 `text`, escaped, to `out`: runs with nothing to escape,
    /// nearly all text, are copied whole, and looked through eight bytes at
    /// a time.
    /// - Complexity: O(n) in the length of `text`.
    public static func append(_ text: Span<UInt8>, quotes: Bool, to out: inout ByteWriter) {
        if quotes { append(text, escaping: InAttribute.self, to: &out) } else { append(text, escaping: InText.self, to: &out) }
    }

    /// A set of bytes an escaper looks for, which also tells whether a
    /// vector of sixteen bytes holds one of them, exactly.
    protocol EscapedSet: ByteSet {
        static func contains(any vector: SIMD16<UInt8>) -> Bool
    }

    private static func append<Special: EscapedSet>(_ text: Span<UInt8>, escaping: Special.Type, to out: inout ByteWriter) {
        // Nearly every text of a page (a type name, an id, a title) is short
        // and has nothing to escape: one or two vectors tell, and it is
        // copied whole, without a search.
        let n = text.count
        if n >= 16 && n <= 32 {
            if !Special.contains(any: text.vector(at: 0)) && !Special.contains(any: text.vector(at: n - 16)) {
                return out.append(text)
            }
        } else if n >= 8 && n < 16 {
            if !Special.contains(any: text.coveringVector(at: 0, count: n)) { return out.append(text) }
        } else if n >= 4 && n < 8 {
            if !Special.mayContain(text.coveringWord(at: 0, count: n)) { return out.append(text) }
        }
        var run = 0  // the start of the bytes not yet copied
        while let k = text.firstIndex(in: Special.self, from: run) {
            out.append(text.extracting(run..<k))
            appendEscape(text[k], to: &out)
            run = k + 1
        }
        out.append(text.extracting(run...))
    }

    private static func appendEscape(_ byte: UInt8, to out: inout ByteWriter) {
        switch byte {
        case UInt8(ascii: "&"): out.append("&amp;")
        case UInt8(ascii: "<"): out.append("&lt;")
        case UInt8(ascii: ">"): out.append("&gt;")
        case UInt8(ascii: "\""): out.append("&quot;")
        case UInt8(ascii: "'"): out.append("&#39;")
        case 0x7F: appendControlPicture(0x2421, to: &out)
        default: appendControlPicture(0x2400 + UInt32(byte), to: &out)
        }
    }

    /// A code point in U+2400…U+2421 as three bytes of UTF-8.
    private static func appendControlPicture(_ scalar: UInt32, to out: inout ByteWriter) {
        out.append(UInt8(0xE0 | (scalar >> 12)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}
