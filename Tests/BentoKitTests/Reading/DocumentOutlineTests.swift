import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The outline of a screen document (what `--format patch` reads of it): the
/// one the pull decoder records while it reads a file, and the one made from
/// a tape, agree; and patches made from outlines are those made from values.
@Suite("Document outlines")
struct DocumentOutlineTests {
    /// `text` in a file of its own, read as `bento diff --format patch` reads it.
    private func readOutlined(_ text: [UInt8]) throws -> (screen: Screen, outline: DocumentOutline) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bento-outline-\(UUID().uuidString).json")
        try Data(text).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ScreenReader.readOutlined(path: FilePath(url.path))
    }

    private func tapeOutline(_ text: [UInt8]) throws -> DocumentOutline {
        DocumentOutline(tape: try JSONReader.parse(text))
    }

    private func expectSame(_ a: DocumentOutline, _ b: DocumentOutline, _ comment: Comment) {
        #expect(a.whole == b.whole, comment)
        #expect(a.root == b.root, comment)
        #expect(a.main == b.main, comment)
        #expect(a.pinned == b.pinned, comment)
    }

    @Test("the pull decoder's outline is the tape's: members, sections, rows and `$` rows, byte for byte")
    func pullAgreesWithTape() throws {
        for seed: UInt64 in 0..<200 {
            var variations = DocumentVariations(seed: seed &* 17 &+ 3)
            let (screen, _) = try RandomScreenPairs.screens(seed: seed)
            var text: [UInt8] = []
            JSONWriter(style: .pretty).write(variations.document(screen), to: &text)
            let read = try readOutlined(text)
            #expect(read.screen == (try ScreenReader.readDocument(SourceText(name: "t", bytes: text))).screen)
            expectSame(read.outline, try tapeOutline(text), "seed \(seed)")
        }
    }

    @Test("a row's `$` members are marked, in either reader")
    func dollarRows() throws {
        let text = Array(
            #"{"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T"}}, {"$note": 1, "id": "b", "component": {"type": "T", "$x": 2}}, {"id": "c", "component": {"type": "T", "$y": 3}}]}]}"#
                .utf8)
        for outline in [try readOutlined(text).outline, try tapeOutline(text)] {
            #expect(outline.main?.sections.map(\.dollarRows) == [[false, true, false]])
            let rows = outline.main?.sections[0].rows ?? []
            #expect(
                rows.map { String(decoding: text[$0], as: UTF8.self) } == [
                    #"{"id": "a", "component": {"type": "T"}}"#, #"{"$note": 1, "id": "b", "component": {"type": "T", "$x": 2}}"#,
                    #"{"id": "c", "component": {"type": "T", "$y": 3}}"#,
                ])
        }
    }

    @Test("values are read back from the outline's text as written")
    func values() throws {
        let text = Array(#"{"title": "x", "n": 1.50, "box": {"$c": [1, {"a": "\u00e9"}], "sections": []}}"#.utf8)
        let outline = try readOutlined(text).outline
        #expect(outline.root?.map(\.name) == ["title", "n", "box"])
        #expect(outline.object(outline.root, without: ["box"]) == JSONObject([("title", "x"), ("n", .number(JSONNumber(validatedText: "1.50")))]))
        #expect(outline.object(outline.main?.members, without: ["sections"]) == JSONObject([("$c", [1, ["a": "é"]])]))
        #expect(outline.document == (try JSONReader.parse(text)).value(at: 0))
    }

    @Test("patches from files read with outlines are those from the documents as values")
    func patchesAgree() throws {
        for seed: UInt64 in 0..<200 {
            var variations = DocumentVariations(seed: seed &* 31 &+ 7)
            let (a, b) = try RandomScreenPairs.screens(seed: seed)
            var oldText: [UInt8] = [], newText: [UInt8] = []
            JSONWriter(style: .pretty).write(variations.document(a), to: &oldText)
            JSONWriter(style: .pretty).write(variations.document(b), to: &newText)
            let old = try readOutlined(oldText), new = try readOutlined(newText)
            let changeset = ScreenDiff.changeset(from: old.screen, to: new.screen)
            let fromOutlines = PatchRenderer.operations(
                changeset, old: old.screen, new: new.screen, oldOutline: old.outline, newOutline: new.outline)
            let fromValues = PatchRenderer.operations(
                changeset, old: old.screen, new: new.screen, oldDocument: old.outline.document,
                newDocument: new.outline.document)
            #expect(fromOutlines == fromValues, "seed \(seed)")
        }
    }
}
