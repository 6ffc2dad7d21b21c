import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("--format github: an annotation per change, at its line of the new file")
struct AnnotationRendererTests {
    /// The line of each part of a document, found by a whole parse (not by
    /// the outline the renderer uses).
    struct Lines {
        let tape: JSONTape
        let source: SourceText

        init(_ path: String) throws {
            source = SourceText(name: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            tape = try JSONReader.parse(source)
        }

        func line(_ index: Int) -> Int { source.location(ofByte: tape.range(of: index).lowerBound).line }

        /// The box's value (the document itself in the Box form).
        func box(_ name: BoxName) -> Int? {
            if let member = tape.member(name.rawValue, in: 0) { return member + 1 }
            return name == .box && tape.member("sections", in: 0) != nil ? 0 : nil
        }

        func section(_ name: BoxName, _ j: Int) -> Int? {
            guard let box = box(name), let sections = tape.member("sections", in: box) else { return nil }
            return Array(tape.elements(of: sections + 1))[j]
        }

        /// The line of the `id` member's name of section `j`, or of row `r` in it.
        func idLine(_ name: BoxName, _ j: Int, row r: Int? = nil) -> Int? {
            guard var object = section(name, j) else { return nil }
            if let r {
                guard let rows = tape.member("rows", in: object) else { return nil }
                object = Array(tape.elements(of: rows + 1))[r]
            }
            return tape.member("id", in: object).map(line)
        }

        /// The line of the box's member (line of the document in the Box form).
        func boxLine(_ name: BoxName) -> Int? {
            if let member = tape.member(name.rawValue, in: 0) { return line(member + 1) }
            return box(name).map(line)
        }
    }

    @Test("every annotation is on the line the rule names", arguments: FixturePairs.all.map(\.name))
    func lines(_ name: String) throws {
        let pair = try #require(FixturePairs.all.first { $0.name == name })
        let old = try ScreenReader.read(path: pair.oldPath)
        let (new, outline) = try ScreenReader.readOutlined(path: FilePath(pair.newPath))
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let commands = AnnotationRenderer().commands(changeset, old: old, new: new, outline: outline, file: "f.json")
        let lines = try Lines(pair.newPath)
        #expect(commands.count == changeset.changes.count)
        for (change, command) in zip(changeset.changes, commands) {
            let expected: Int?
            switch change {
            case .screen:
                expected = 1
            case .section(let s):
                expected = s.edit.to.flatMap { lines.idLine(s.box, $0) } ?? lines.boxLine(s.box)
            case .row(let r):
                if let to = r.edit.to {
                    expected = lines.idLine(r.box, to.section, row: to.row)
                } else {
                    let j = new[box: r.box].sections.firstIndex { $0.id == r.section }
                    expected = j.flatMap { lines.idLine(r.box, $0) } ?? lines.boxLine(r.box)
                }
            }
            #expect(command.properties.first { $0.key == "line" }?.value == "\(expected ?? 1)", "\(change)")
            #expect(command.properties.first { $0.key == "file" }?.value == "f.json")
            #expect(command.name == "notice")
        }
    }

    @Test("title and message say what changed; field changes one per line")
    func message() throws {
        let old = try Screens.read(#"{"title":"A","box":{"sections":[{"id":"s","rows":[{"id":"a","component":{"type":"T","props":{"x":1}}}]}]}}"#)
        let new = try Screens.read(#"{"title":"B","box":{"sections":[{"id":"s","rows":[{"id":"a","component":{"type":"T","props":{"x":2}}}]}]}}"#)
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let lines = AnnotationRenderer().render(changeset, old: old, new: new, outline: nil, file: "./a,b.json")
        #expect(
            lines == """
                ::notice file=a%2Cb.json,line=1,title=bento%3A screen updated::screen attributes updated%0A/title: "A" → "B"
                ::notice file=a%2Cb.json,line=1,title=bento%3A row updated::row "a" T updated at [0, 0]%0A/component/props/x: 1 → 2

                """)
    }
}
