import BentoJSON

/// Why two texts that look the same differ: they are canonically equivalent
/// (the same characters to a reader, and to Swift's `==`) but not the same
/// code points, which is what bento compares (bento-screen(5), EQUALITY). Said
/// beside a change that would otherwise read `"Café" → "Café"`.
public enum NormalizationHint {
    /// `(differs only in Unicode normalization: U+00E9 → U+0065 U+0301)`,
    /// naming the code points that differ, when `old` and `new` differ only
    /// so; nil otherwise.
    /// - Complexity: O(n) in the lengths of the texts.
    public static func describe(_ old: String, _ new: String) -> String? {
        guard old == new, !CodePoints.equal(old, new) else { return nil }
        let a = Array(old.unicodeScalars), b = Array(new.unicodeScalars)
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        func names(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            scalars.map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }.joined(separator: " ")
        }
        return "(differs only in Unicode normalization: \(names(a[prefix..<(a.count - suffix)])) → \(names(b[prefix..<(b.count - suffix)])))"
    }

    /// The same for two UTF-8 texts. Two texts of ASCII alone are never
    /// told apart so (only a character past ASCII can decompose, even to
    /// ASCII: U+037E is `;`), and are not made into strings to be compared.
    /// - Complexity: O(n) in the lengths of the texts.
    public static func describe(utf8 old: [UInt8], _ new: [UInt8]) -> String? {
        guard !(old.withSpan(ByteWords.isASCII) && new.withSpan(ByteWords.isASCII)) else { return nil }
        return describe(String(decoding: old, as: UTF8.self), String(decoding: new, as: UTF8.self))
    }

    /// The same for two values of a field change: strings, or anything
    /// whose compact texts differ only so (an array of names).
    public static func describe(_ old: JSONValue?, _ new: JSONValue?) -> String? {
        guard let old, let new else { return nil }
        if case .string(let a) = old, case .string(let b) = new { return describe(a, b) }
        let writer = JSONWriter(style: .compact)
        return describe(writer.string(old), writer.string(new))
    }
}
