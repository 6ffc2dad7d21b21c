/// Keeps a message on one line: every error is exactly one line of standard
/// error, whatever bytes a file name, a member name or a value holds.
public enum OneLine {
    /// `text` with line breaks, other control characters and invisible
    /// format characters written as JSON escapes (`\n`, `\t`, `\u0085`,
    /// `\u2028`, `\u202e`); everything else unchanged.
    /// - Complexity: O(n) in the length of `text`.
    public static func escaping(_ text: String) -> String {
        // Most text has no byte that can be or start an escaped scalar: it
        // is not decoded into scalars at all.
        guard text.withUTF8Span(mayNeedEscape), text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default: escape = Self.escape(scalar)
            }
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    /// Appends UTF-8 `text` as `escaping` writes it to `out`: as it is,
    /// without a string made, when it has nothing to escape.
    /// - Complexity: O(n) in the length of `text`.
    public static func append(escaping text: Span<UInt8>, to out: inout [UInt8]) {
        guard mayNeedEscape(text) else { return out.append(text) }
        escaping(text.string).withUTF8Span { out.append($0) }
    }

    /// `text` cut to `width` Unicode scalars, a final `…` marking the cut;
    /// as it is when it is no longer.
    /// - Complexity: O(n) in the length of `text`.
    public static func cut(_ text: String, to width: Int) -> String {
        text.withUTF8Span { bytes in
            cutEnd(bytes, width: width).map { bytes.extracting(..<$0).string + "…" }
        } ?? text
    }

    /// Where `cut` cuts UTF-8 text: past its first `max(1, width - 1)`
    /// scalars when it has more than `width`; nil when it is no longer.
    /// - Complexity: O(n) in the length of the text.
    public static func cutEnd(_ bytes: Span<UInt8>, width: Int) -> Int? {
        // A text of no more bytes than that has no more scalars either.
        guard bytes.count > width else { return nil }
        // Scalars counted on the bytes: each starts at a byte that does not
        // continue one (10xxxxxx). Decoding each scalar would be most of the
        // cost of a page of long titles.
        let kept = max(1, width - 1)
        var scalars = 0, end = bytes.count
        for i in bytes.indices where bytes[i] & 0xC0 != 0x80 {
            if scalars == kept { end = i }
            scalars += 1
            if scalars > max(width, kept) { break }
        }
        return scalars > width ? end : nil
    }

    /// C0 and C1 controls, DEL, the Unicode line and paragraph separators,
    /// and the invisible format characters (`isInvisible`).
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: isInvisible(scalar)
        }
    }

    /// `text` with every invisible format character written as `\uXXXX`
    /// (`\u{XXXXX}` above the BMP), line breaks kept: for reports that
    /// people read (text, the outline, the unified diff, listings), where a
    /// bidirectional override (U+202E) or a zero-width space would make one
    /// value look like another. Machine formats (json, patch) keep the text.
    /// - Complexity: O(n) in the length of `text`.
    public static func escapingInvisible(_ text: String) -> String {
        // Most text has no byte that can start a format character: it is
        // not decoded into scalars at all.
        guard text.withUTF8Span(mayHoldFormat), text.unicodeScalars.contains(where: isInvisible) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                out.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Format characters (Unicode's general category Cf): the bidirectional
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
    /// zero-width spaces and marks, the byte order mark, tags. The zero-width
    /// joiner (U+200D) is left alone: emoji are made with it.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        mayBeFormat(scalar.value) && scalar.value != 0x200D && scalar.properties.generalCategory == .format
    }

    /// The blocks that hold every format character (Cf): U+00AD, Arabic
    /// and Syriac marks, U+180E, general punctuation, U+FEFF, specials, and
    /// the planes above the BMP. Other scalars (Latin, CJK…) are not looked
    /// up: the look-up is most of the cost on long reports.
    @inline(__always)
    private static func mayBeFormat(_ v: UInt32) -> Bool {
        v == 0xAD || (0x600...0x8FF).contains(v) || v == 0x180E || (0x2000...0x206F).contains(v) || v == 0xFEFF
            || v >= 0xFFF0
    }

    /// `mayHoldFormat` of the UTF-8 text in `bytes`.
    /// - Complexity: O(n) in the number of bytes.
    public static func mayHoldFormat(_ bytes: [UInt8]) -> Bool { bytes.withSpan(mayHoldFormat) }

    /// Whether UTF-8 text holds a sequence that may encode a scalar of
    /// `mayBeFormat`'s blocks: C2 AD (U+00AD); D8–DF, or E0 A0–A3 (U+0600–
    /// U+08FF); E1 A0 (U+180E); E2 80–81 (U+2000–U+206F); EF BB, EF BF
    /// (U+FEFF, U+FFF0 and up); any four-byte sequence.
    /// - Complexity: O(n) in the number of bytes.
    public static func mayHoldFormat(_ text: Span<UInt8>) -> Bool {
        var i = 0
        while i < text.count {
            // Eight ASCII bytes, then the run they begin 32 at a time: none
            // of them starts a sequence. (Text of another script is looked
            // at a byte at a time, not a block at every byte.)
            if i + 8 <= text.count && text.word(at: i) & 0x8080_8080_8080_8080 == 0 {
                i = ByteWords.endOfASCIIBlocks(text, from: i + 8)
                continue
            }
            let c = text[i]
            i += 1
            if c >= 0xC2 && mayStartFormat(c, next: i < text.count ? text[i] : 0) { return true }
        }
        return false
    }

    /// Whether a sequence that starts with `lead`, then `next`, may encode
    /// a scalar of `mayBeFormat`'s blocks (the rule `mayHoldFormat` states).
    @inline(__always)
    private static func mayStartFormat(_ lead: UInt8, next: UInt8) -> Bool {
        switch lead {
        case 0xC2: next == 0xAD
        case 0xD8...0xDF, 0xF0...0xF4: true
        case 0xE0: (0xA0...0xA3).contains(next)
        case 0xE1: next == 0xA0
        case 0xE2: next == 0x80 || next == 0x81
        case 0xEF: next == 0xBB || next == 0xBF
        default: false
        }
    }

    /// Whether UTF-8 text holds a sequence that may encode a scalar
    /// `escaping` escapes: a C0 control or DEL, a C1 control (C2 80–9F), or
    /// one of `mayHoldFormat`'s (the line and paragraph separators among
    /// them), in one pass.
    /// - Complexity: O(n) in the number of bytes.
    static func mayNeedEscape(_ text: Span<UInt8>) -> Bool {
        var i = 0
        while i < text.count {
            // Eight printable ASCII bytes at a time.
            if i + 8 <= text.count {
                let word = text.word(at: i)
                if ByteWords.bytes(below: 0x20, in: word) | ByteWords.bytes(0x7F, in: word) | word & ByteWords.highs == 0 {
                    i += 8
                    continue
                }
            }
            let c = text[i]
            i += 1
            if c < 0x80 {
                if c < 0x20 || c == 0x7F { return true }
                continue
            }
            let next = i < text.count ? text[i] : 0
            if (c == 0xC2 && next < 0xA0) || mayStartFormat(c, next: next) { return true }
        }
        return false
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return scalar.value > 0xFFFF ? "\\u{\(hex)}" : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
