import Testing

@testable import BentoJSON
@testable import BentoKit

/// Text escaped for HTML: no input can open a tag, start a reference or end an attribute.
@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("text escapes &, < and >; attributes escape quotes too")
    func escapes() {
        #expect(HTMLEscaping.text(#"a & b < c > d "e" 'f'"#) == #"a &amp; b &lt; c &gt; d "e" 'f'"#)
        #expect(HTMLEscaping.attribute(#"a & b < c > d "e" 'f'"#) == "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;")
        #expect(HTMLEscaping.text("&lt;") == "&amp;lt;")
        #expect(HTMLEscaping.text("café, cafe\u{301}, 😀, \u{202E}") == "café, cafe\u{301}, 😀, \u{202E}")
    }

    @Test("control characters become visible control pictures; tab and newlines stay")
    func controls() {
        #expect(HTMLEscaping.text("a\u{0}b\u{1B}c\u{7F}") == "a\u{2400}b\u{241B}c\u{2421}")
        #expect(HTMLEscaping.text("\t\n\r") == "\t\n\r")
        for byte in UInt8(0)..<0x20 where ![0x09, 0x0A, 0x0D].contains(byte) {
            let escaped = HTMLEscaping.attribute(String(UnicodeScalar(byte)))
            #expect(escaped.unicodeScalars.map(\.value) == [0x2400 + UInt32(byte)])
        }
    }

    /// Escaping one scalar at a time: what the word-at-a-time escaping must give.
    static func reference(_ text: String, quotes: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}": out.unicodeScalars.append(UnicodeScalar(0x2400 + scalar.value)!)
            case "\u{7F}": out += "\u{2421}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test("text to escape anywhere in a long run is escaped, and the run around it copied")
    func runs() {
        // Long enough for several eight-byte words, read a word at a time.
        let run = "abcdéfgh😀ijklmnop#$%;=?@[]{}~ABCDEFGH"
        for special in ["&", "<", ">", "\"", "'", "\u{0}", "\u{1F}", "\u{7F}", "\n", "\t"] {
            for k in 0...run.count {
                let text = String(run.prefix(k)) + special + String(run.dropFirst(k)) + special
                #expect(HTMLEscaping.text(text) == Self.reference(text, quotes: false))
                #expect(HTMLEscaping.attribute(text) == Self.reference(text, quotes: true))
            }
        }
    }

    @Test("every ASCII byte, at every place of texts up to 40 bytes long, is escaped as one scalar at a time escapes it")
    func everyByteEverywhere() {
        var wrong: [String] = []
        for byte in UInt8(0)..<0x80 {
            // Past the words a short text is checked in at once (32 bytes).
            for length in 1...40 {
                for place in 0..<length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "m"), count: length)
                    bytes[place] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    if HTMLEscaping.text(text) != Self.reference(text, quotes: false)
                        || HTMLEscaping.attribute(text) != Self.reference(text, quotes: true)
                    {
                        wrong.append("byte \(byte), length \(length), at \(place)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
