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
    ///
    /// Nor are two texts whose first difference is an ASCII character on
    /// both sides, or the end of one: an ASCII character decomposes to
    /// itself and nothing reorders across it, so what comes before it is
    /// settled, and two different ones never read the same. Most removed
    /// and added lines differ so, and are not made into strings either.
    /// - Complexity: O(n) in the lengths of the texts.
    public static func describe(utf8 old: [UInt8], _ new: [UInt8]) -> String? {
        describe(utf8Pieces: [old], [new])
    }

    /// The same for two UTF-8 texts given in pieces (each whole scalars),
    /// joined only when they may differ only so.
    /// - Complexity: O(n) in the lengths of the texts.
    public static func describe(utf8Pieces old: [[UInt8]], _ new: [[UInt8]]) -> String? {
        func ascii(_ pieces: [[UInt8]]) -> Bool { pieces.allSatisfy { $0.withSpan(ByteWords.isASCII) } }
        guard !(ascii(old) && ascii(new)) else { return nil }
        let (a, b) = firstDifference(old, new)
        guard let a, let b, a >= 0x80 || b >= 0x80 else { return nil }
        return describe(String(decoding: old.joined(), as: UTF8.self), String(decoding: new.joined(), as: UTF8.self))
    }

    /// The bytes where the joined pieces of `old` and of `new` first
    /// differ, nil for a text that ends there (both nil: the same text).
    /// - Complexity: O(n) in the length of the common beginning.
    private static func firstDifference(_ old: [[UInt8]], _ new: [[UInt8]]) -> (UInt8?, UInt8?) {
        // A place in the pieces, past the empty ones.
        func settled(_ pieces: [[UInt8]], _ place: (piece: Int, offset: Int)) -> (piece: Int, offset: Int) {
            var place = place
            while place.piece < pieces.count && place.offset == pieces[place.piece].count { place = (place.piece + 1, 0) }
            return place
        }
        var (p, q) = (settled(old, (0, 0)), settled(new, (0, 0)))
        while p.piece < old.count && q.piece < new.count {
            let length = min(old[p.piece].count - p.offset, new[q.piece].count - q.offset)
            let k = old[p.piece].withSpan { a in
                new[q.piece].withSpan { b in
                    a.extracting(p.offset..<p.offset + length).commonPrefixCount(with: b.extracting(q.offset..<q.offset + length))
                }
            }
            if k < length { return (old[p.piece][p.offset + k], new[q.piece][q.offset + k]) }
            (p, q) = (settled(old, (p.piece, p.offset + length)), settled(new, (q.piece, q.offset + length)))
        }
        return (p.piece < old.count ? old[p.piece][p.offset] : nil, q.piece < new.count ? new[q.piece][q.offset] : nil)
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
