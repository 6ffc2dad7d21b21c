import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("RFC 6902 JSON Patch")
struct PatchRendererTests {
    // MARK: Helpers

    private func read(_ text: String) throws -> (screen: Screen, document: JSONValue) {
        try ScreenReader.readDocument(SourceText(name: "t.json", bytes: Array(text.utf8)))
    }

    private func patch(_ oldText: String, _ newText: String) throws -> [PatchOperation] {
        let old = try read(oldText), new = try read(newText)
        let changeset = ScreenDiff.changeset(from: old.screen, to: new.screen)
        return PatchRenderer.operations(
            changeset, old: old.screen, new: new.screen, oldDocument: old.document, newDocument: new.document)
    }

    /// The rendered patch, applied by the tests' own RFC 6902 applier.
    private func applied(_ operations: [PatchOperation], to document: JSONValue) throws -> JSONValue {
        let text = PatchRenderer.render(operations)
        let patch = try JSONDecoding.decode(JSONValue.self, from: SourceText(name: "patch.json", bytes: text)).value
        return try JSONPatchApplier.apply(patch, to: document)
    }

    private func lines(_ operations: [PatchOperation]) -> [String] {
        let text = String(decoding: PatchRenderer.render(operations), as: UTF8.self)
        return text.split(separator: "\n").dropFirst().dropLast().map {
            String(String($0.hasSuffix(",") ? $0.dropLast() : $0).dropFirst(2))
        }
    }

    private func rows(_ ids: [String], section: String = "s") -> String {
        let rows = ids.map { #"{"id": "\#($0)", "component": {"type": "T"}}"# }.joined(separator: ", ")
        return #"{"id": "\#(section)", "rows": [\#(rows)]}"#
    }

    // MARK: Unit

    @Test("identical documents give an empty patch")
    func identical() throws {
        let text = #"{"box": {"sections": [\#(rows(["a", "b"]))]}, "title": "T"}"#
        let operations = try patch(text, text)
        #expect(operations.isEmpty)
        #expect(PatchRenderer.render(operations) == Array("[]\n".utf8))
    }

    @Test("a row moved within its section is one move")
    func moveWithinSection() throws {
        let operations = try patch(
            #"{"box": {"sections": [\#(rows(["a", "b", "c"]))]}}"#, #"{"box": {"sections": [\#(rows(["c", "a", "b"]))]}}"#)
        #expect(lines(operations) == [#"{"op": "move", "from": "/box/sections/0/rows/2", "path": "/box/sections/0/rows/0"}"#])
    }

    @Test("a row moved across sections is one move between the two sections' rows")
    func moveAcrossSections() throws {
        let old = #"{"box": {"sections": [\#(rows(["a", "x"], section: "one")), \#(rows(["b"], section: "two"))]}}"#
        let new = #"{"box": {"sections": [\#(rows(["a"], section: "one")), \#(rows(["b", "x"], section: "two"))]}}"#
        #expect(
            lines(try patch(old, new)) == [
                #"{"op": "move", "from": "/box/sections/0/rows/1", "path": "/box/sections/1/rows/1"}"#
            ])
    }

    @Test("indices are computed step by step, not copied from the changeset")
    func sequentialIndices() throws {
        // Deletes before a move shift it; inserts after a move see it done.
        let old = #"{"box": {"sections": [\#(rows(["a", "b", "c", "d", "e"]))]}}"#
        let new = #"{"box": {"sections": [\#(rows(["e", "n", "b", "d"]))]}}"#
        let (o, n) = (try read(old), try read(new))
        let changeset = ScreenDiff.changeset(from: o.screen, to: n.screen)
        let move = try #require(changeset.changes.first { $0.op == .move })
        #expect(move.from == Position(section: 0, row: 4))  // the changeset's old position of "e"
        #expect(
            lines(try patch(old, new)) == [
                #"{"op": "remove", "path": "/box/sections/0/rows/2"}"#,
                #"{"op": "remove", "path": "/box/sections/0/rows/0"}"#,
                // "e" is at 2 once "a" and "c" are gone.
                #"{"op": "move", "from": "/box/sections/0/rows/2", "path": "/box/sections/0/rows/0"}"#,
                #"{"op": "add", "path": "/box/sections/0/rows/1", "value": {"id":"n","component":{"type":"T"}}}"#,
            ])
        #expect(try applied(try patch(old, new), to: o.document) == n.document)
    }

    @Test("sections move as one operation, rows and all")
    func sectionMove() throws {
        let old = #"{"box": {"sections": [\#(rows(["a"], section: "one")), \#(rows(["b"], section: "two")), \#(rows([], section: "three"))]}}"#
        let new = #"{"box": {"sections": [\#(rows([], section: "three")), \#(rows(["a"], section: "one")), \#(rows(["b"], section: "two"))]}}"#
        #expect(lines(try patch(old, new)) == [#"{"op": "move", "from": "/box/sections/2", "path": "/box/sections/0"}"#])
    }

