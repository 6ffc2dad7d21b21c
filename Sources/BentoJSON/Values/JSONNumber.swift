/// A JSON number, kept exactly as written and compared by mathematical value.
///
/// `1`, `1.0`, `1e0` and `10e-1` are equal; `-0` equals `0`;
/// `12345678901234567890` and `12345678901234567891` differ; `1e999999` is an
/// ordinary finite value. No `Double` is involved: the number is normalized to
/// a sign, its significant digits and a decimal exponent, which compare and
/// hash exactly.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number's source text, written back out unchanged.
    public let text: String

    /// Makes a number from JSON number text (RFC 8259 grammar), or nil.
    public init?(_ text: String) {
        guard Normalized(text) != nil else { return nil }
        self.text = text
    }

    /// For text the reader has already checked against the grammar: the
    /// normalized form is worked out only when the number is compared.
    public init(validatedText text: String) {
        self.text = text
    }

    private var value: Normalized { Normalized(text)! }

    /// The number `integer`.
    public init(_ integer: Int) {
        self.init(String(integer))!
    }

    public var description: String { text }

    /// True when the number was written as an integer: no fraction, no exponent.
    public var isWrittenAsInteger: Bool {
        !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
    }

    /// The value as an `Int` when it is an integer that fits.
    public var intValue: Int? {
        guard isWrittenAsInteger else { return nil }
        return Int(text) ?? (value.digits.isEmpty ? 0 : nil)
    }

    /// The shortest exact text for the value: integers without sign of zero,
    /// others as written. Used for canonical ids (`-0` and `0` are one id).
    public var canonicalIntegerText: String {
        value.digits.isEmpty ? "0" : text
    }

    /// Whether number text the reader checked is its own `canonicalText`,
    /// judged from its bytes: an integer of at most 22 characters that is
    /// not `-0`, or a decimal without exponent whose fraction does not end
    /// in 0 and, below 1, starts with at most five zeros (`0.000001` is
    /// `1e-6`). Most numbers in screens are; the rest are worked out.
    /// - Complexity: O(n) in the length of the text.
    public static func isCanonical(_ text: Span<UInt8>) -> Bool {
        let count = text.count
        var start = 0
        if count > 0 && text[0] == UInt8(ascii: "-") { start = 1 }
        var point: Int?
        for k in start..<count {
            let c = text[k]
            if c | 0x20 == UInt8(ascii: "e") { return false }
            if c == UInt8(ascii: ".") && point == nil { point = k }
        }
        guard let point else {
            // An integer, not `-0`.
            return count <= 22 && !(count - start == 1 && text[start] == UInt8(ascii: "0") && count == 2)
        }
        guard point + 1 < count, text[count - 1] != UInt8(ascii: "0") else { return false }
        guard point - start == 1 && text[start] == UInt8(ascii: "0") else { return true }
        var firstNonZero = point + 1
        while firstNonZero < count && text[firstNonZero] == UInt8(ascii: "0") { firstNonZero += 1 }
        return firstNonZero < count && firstNonZero - (point + 1) <= 5
    }

    /// `isCanonical` of number text in an array.
    public static func isCanonical(_ text: [UInt8]) -> Bool { text.withSpan { isCanonical($0) } }

    /// One text per value, for output where equal numbers must read the same
    /// (the outline of `bento show`): `1.0`, `1e0` and `10e-1` are all `1`,
    /// `35e-1` is `3.5`, `-0` is `0`.
    ///
    /// The rules are ECMAScript's `Number::toString` on the exact decimal
    /// value, without its limit on precision: with k significant digits and
    /// the value digits × 10^(n−k), an integer with at most 21 zeros appended
    /// is written out in full, a number with 0 < n < k gets a decimal point,
    /// one with −6 < n ≤ 0 is written `0.000ddd`, and everything else in
    /// exponent form `d.ddde±x` (`1e22`, `1.5e-7`, `1e999999`).
    /// - Complexity: O(n) in the length of the text.
    public var canonicalText: String {
        // Fast path: most numbers as written are canonical already.
        if text.withUTF8Span({ Self.isCanonical($0) }) { return text }
        let value = self.value
        if value.digits.isEmpty { return "0" }
        let sign = value.negative ? "-" : ""
        let digits = value.digits
        let k = digits.utf8.count
        guard case .small(let exponent) = value.exponent else {
            // Astronomically large or small: exponent form, exponent n − 1.
            return sign + Self.exponentForm(digits, exponent: Self.decimalExponent(of: value, plus: k - 1))
        }
        let n = exponent + k
        if k <= n && n - k <= 21 {
            return sign + digits + String(repeating: "0", count: n - k)
        }
        if 0 < n && n < k {
            let point = digits.index(digits.startIndex, offsetBy: n)
            return sign + digits[..<point] + "." + digits[point...]
        }
        if -6 < n && n <= 0 {
            return sign + "0." + String(repeating: "0", count: -n) + digits
        }
        return sign + Self.exponentForm(digits, exponent: String(n - 1))
    }

    /// `d.ddde<exponent>` (or `de<exponent>` for one digit).
    private static func exponentForm(_ digits: String, exponent: String) -> String {
        let first = digits.prefix(1)
        let rest = digits.dropFirst()
        return first + (rest.isEmpty ? "" : "." + rest) + "e" + exponent
    }

    /// The value's decimal exponent plus `extra`, as decimal text.
    private static func decimalExponent(of value: Normalized, plus extra: Int) -> String {
        switch value.exponent {
        case .small(let e): return String(e + extra)
        case .big(let negative, let digits):
            switch Normalized.add(extra, toBig: Array(digits.utf8), negative: negative) {
            case .small(let e): return String(e)
            case .big(let negative, let digits): return (negative ? "-" : "") + digits
            }
        }
    }

    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        if CodePoints.equal(a.text, b.text) { return true }
        // JSON integers have no leading zeros: two of them with other text
        // differ, unless both are zero (`0` and `-0`).
        if a.isWrittenAsInteger && b.isWrittenAsInteger { return a.isZeroInteger && b.isZeroInteger }
        return a.value == b.value
    }

    /// `0` or `-0`.
    private var isZeroInteger: Bool { text == "0" || text == "-0" }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// sign × digits × 10^exponent, digits without leading or trailing zeros.
    private struct Normalized: Hashable, Sendable {
        var negative: Bool
        var digits: String
        var exponent: Exponent

        enum Exponent: Hashable, Sendable {
            case small(Int)
            /// An exponent beyond ±10^17, as decimal digits (no leading zeros).
            case big(negative: Bool, digits: String)
        }

        init?(_ text: String) {
            var bytes = Array(text.utf8)[...]
            var negative = false
            if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
            var integerPart: [UInt8] = []
            var fractionPart: [UInt8] = []
            while let c = bytes.first, isDigit(c) { integerPart.append(c); bytes = bytes.dropFirst() }
            guard !integerPart.isEmpty else { return nil }
            if bytes.first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
                while let c = bytes.first, isDigit(c) { fractionPart.append(c); bytes = bytes.dropFirst() }
                guard !fractionPart.isEmpty else { return nil }
            }
            var exponentNegative = false
            var exponentDigits: [UInt8] = []
            if let c = bytes.first, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                bytes = bytes.dropFirst()
                if let s = bytes.first, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") {
                    exponentNegative = s == UInt8(ascii: "-")
                    bytes = bytes.dropFirst()
                }
                while let c = bytes.first, isDigit(c) { exponentDigits.append(c); bytes = bytes.dropFirst() }
                guard !exponentDigits.isEmpty else { return nil }
            }
            guard bytes.isEmpty else { return nil }

            var all = integerPart + fractionPart
            let leading = all.firstIndex(where: { $0 != UInt8(ascii: "0") }) ?? all.count
            all.removeFirst(leading)
            var trailing = 0
            while let last = all.last, last == UInt8(ascii: "0") { all.removeLast(); trailing += 1 }
            if all.isEmpty {
                // Zero, whatever its sign and exponent.
                self.negative = false
                self.digits = ""
                self.exponent = .small(0)
                return
            }
            self.negative = negative
            self.digits = String(decoding: all, as: UTF8.self)
            let adjustment = trailing - fractionPart.count
            while exponentDigits.count > 1, exponentDigits.first == UInt8(ascii: "0") { exponentDigits.removeFirst() }
            if exponentDigits.count <= 17 {
                let e = exponentDigits.isEmpty ? 0 : Int(String(decoding: exponentDigits, as: UTF8.self))!
                self.exponent = Self.canonical(.small((exponentNegative ? -e : e) + adjustment))
            } else {
                self.exponent = Self.canonical(Self.add(adjustment, toBig: exponentDigits, negative: exponentNegative))
            }
        }

        /// One form per value, so that equal exponents compare and hash
        /// equal: `.small` below 10^17 in magnitude, `.big` from there on.
        /// (`1e100000000000000000` and `10e99999999999999999` arrive in
        /// different forms.)
        private static func canonical(_ exponent: Exponent) -> Exponent {
            switch exponent {
            case .small(let e) where e.magnitude >= 100_000_000_000_000_000:
                return .big(negative: e < 0, digits: String(e.magnitude))
            case .big(let negative, let digits) where digits.utf8.count <= 17:
                let e = Int(digits)!
                return .small(negative ? -e : e)
            default:
                return exponent
            }
        }

        /// Adds a small integer to a huge decimal exponent (|big| ≥ 10^17 > |small|).
        fileprivate static func add(_ small: Int, toBig digits: [UInt8], negative: Bool) -> Exponent {
            // Work on magnitudes: same sign adds, opposite sign subtracts; the
            // result keeps the big one's sign because it is far larger.
            var magnitude = digits.map { Int($0 - UInt8(ascii: "0")) }
            var carry = negative == (small < 0) ? abs(small) : -abs(small)
            var i = magnitude.count - 1
            while carry != 0 && i >= 0 {
                let sum = magnitude[i] + carry
                var digit = sum % 10
                carry = sum / 10
                if digit < 0 { digit += 10; carry -= 1 }
                magnitude[i] = digit
                i -= 1
            }
            if carry > 0 { magnitude.insert(contentsOf: String(carry).utf8.map { Int($0 - 48) }, at: 0) }
            while magnitude.count > 1, magnitude.first == 0 { magnitude.removeFirst() }
            return .big(negative: negative, digits: String(magnitude.map { Character(String($0)) }))
        }
    }
}
