import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// `ScreenText` reads a screen once, with the one-pass decoder's outline,
/// and never parses the whole text into a tape: what it says of the text
/// must be what the tape says.
@Suite("Screen text")
struct ScreenTextTests {
    static let styles = FixturePairs.directory.appendingPathComponent("styles")

    static var files: [String] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: styles.path)) ?? []).sorted()
        return folders.flatMap { folder in
            ["old.json", "new.json", "base.json", "ours.json", "theirs.json"].map { "\(folder)/\($0)" }
        }
    }

    @Test("the style read off the outline is the style read off the whole text's tape", arguments: files)
    func style(file: String) throws {
        let source = try InputFile.read(Self.styles.appendingPathComponent(file).path)
        let text = try ScreenText(source)
        #expect(text.style == TextStyle(of: try JSONReader.parse(source)))
    }

    @Test("each part's range is where the tape finds it: sections, rows, members and their names")
    func ranges() throws {
        let text = "\u{FEFF}{\"$c\": [1], \"box\" : {\"sections\": [{\"id\": \"s\", \"header\": null,\r\n \"rows\": [{\"id\": \"r\", \"component\": {\"type\": \"T\"}}]}]}}"
        let bytes = Array(text.utf8)
        let screenText = try ScreenText(SourceText(name: "t.json", bytes: bytes))
        let tape = try JSONReader.parse(bytes)
        let root = try #require(screenText.rootMembers)
        #expect(root.map(\.nameRange) == tape.members(of: 0).map { tape.range(of: $0.name) })
        #expect(root.map(\.value) == tape.members(of: 0).map { tape.range(of: $0.value) })
        let box = tape.member("box", in: 0)! + 1
        let sections = tape.member("sections", in: box)! + 1
        let section = tape.elements(of: sections).first { _ in true }!
        let rows = tape.member("rows", in: section)! + 1
        #expect(screenText.box(.box)?.layout.whole == tape.range(of: box))
        #expect(screenText.section(.box, 0).range == tape.range(of: section))
        #expect(screenText.rowsLayout(.box, 0)?.whole == tape.range(of: rows))
        #expect(screenText.row(.box, 0, 0) == tape.range(of: tape.elements(of: rows).first { _ in true }!))
        #expect(screenText.isNull(screenText.section(.box, 0).members.named("header")!.value))
    }

    @Test("a row is found in its section, else where the box has its id once; an id in several sections only in its own")
    func findRows() throws {
        let text = Screens.box([("s", ["a", "b", "x"]), ("t", ["c", "x"]), ("u", ["d"])])
        let screenText = try ScreenText(SourceText(name: "t.json", bytes: Array(text.utf8)))
        func find(_ row: String, in section: String) -> [Int]? {
            screenText.find(row: ScreenID(.string(row))!, in: ScreenID(.string(section))!, .box).map { [$0.section, $0.row] }
        }
        #expect(find("b", in: "s") == [0, 1])
        #expect(find("c", in: "s") == [1, 0])
        #expect(find("x", in: "t") == [1, 1])
        #expect(find("x", in: "s") == [0, 2])
        #expect(find("x", in: "u") == nil)
        #expect(find("z", in: "s") == nil)
    }
}
