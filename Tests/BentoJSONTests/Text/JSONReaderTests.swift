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
}
