import Testing

@testable import BentoJSON
@testable import BentoKit

/// `ReportLines` writes a report's lines as bytes: the same bytes as the
/// strings the palette and `OneLine` make.
@Suite("Report lines")
struct ReportLinesTests {
    @Test("a line written part by part is the line made as a string, colours and escapes included")
    func sameAsStrings() {
        for palette in [Palette.plain, Palette(enabled: true)] {
            var lines = ReportLines(palette: palette)
            lines.words("    ")
            lines.painted(.move) { out in
                out.words("↕ row ")
                out.text("\"a\u{202E}b\u{200D}c\"")
                out.words(" ")
                out.position(section: 12, row: 0)
                out.words(" → ")
                out.position(section: 3, row: nil)
            }
            lines.endLine()
            lines.line(palette.dim("· section \"x\u{2066}\" [1]"))
            let expected =
                OneLine.escapingInvisible("    " + palette.move("↕ row \"a\u{202E}b\u{200D}c\" [12, 0] → [3]") + "\n"
                    + palette.dim("· section \"x\u{2066}\" [1]") + "\n")
            #expect(String(decoding: lines.bytes, as: UTF8.self) == expected)
            #expect(expected.contains("\\u202e") && expected.contains("\u{200D}"))
        }
    }

    @Test("every colour's codes are those the palette paints with")
    func colours() {
        let palette = Palette(enabled: true)
        let painted: [(Palette.Colour, (String) -> String)] = [
            (.insert, palette.insert), (.delete, palette.delete), (.move, palette.move), (.update, palette.update),
            (.bold, palette.bold), (.dim, palette.dim),
        ]
        for (colour, paint) in painted {
            var lines = ReportLines(palette: palette)
            lines.painted(colour) { $0.words("x") }
            #expect(String(decoding: lines.bytes, as: UTF8.self) == paint("x"), "\(colour)")
        }
        #expect(painted.count == Palette.Colour.allCases.count)
    }
}
