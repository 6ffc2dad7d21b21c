import BenchmarkScreens
import Testing

@testable import BentoJSON

/// A JSON Pointer followed on the bytes of a valid text: the value found
/// there is the one `JSONPointer` finds in the value the text holds.
@Suite("Pointed values in text")
struct PointedValueTests {
    private static func range(_ tokens: [String], in text: [UInt8]) -> Range<Int>? {
        text.withSpan { PointedValue.range(of: tokens, in: $0, valueAt: 0) }
    }

    private static func found(_ pointer: String, in text: String) -> String? {
        let bytes = Array(text.utf8)
        return range(JSONPointer(pointer)!.tokens, in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test("the value at a pointer, in every layout, is JSONPointer's on the value, and nothing where it finds none")
    func sameAsOnTheValue() throws {
        var random = SeededGenerator(seed: 43)
        var (found, nowhere) = (0, 0)
        for n in 0..<3000 {
            let value = CompactMembersTests.value(&random)
            let tokens = CompactJSONPointerTests.tokens(in: value, &random)
            let expected = JSONPointer(tokens: tokens).value(in: value)
            var text: [UInt8] = Array(random.pick(["", " ", "\n\t"]).utf8)
            JSONWriter(style: [.pretty, .line, .compact][n % 3]).write(value, to: &text)
            let at = Self.range(tokens, in: text)
            #expect((at == nil) == (expected == nil), "\(tokens) in \(String(decoding: text, as: UTF8.self))")
            guard let at, let expected else {
                nowhere += 1
                continue
            }
            found += 1
            // Exactly the value: no white space around it.
            #expect(try JSONReader.parse(Array(text[at])).value(at: 0) == expected, "\(tokens)")
            #expect(!SourceBytes.isWhiteSpace(text[at.lowerBound]) && !SourceBytes.isWhiteSpace(text[at.upperBound - 1]))
        }
        #expect(found > 1500 && nowhere > 300, "found \(found), nowhere \(nowhere)")
    }

    @Test("names are compared decoded, by code points; white space of every kind is stepped over")
    func namesAndWhiteSpace() {
        let text = "{\r\n\t\"a\\u0062\" :\t[ 1 ,\r\n  {\"c\\/d\": true , \"é\":null}\t] , \"e\\u0301\": \"x\"\r\n}"
        #expect(Self.found("/ab/0", in: text) == "1")
        #expect(Self.found("/ab/1/c~1d", in: text) == "true")
        #expect(Self.found("/ab/1/é", in: text) == "null")
        #expect(Self.found("/ab/1", in: text) == "{\"c\\/d\": true , \"é\":null}")
        // A composed é is not e and a combining accent.
        #expect(Self.found("/é", in: text) == nil)
        #expect(Self.found("/e\u{301}", in: text) == "\"x\"")
        #expect(Self.found("", in: text) == text.trimmingWhiteSpace)
        for nowhere in ["/ab/2", "/ab/01", "/ab/-", "/ab/0/x", "/a", "/ab/1/c"] {
            #expect(Self.found(nowhere, in: text) == nil, "\(nowhere)")
        }
        #expect(Self.found("/0", in: "[ ]") == nil)
        #expect(Self.found("/1", in: "[-1.5e3,2]") == "2")
        #expect(Self.found("/0", in: "[-1.5e3 ,2]") == "-1.5e3")
    }
}

extension String {
    fileprivate var trimmingWhiteSpace: String {
        String(decoding: Array(utf8).drop { SourceBytes.isWhiteSpace($0) }.reversed().drop { SourceBytes.isWhiteSpace($0) }.reversed(), as: UTF8.self)
    }
}
