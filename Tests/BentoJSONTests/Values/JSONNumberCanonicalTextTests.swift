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
