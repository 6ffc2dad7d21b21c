/// Makes any text safe to place in an HTML page: no input can open a tag,
/// start a character reference or, in an attribute, end its value.
///
/// `&`, `<` and `>` always become character references; in an attribute
/// value (always written in double quotes) `"` and `'` do too. C0 control
/// characters other than tab, line feed and carriage return, and DEL,
/// become their Unicode control pictures (`␀` … `␟`, `␡`): the HTML parser
/// would reject them, and a reviewer should see that they are there.
public enum HTMLEscaping {
    /// The Content-Security-Policy of a page bento writes: nothing is
    /// fetched or run, and only the page's own `<style>` applies, so that
    /// no text escaped into it can reach the network.
    public static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'"

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
        var out = ScratchBytes()
        appendText(text, to: &out.writer)
        return String(decoding: out.writer.bytes, as: UTF8.self)
    }

    /// `text`, escaped for a double-quoted attribute value.
    public static func attribute(_ text: String) -> String {
        var out = ScratchBytes()
        appendAttribute(text, to: &out.writer)
        return String(decoding: out.writer.bytes, as: UTF8.self)
    }

    private static func append(_ text: String, quotes: Bool, to out: inout ByteWriter) {
        var text = text
        text.withUTF8 { append($0, quotes: quotes, to: &out) }
    }

    /// Appends UTF-8 `text`, escaped, to `out`: runs with nothing to escape,
    /// nearly all text, are copied whole, and looked through eight bytes at
    /// a time.
    /// - Complexity: O(n) in the length of `text`.
    public static func append(_ text: UnsafeBufferPointer<UInt8>, quotes: Bool, to out: inout ByteWriter) {
        guard let base = text.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var run = 0  // the start of the bytes not yet copied
        var i = 0
        while i < text.count {
            if i + 8 <= text.count
                && !mayNeedEscape(ByteWords.word(raw, at: i), quotes: quotes)
            {
                i += 8
                continue
            }
            for j in i..<min(i + 8, text.count) where needsEscape(text[j], quotes: quotes) {
                out.append(UnsafeBufferPointer(rebasing: text[run..<j]))
                run = j + 1
                appendEscape(text[j], to: &out)
            }
            i += 8
        }
        out.append(UnsafeBufferPointer(rebasing: text[run...]))
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

    /// Whether a byte of `word` may need an escape (`needsEscape`): a
    /// control character (tab and line breaks too), `&`, `<`, `>`, DEL, and
    /// quotes if `quotes`. Exact when it says no.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64, quotes: Bool) -> Bool {
        var found = ByteWords.bytes(below: 0x20, in: word)
        found |= ByteWords.bytes(UInt8(ascii: "&"), in: word)
        // `<` and `>` differ in one bit: with it cleared, both are `<`.
        found |= ByteWords.bytes(UInt8(ascii: "<"), in: word & 0xFDFD_FDFD_FDFD_FDFD)
        found |= ByteWords.bytes(0x7F, in: word)
        if quotes { found |= ByteWords.bytes(UInt8(ascii: "\""), in: word) | ByteWords.bytes(UInt8(ascii: "'"), in: word) }
        return found != 0
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
    private static func appendControlPicture(_ scalar: UInt32, to out: inout ByteWriter) {
        out.append(UInt8(0xE0 | (scalar >> 12)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}
