import Testing

@testable import BentoJSON

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
