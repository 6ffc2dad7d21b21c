import Testing

@testable import BentoJSON

/// RFC 8259, exactly: every case of the table gets its verdict.
@Suite("JSON reader conformance")
struct JSONReaderTests {
    @Test("verdict", arguments: jsonConformanceCases)
    func verdict(_ testCase: JSONConformanceCase) {
        let accepted: Bool
        do {
            _ = try JSONReader.parse(testCase.bytes)
            accepted = true
        } catch {
            accepted = false
        }
        #expect(accepted == testCase.valid, "\(testCase.name)")
    }

    @Test("there are enough cases")
    func tableSize() {
        #expect(jsonConformanceCases.count >= 250)
        #expect(jsonConformanceCases.contains { $0.valid })
        #expect(jsonConformanceCases.contains { !$0.valid })
    }

    @Test("a value parsed alone from its range keeps the whole text's offsets, after a byte-order mark too")
    func valueAtRange() throws {
        for prefix in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            let bytes = prefix + Array(#"{"a": [1, {"b": null}], "c": "\u00e9", "d": {"e": "f", "g": 2.50}}"#.utf8)
            let whole = try JSONReader.parse(bytes)
            for member in whole.members(of: 0) {
                let range = whole.range(of: member.value)
                let part = JSONReader.parse(SourceBytes(bytes), valueAt: range)
                #expect(part.range(of: 0) == range)
                #expect(part.value(at: 0) == whole.value(at: member.value))
                #expect(part.bytes(range) == Array(bytes[range]))
                #expect(part.equals(0, whole, member.value) && whole.equals(member.value, part, 0))
                #expect(part.compactText(0) == whole.compactText(member.value))
                if part.kind(0) == .array || part.kind(0) == .object {
                    func spans(_ tape: JSONTape, _ index: Int) -> [[Int]] {
                        tape.children(of: index).map { [$0.start, $0.value.lowerBound, $0.value.upperBound] }
                    }
                    #expect(part.layout(of: 0).whole == whole.layout(of: member.value).whole)
                    #expect(spans(part, 0) == spans(whole, member.value))
                }
            }
            let null = JSONReader.parse(SourceBytes(bytes), valueAt: (prefix.count + 16)..<(prefix.count + 20))
            #expect(null.kind(0) == .null && null.offset(of: 0) == prefix.count + 16)
        }
    }

    @Test("a value parsed alone (not checked again) has the entries the strict reader gives it, in every valid text of the table")
    func valueAtRangeEntries() throws {
        var checked = 0
        for testCase in jsonConformanceCases where testCase.valid {
            let bytes = testCase.bytes
            let whole = try JSONReader.parse(bytes)
            // Every value of the text, nested ones too (not member names).
            var values = [0]
            var k = 0
            while k < values.count {
                let value = values[k]
                if whole.kind(value) == .object { values += whole.members(of: value).map(\.value) }
                if whole.kind(value) == .array { values += Array(whole.elements(of: value)) }
                k += 1
            }
            for value in values {
                let part = JSONReader.parse(SourceBytes(bytes), valueAt: whole.range(of: value))
                let end = whole.next(after: value)
                #expect(part.entries.count == end - value, "\(testCase.name)")
                for (p, w) in zip(part.entries.indices, value..<end) {
                    let container = whole.kind(w) == .object || whole.kind(w) == .array
                    #expect(part.entries[p].offset == whole.entries[w].offset, "\(testCase.name)")
                    #expect(part.entries[p].payload + (container ? UInt32(value) : 0) == whole.entries[w].payload, "\(testCase.name)")
                }
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    @Test("a byte-order mark of UTF-16 or UTF-32 names the encoding")
    func otherEncodings() {
        #expect(JSONReader.otherEncoding([0xFF, 0xFE, 0x7B, 0x00]) == "UTF-16 (little-endian)")
        #expect(JSONReader.otherEncoding([0xFE, 0xFF, 0x00, 0x7B]) == "UTF-16 (big-endian)")
        #expect(JSONReader.otherEncoding([0xFF, 0xFE, 0x00, 0x00]) == "UTF-32 (little-endian)")
        #expect(JSONReader.otherEncoding([0x00, 0x00, 0xFE, 0xFF]) == "UTF-32 (big-endian)")
        #expect(JSONReader.otherEncoding([0xEF, 0xBB, 0xBF, 0x7B]) == nil)
        #expect(JSONReader.otherEncoding(Array("{}".utf8)) == nil)
        #expect(throws: JSONSyntaxError(offset: 0, message: "UTF-16 (little-endian); bento reads UTF-8")) {
            try JSONReader.parse([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
        }
    }
}
