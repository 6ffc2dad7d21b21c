/// Makes any text safe to place in an HTML page, as element content or as a
/// quoted attribute value: no input can open a tag, close an attribute or
/// start a character reference.
///
/// `&`, `<`, `>`, `"` and `'` become character references. C0 control
/// characters other than tab, line feed and carriage return, and DEL, become
/// their Unicode control pictures (`␀` … `␟`, `␡`): the HTML parser would
/// reject them, and a reviewer should see that they are there.
public enum HTMLEscaping {
    /// Appends `text`, escaped, to `out`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func append(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(byte)
            case 0x00..<0x20: appendControlPicture(0x2400 + UInt32(byte), to: &out)
            case 0x7F: appendControlPicture(0x2421, to: &out)
            default: out.append(byte)
            }
        }
    }

    /// `text`, escaped.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A code point in U+2400…U+2421 as three bytes of UTF-8.
    private static func appendControlPicture(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(0xE0 | (scalar >> 12)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}
