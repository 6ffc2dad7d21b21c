import BenchmarkScreens
import Testing

@testable import BentoJSON

/// Field changes worked out from tapes (as the engine does for the components
/// of updated rows) are those worked out from values, change for change.
@Suite("Field changes from tapes and from values agree")
struct JSONDiffTests {
    @Test("whole random documents, old against new and new against old")
    func documents() throws {
        var nonEmpty = 0
        for seed in UInt64(0)..<400 {
            let pair = RandomScreenPairs.pair(seed: seed)
            let a = try JSONReader.parse(pair.old), b = try JSONReader.parse(pair.new)
            for (x, y) in [(a, b), (b, a), (a, a)] {
                let fromTapes = JSONDiff.changes(from: x, 0, to: y, 0, at: "")
                let fromValues = JSONDiff.changes(from: x.value(at: 0), to: y.value(at: 0))
                #expect(fromTapes == fromValues, "seed \(seed)")
                if !fromTapes.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > 300)
    }

    @Test("equal values written differently have no changes")
    func equalValues() throws {
        let a = try JSONReader.parse(Array(#"{"n": 1.0, "s": "\u00e9", "o": {"x": [1e0, true], "y": null}}"#.utf8))
        let b = try JSONReader.parse(Array(#"{"o": {"y": null, "x": [10e-1, true]}, "s": "é", "n": 1}"#.utf8))
        #expect(JSONDiff.changes(from: a, 0, to: b, 0, at: "").isEmpty)
        let c = try JSONReader.parse(Array(#"{"o": {"y": 0, "x": [1, true, 2]}, "s": "e\u0301", "n": 1, "~/": 2}"#.utf8))
        #expect(JSONDiff.changes(from: a, 0, to: c, 0, at: "").map(\.path) == ["/o/x", "/o/y", "/s", "/~0~1"])
    }
}