    @Test("field changes are leaf operations at the row's new position")
    func leafChanges() throws {
        let old = #"{"box": {"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T", "props": {"title": "A", "gone": 1}}}, {"id": "b", "component": {"type": "T"}}]}]}}"#
        let new = #"{"box": {"sections": [{"id": "s", "rows": [{"id": "b", "component": {"type": "T"}}, {"id": "a", "component": {"type": "T", "props": {"title": "B", "new~/": true}}}]}]}}"#
        #expect(
            lines(try patch(old, new)) == [
                #"{"op": "move", "from": "/box/sections/0/rows/1", "path": "/box/sections/0/rows/0"}"#,
                #"{"op": "remove", "path": "/box/sections/0/rows/1/component/props/gone"}"#,
                #"{"op": "add", "path": "/box/sections/0/rows/1/component/props/new~0~1", "value": true}"#,
                #"{"op": "replace", "path": "/box/sections/0/rows/1/component/props/title", "value": "B"}"#,
            ])
    }

    @Test("screen attributes are patched at the top level, numbers as written")
    func attributes() throws {
        let operations = try patch(
            #"{"title": "A", "count": 1, "box": {"sections": []}}"#,
            #"{"title": "B", "count": 1.0, "badge": 2.50, "box": {"sections": []}}"#)
        #expect(
            lines(operations) == [
                #"{"op": "add", "path": "/badge", "value": 2.50}"#,
                #"{"op": "replace", "path": "/title", "value": "B"}"#,
            ])
    }

    @Test("a Box-form file is patched in its own shape")
    func boxForm() throws {
        let old = #"{"$comment": "v1", "sections": [\#(rows(["a"]))]}"#
        let new = #"{"$comment": "v2", "sections": [\#(rows(["a", "b"]))]}"#
        #expect(
            lines(try patch(old, new)) == [
                #"{"op": "replace", "path": "/$comment", "value": "v2"}"#,
                #"{"op": "add", "path": "/sections/0/rows/1", "value": {"id":"b","component":{"type":"T"}}}"#,
            ])
    }

    @Test("from the Box form to a Screen and back, the sections move once")
    func shapeChange() throws {
        let box = #"{"sections": [\#(rows(["a"]))]}"#
        let screen = #"{"title": "T", "box": {"sections": [\#(rows(["a"]))]}, "pinnedToBottomBox": {"sections": []}}"#
        let up = try patch(box, screen)
        #expect(
            lines(up) == [
                #"{"op": "add", "path": "/box", "value": {}}"#,
                #"{"op": "move", "from": "/sections", "path": "/box/sections"}"#,
                #"{"op": "add", "path": "/title", "value": "T"}"#,
                #"{"op": "add", "path": "/pinnedToBottomBox", "value": {"sections":[]}}"#,
            ])
        let down = try patch(screen, box)
        #expect(
            lines(down) == [
                #"{"op": "move", "from": "/box/sections", "path": "/sections"}"#,
                #"{"op": "remove", "path": "/box"}"#,
                #"{"op": "remove", "path": "/pinnedToBottomBox"}"#,
                #"{"op": "remove", "path": "/title"}"#,
            ])
        #expect(try applied(up, to: try read(box).document) == (try read(screen).document))
        #expect(try applied(down, to: try read(screen).document) == (try read(box).document))
    }

    @Test("a pinnedToBottomBox the old screen lacks is added as a member")
    func pinnedAdded() throws {
        let operations = try patch(
            #"{"box": {"sections": []}}"#, #"{"box": {"sections": []}, "pinnedToBottomBox": {"sections": [\#(rows(["go"]))]}}"#)
        #expect(
            lines(operations) == [
                #"{"op": "add", "path": "/pinnedToBottomBox", "value": {"sections":[{"id":"s","rows":[{"id":"go","component":{"type":"T"}}]}]}}"#
            ])
    }

    @Test("a row moving into a section written without rows gets a rows member first")
    func missingRows() throws {
        let old = #"{"box": {"sections": [\#(rows(["a", "x"], section: "one")), {"id": "two"}]}}"#
        let new = #"{"box": {"sections": [\#(rows(["a"], section: "one")), \#(rows(["x"], section: "two"))]}}"#
        let operations = try patch(old, new)
        #expect(
            lines(operations) == [
                #"{"op": "add", "path": "/box/sections/1/rows", "value": []}"#,
                #"{"op": "move", "from": "/box/sections/0/rows/1", "path": "/box/sections/1/rows/0"}"#,
            ])
        #expect(try applied(operations, to: try read(old).document) == (try read(new).document))
    }

    @Test("the whole document is replaced only when it is not an object")
    func neverWholeDocument() throws {
        let old = #"{"box": {"sections": [\#(rows(["a", "b", "c"]))]}, "title": "x"}"#
        let new = #"{"box": {"sections": [\#(rows(["c", "b"]))]}, "title": "y"}"#
        #expect(try patch(old, new).allSatisfy { $0.path != .root })
    }

    // MARK: Round trips

    @Test("every fixture pair: the patch turns old.json into new.json")
    func fixtures() throws {
        let pairs = FixturePairs.all
        #expect(!pairs.isEmpty, "no fixture pairs under \(FixturePairs.directory.path)")
        for pair in pairs {
            let old = try ScreenReader.readDocument(path: pair.oldPath)
            let new = try ScreenReader.readDocument(path: pair.newPath)
            let changeset = ScreenDiff.changeset(from: old.screen, to: new.screen)
            let operations = PatchRenderer.operations(
                changeset, old: old.screen, new: new.screen, oldDocument: old.document, newDocument: new.document)
            #expect(try applied(operations, to: old.document) == new.document, "\(pair.name)")
        }
    }

    @Test("random screen pairs written in varied documents: the patch gives the new document")
    func randomPairs() throws {
        for seed: UInt64 in 0..<3000 {
            var variations = DocumentVariations(seed: seed &* 31 &+ 7)
            let (a, b) = try RandomScreenPairs.screens(seed: seed)
            let old = try variations.read(a), new = try variations.read(b)
            let changeset = ScreenDiff.changeset(from: old.screen, to: new.screen)
            let operations = PatchRenderer.operations(
                changeset, old: old.screen, new: new.screen, oldDocument: old.document, newDocument: new.document)
            let result = try applied(operations, to: old.document)
            #expect(result == new.document, "seed \(seed)")
            // One move operation per moved section or row at most (the shape's
            // own move of `sections` aside).
            let moves = changeset.changes.filter { $0.op == .move }.count
            let moveOperations = operations.filter { $0.kind == .move && $0.path.tokens.last != "sections" }
            #expect(moveOperations.count <= moves, "seed \(seed)")
            #expect(!operations.contains { $0.path == .root }, "seed \(seed)")
            if result != new.document { return }
        }
    }

    @Test("one section of many rows, patched in runs on all cores: inserts and field changes in order, the new document")
    func longSection() throws {
        // Past two runs of rows: rows updated, inserted, moved and deleted all along it.
        let count = 3 * BoxPatch.rowsPerRun + 17
        func row(_ id: Int, _ title: String) -> String { #"{"id": "r\#(id)", "component": {"type": "T", "props": {"title": "\#(title)"}}}"# }
        let oldRows = (0..<count).map { row($0, "t\($0)") }
        var newRows: [String] = []
        for k in 0..<count where k % 11 != 3 {
            newRows.append(row(k, k % 3 == 0 ? "changed \(k)" : "t\(k)"))
            if k % 7 == 0 { newRows.append(row(count + k, "new")) }
        }
        newRows.swapAt(5, newRows.count - 5)
        func document(_ rows: [String]) -> String { #"{"box": {"sections": [{"id": "s", "rows": [\#(rows.joined(separator: ", "))]}]}}"# }
        let (oldText, newText) = (document(oldRows), document(newRows))
        let operations = try patch(oldText, newText)
        #expect(operations.filter { $0.kind == .replace }.count > 2 * BoxPatch.rowsPerRun / 3)
        #expect(try applied(operations, to: read(oldText).document) == read(newText).document)
    }

    @Test("short sections around a long one: runs of whole sections and runs of one section's rows")
    func shortSectionsAroundALongOne() throws {
        func row(_ id: String, _ title: String) -> String { #"{"id": "\#(id)", "component": {"type": "T", "props": {"title": "\#(title)"}}}"# }
        func section(_ k: Int, rows: Int, changed: Bool) -> String {
            var texts = (0..<rows).map { r in row("\(k)-\(r)", changed && r % 3 == 1 ? "changed" : "t") }
            if changed { texts.insert(row("\(k)-new", "new"), at: rows / 2) }
            return #"{"id": "s\#(k)", "rows": [\#(texts.joined(separator: ", "))]}"#
        }
        let long = 2 * BoxPatch.rowsPerRun + 5
        func document(changed: Bool) -> String {
            let sections = (0..<3000).map { k in section(k, rows: k == 1500 ? long : 3, changed: changed) }
            return #"{"box": {"sections": [\#(sections.joined(separator: ", "))]}}"#
        }
        let (oldText, newText) = (document(changed: false), document(changed: true))
        let operations = try patch(oldText, newText)
        #expect(operations.filter { $0.kind == .add }.count == 3000)
        #expect(try applied(operations, to: read(oldText).document) == read(newText).document)
    }

    @Test("random pairs without documents: the screens' own JSON is patched")
    func randomModels() throws {
        for seed: UInt64 in 0..<1000 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let operations = PatchRenderer.operations(changeset, old: old, new: new)
            #expect(try applied(operations, to: old.jsonValue) == new.jsonValue, "seed \(seed)")
        }
    }
}
