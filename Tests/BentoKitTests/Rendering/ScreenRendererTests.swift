import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The screen writer of `bento apply` and `bento merge` writes, straight
/// from the model, the bytes the JSON writer gives for the screen's value.
@Suite("Screen writer")
struct ScreenRendererTests {
    @Test("random screens: the same bytes as JSONWriter over jsonValue")
    func sameBytes() throws {
        for seed in UInt64(0)..<500 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            for screen in [old, new] {
                var expected: [UInt8] = []
                JSONWriter(style: .pretty).write(screen.jsonValue, to: &expected)
                expected.append(UInt8(ascii: "\n"))
                #expect(ScreenRenderer.render(screen) == expected, "seed \(seed)")
            }
        }
    }

    @Test("a screen of many sections is written a part at a time, in several calls, the same bytes")
    func inParts() throws {
        let screens = TypicalScreens(rows: 20_000, rowsPerSection: 100)
        let screen = try Screens.read(screens).old
        let parts = ScreenRenderer.parts(of: screen.box.sections)
        try #require(parts.parts.count > 2)
        // Every section in one part, in order; no part far over its rows.
        #expect(parts.parts.flatMap { Array($0) } == Array(screen.box.sections.indices))
        #expect(parts.rows.allSatisfy { $0 < ScreenRenderer.rowsPerPart + 200 })
        var written: [UInt8] = []
        var calls = 0
        ScreenRenderer.write(screen) { pieces in
            calls += 1
            for piece in pieces { written += piece }
        }
        #expect(calls > 2)
        var expected: [UInt8] = []
        JSONWriter(style: .pretty).write(screen.jsonValue, to: &expected)
        expected.append(UInt8(ascii: "\n"))
        #expect(written == expected)
        #expect(ScreenRenderer.render(screen) == expected)
    }

    @Test("a Box-form screen stays a Box; an empty section writes rows []")
    func shapes() throws {
        let screen = try Screens.read(#"{"sections": [{"id": "a"}]}"#)
        #expect(String(decoding: ScreenRenderer.render(screen), as: UTF8.self) == """
            {
              "sections": [
                {
                  "id": "a",
                  "rows": []
                }
              ]
            }

            """)
    }
}
