/// Keeps a message on one line: every error is exactly one line of standard
/// error, whatever bytes a file name, a member name or a value holds.
public enum OneLine {
    /// `text` with line breaks and other control characters written as JSON
    /// escapes (`\n`, `\t`, `\u0085`, `\u2028`); everything else unchanged.
    /// - Complexity: O(n) in the length of `text`.
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
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
            default:
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
