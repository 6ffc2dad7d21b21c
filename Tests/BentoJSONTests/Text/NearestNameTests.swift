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

extension NearestNameTests {
    @Test("a swap of two neighbours is one edit; far names are not suggested")
    func swaps() {
        #expect(NearestName.distance("jsno", "json") == 1)
        #expect(NearestName.suggestion(for: "jsno", among: ["text", "json", "unified"]) == "json")
        #expect(NearestName.suggestion(for: "--output", among: ["--context", "--format", "--quiet"]) == nil)
        #expect(NearestName.suggestion(for: "dif", among: ["diff", "show"]) == "diff")
    }
}
