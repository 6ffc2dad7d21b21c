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
    public static func appendText(_ text: String, to out: inout [UInt8]) {
        append(text, quotes: false, to: &out)
    }

    /// Appends `text`, escaped for a double-quoted attribute value, to `out`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func appendAttribute(_ text: String, to out: inout [UInt8]) {
        append(text, quotes: true, to: &out)
    }

    /// `text`, escaped for an element's content.
    public static func text(_ text: String) -> String {
        var out: [UInt8] = []
        appendText(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text`, escaped for a double-quoted attribute value.
    public static func attribute(_ text: String) -> String {
        var out: [UInt8] = []
        appendAttribute(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ text: String, quotes: Bool, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, quotes: quotes, to: &out) }
    }

    /// Appends UTF-8 `text`, escaped, to `out`: runs with nothing to escape,
    /// nearly all text, are copied whole.
    /// - Complexity: O(n) in the length of `text`.
    static func append(_ text: UnsafeBufferPointer<UInt8>, quotes: Bool, to out: inout [UInt8]) {
        var run = 0  // the start of the bytes not yet copied
        for (i, byte) in text.enumerated() where needsEscape(byte, quotes: quotes) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
            run = i + 1
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            case 0x7F: appendControlPicture(0x2421, to: &out)
            default: appendControlPicture(0x2400 + UInt32(byte), to: &out)
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
    }

    /// Whether `byte` is written otherwise: `&`, `<`, `>`, quotes in an
    /// attribute, C0 controls but tab, line feed and carriage return, DEL.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x7F: true
        case UInt8(ascii: "\""), UInt8(ascii: "'"): quotes
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20: true
        default: false
        }
    }

    /// A code point in U+2400…U+2421 as three bytes of UTF-8.
    private static func appendControlPicture(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(0xE0 | (scalar >> 12)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}
