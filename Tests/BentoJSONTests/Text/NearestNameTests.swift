import Testing

@testable import BentoJSON

/// "Did you mean …?" names the candidate a typo most likely meant, and
/// nothing when none is close.
@Suite("Nearest name")
struct NearestNameTests {
    @Test("a close candidate is suggested")
    func close() {
        #expect(NearestName.suggestion(for: "row", among: ["id", "rows", "header"]) == "rows")
        #expect(NearestName.suggestion(for: "--fromat", among: ["--format", "--quiet"]) == "--format")
    }

    @Test("nothing is suggested when no candidate is close, or there are none")
    func far() {
        #expect(NearestName.suggestion(for: "zzzzzz", among: ["id", "rows"]) == nil)
        #expect(NearestName.suggestion(for: "x", among: []) == nil)
    }
}
