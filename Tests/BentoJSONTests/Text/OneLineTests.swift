import Testing

@testable import BentoJSON

/// Every message is one line, whatever a name or value holds.
@Suite("One line")
struct OneLineTests {
    @Test("a text is cut to a width in Unicode scalars, the last kept place an ellipsis; one no longer is kept whole")
    func cut() {
        /// The rule, scalar by scalar.
        func expected(_ text: String, _ width: Int) -> String {
            let scalars = Array(text.unicodeScalars)
            guard scalars.count > width else { return text }
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: scalars.prefix(max(1, width - 1)))
            return String(kept) + "…"
        }
        let texts = ["", "a", "abc", "héllo wörld", "日本語のテキスト", "e\u{301}e\u{301}e\u{301}", "👩‍👩‍👧 family 🇫🇷", String(repeating: "é", count: 300)]
        for text in texts {
            for width in [0, 1, 2, 3, 5, 8, 13, 200, 400] {
                #expect(OneLine.cut(text, to: width) == expected(text, width), "\(text) to \(width)")
                // Nothing cut exactly when the text has no more scalars than the width.
                #expect(text.withUTF8Span { OneLine.cutEnd($0, width: width) == nil } == (text.unicodeScalars.count <= width))
                #expect(OneLine.cut(text, to: width).unicodeScalars.elementsEqual(expected(text, width).unicodeScalars))
            }
        }
    }

    @Test("line breaks and other controls are escaped; the rest is kept")
    func escapes() {
        #expect(OneLine.escaping("a\nb\tc\r") == #"a\nb\tc\r"#)
        #expect(OneLine.escaping("x\u{1}\u{7F}\u{85}\u{2028}\u{2029}") == #"x\u0001\u007f\u0085\u2028\u2029"#)
        #expect(OneLine.escaping("café 😀 \"q\"") == "café 😀 \"q\"")
    }

    @Test("invisible format characters are escaped in reports, emoji joiners and the rest kept")
    func invisible() {
        #expect(OneLine.escapingInvisible("a\u{202E}b\u{200B}c\u{FEFF}") == #"a\u202eb\u200bc\ufeff"#)
        #expect(OneLine.escapingInvisible("x \u{E0041} y") == #"x \u{e0041} y"#)
        #expect(OneLine.escapingInvisible("0 High Street · 0.0 miles ↕ → 👩\u{200D}💻") == "0 High Street · 0.0 miles ↕ → 👩\u{200D}💻")
    }

    @Test("the byte filter lets through every scalar that is escaped")
    func byteFilter() {
        var checked = 0
        for v in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), OneLine.isInvisible(scalar) else { continue }
            var bytes: [UInt8] = []
            UTF8.encode(scalar) { bytes.append($0) }
            #expect(bytes.withSpan(OneLine.mayHoldFormat), "U+\(String(v, radix: 16))")
            // Within ASCII text, at places across the eight-, sixteen- and thirty-two-byte steps.
            for at in [0, 3, 7, 8, 13, 17, 31, 32, 47, 70] {
                let line = Array(repeating: UInt8(ascii: "a"), count: at) + bytes + Array(repeating: UInt8(ascii: "z"), count: 9)
                #expect(line.withSpan(OneLine.mayHoldFormat), "U+\(String(v, radix: 16)) at \(at)")
            }
            checked += 1
        }
        #expect(checked > 150)
        // Text of other scripts and symbols is not decoded at all.
        let text = Array("Straße · café ↕ → 東京 ✓".utf8)
        #expect(!text.withSpan { OneLine.mayHoldFormat($0) })
    }

    @Test("the message filter lets through every scalar that escaping escapes, at every place of a line")
    func messageFilter() {
        var checked = 0
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), OneLine.escaping(String(scalar)) != String(scalar) else { continue }
            var bytes: [UInt8] = []
            UTF8.encode(scalar) { bytes.append($0) }
            // Within ASCII text, at places across the eight-byte steps.
            for at in [0, 1, 7, 8, 9, 15, 16, 23] {
                let line = Array(repeating: UInt8(ascii: "a"), count: at) + bytes + Array(repeating: UInt8(ascii: "z"), count: 9)
                #expect(line.withSpan(OneLine.mayNeedEscape), "U+\(String(v, radix: 16)) at \(at)")
                var appended: [UInt8] = []
                line.withSpan { OneLine.append(escaping: $0, to: &appended) }
                #expect(String(decoding: appended, as: UTF8.self) == OneLine.escaping(String(decoding: line, as: UTF8.self)))
            }
            checked += 1
        }
        // The C0 and C1 controls, DEL, the two separators and the format characters.
        #expect(checked > 200)
        // Text of other scripts and symbols is not decoded at all, and appended as it is.
        let text = Array("Straße · café ↕ → 東京 ✓ [0, 1]".utf8)
        #expect(!text.withSpan { OneLine.mayNeedEscape($0) })
        var appended: [UInt8] = []
        text.withSpan { OneLine.append(escaping: $0, to: &appended) }
        #expect(appended == text)
    }
}
