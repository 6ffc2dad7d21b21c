import Testing

@testable import BentoJSON

@Suite("JSONNumber.canonicalText: one text per value")
struct JSONNumberCanonicalTextTests {
    static let cases: [(String, String)] = [
        ("0", "0"), ("-0", "0"), ("0.0", "0"), ("0e5", "0"), ("-0.000e-7", "0"),
        ("1", "1"), ("1.0", "1"), ("1e0", "1"), ("10e-1", "1"), ("0.1e1", "1"), ("1E+0", "1"),
        ("2.00", "2"), ("20E-1", "2"), ("16", "16"), ("1.6e1", "16"), ("160e-1", "16"),
        ("0.5", "0.5"), ("5e-1", "0.5"), ("0.50", "0.5"), ("35e-1", "3.5"), ("-2.50", "-2.5"),
        ("123.456e1", "1234.56"), ("0.000001", "0.000001"), ("1e-7", "1e-7"), ("-1.5e-7", "-1.5e-7"),
        ("12345678901234567890", "12345678901234567890"), ("1234567890123456789e1", "12345678901234567890"),
        ("1e21", "1000000000000000000000"), ("1e22", "1e22"), ("1.5e30", "1.5e30"),
        ("1000000000000000000000000", "1e24"), ("-7", "-7"),
        ("1e999999", "1e999999"), ("10e999998", "1e999999"), ("0.1e-999999", "1e-1000000"),
        ("12e99999999999999999999", "1.2e100000000000000000000"),
        ("1e-99999999999999999999", "1e-99999999999999999999"),
    ]

    @Test("spellings of a value give its canonical text", arguments: cases)
    func canonical(_ input: String, _ expected: String) throws {
        let number = try #require(JSONNumber(input))
        #expect(number.canonicalText == expected)
        // The canonical text is a number of the same value, and canonical itself.
        let again = try #require(JSONNumber(expected))
        #expect(again == number)
        #expect(again.canonicalText == expected)
    }

    @Test("equal numbers, and only those, share a text")
    func agreesWithEquality() throws {
        let spellings = Self.cases.map(\.0) + ["3.5", "3.50", "0.35e1", "12345678901234567891", "-1", "1e-6", "0.000001"]
        let numbers = try spellings.map { try #require(JSONNumber($0)) }
        for a in numbers {
            for b in numbers {
                #expect((a == b) == (a.canonicalText == b.canonicalText), "\(a) \(b)")
            }
        }
    }
}

/// Numbers at the edges: huge exponents and long integers compare exactly,
/// without overflow and without `Double`.
@Suite("JSON numbers at the extremes")
struct JSONNumberExtremesTests {
    private func number(_ text: String) -> JSONNumber {
        guard let n = JSONNumber(text) else {
            Issue.record("not a JSON number: \(text)")
            return JSONNumber(0)
        }
        return n
    }

    @Test(
        "equal spellings are equal and hash alike",
        arguments: [
            ("1e999999", "10e999998"),
            ("1e999999", "0.1e1000000"),
            ("1E+999999", "1e999999"),
            ("-1e999999", "-100e999997"),
            ("1e-999999", "10e-1000000"),
            ("0e999999999999999999999", "0"),
            ("-0.0e-99999999999999999999", "0"),
            ("1234567890123456789012345678901234567890", "1.234567890123456789012345678901234567890e39"),
            ("1234567890123456789012345678901234567890", "12345678901234567890123456789012345678900e-1"),
            // Exponents on both sides of 10^17, where the form changes.
            ("1e100000000000000000", "10e99999999999999999"),
            ("1e99999999999999999", "0.1e100000000000000000"),
            ("1e-100000000000000000", "0.1e-99999999999999999"),
            ("1e-99999999999999999", "10e-100000000000000000"),
            ("1e123456789012345678901234567890", "1000e123456789012345678901234567887"),
            ("1e123456789012345678901234567890", "0.001e123456789012345678901234567893"),
            ("5e-123456789012345678901234567890", "50e-123456789012345678901234567891"),
            ("1e0000000000000000000000000000001", "10"),
        ])
    func equal(_ pair: (String, String)) {
        let a = number(pair.0), b = number(pair.1)
        #expect(a == b, "\(pair.0) = \(pair.1)")
        #expect(b == a, "\(pair.1) = \(pair.0)")
        #expect(a.hashValue == b.hashValue, "hash(\(pair.0)) = hash(\(pair.1))")
    }

    @Test(
        "different values differ",
        arguments: [
            ("12345678901234567890", "12345678901234567891"),
            ("1234567890123456789012345678901234567890", "1234567890123456789012345678901234567891"),
            ("1e999999", "1e999998"),
            ("1e999999", "-1e999999"),
            ("1e999999", "1e-999999"),
            ("1e100000000000000000", "1e100000000000000001"),
            ("1e100000000000000000", "1e99999999999999999"),
            ("1e123456789012345678901234567890", "1e123456789012345678901234567891"),
            ("1e-123456789012345678901234567890", "1e123456789012345678901234567890"),
            ("0.30000000000000004", "0.3"),
            ("9007199254740993", "9007199254740992"),
        ])
    func different(_ pair: (String, String)) {
        #expect(number(pair.0) != number(pair.1), "\(pair.0) ≠ \(pair.1)")
    }

    @Test("values keep their text")
    func text() {
        for text in ["1e999999", "-0", "1234567890123456789012345678901234567890", "1.50"] {
            #expect(number(text).text == text)
            #expect(JSONWriter().string(.number(number(text))) == text)
        }
    }

    @Test("huge numbers read from a document compare exactly")
    func throughTheReader() throws {
        let a = try JSONReader.parse(Array(#"[1e999999, 12345678901234567890, -0]"#.utf8)).value(at: 0)
        let b = try JSONReader.parse(Array(#"[10e999998, 12345678901234567890.0, 0]"#.utf8)).value(at: 0)
        let c = try JSONReader.parse(Array(#"[1e999999, 12345678901234567891, 0]"#.utf8)).value(at: 0)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
    }
}

@Suite("JSONNumber.isCanonical: a number that is its own canonical text")
struct JSONNumberIsCanonicalTests {
    /// Number texts of every shape: signs, zeros, fractions, exponents.
    static var spellings: [String] {
        var texts: [String] = []
        for sign in ["", "-"] {
            for whole in ["0", "1", "10", "907", "1234567890123456789012", "12345678901234567890123"] {
                texts.append(sign + whole)
                for fraction in ["0", "5", "50", "05", "00001", "000001", "0000001", "125", "1200"] {
                    texts.append(sign + whole + "." + fraction)
                    for exponent in ["e0", "E+2", "e-7"] { texts.append(sign + whole + "." + fraction + exponent) }
                }
                texts.append(sign + whole + "e5")
            }
        }
        return texts
    }

    @Test("it says yes only when canonicalText is the text itself, and for the usual prices and counts")
    func agreesWithCanonicalText() throws {
        var yes = 0
        for text in Self.spellings {
            let number = try #require(JSONNumber(text))
            if JSONNumber.isCanonical(Array(text.utf8)) {
                yes += 1
                #expect(number.canonicalText == text, "\(text)")
            }
        }
        #expect(yes > 50)
        for text in ["0", "42", "-7", "0.09", "12.99", "0.000001", "-2.5"] {
            #expect(JSONNumber.isCanonical(Array(text.utf8)), "\(text)")
        }
        for text in ["-0", "1.0", "0.50", "1e5", "0.0000001", "2.5E1"] {
            #expect(!JSONNumber.isCanonical(Array(text.utf8)), "\(text)")
        }
    }
}
