import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// `bento diff --format json` writes a changeset straight from its records,
/// in pieces and in batches on all cores: always the bytes of the changeset's
/// value tree written by `JSONWriter`. (What those bytes are for each kind of
/// change is pinned by the goldens of `RandomPairGoldenTests`.)
@Suite("JSON output is the changeset's value tree, byte for byte")
struct JSONRendererTests {
    @Test("written directly, the changeset is the bytes of its value tree", arguments: 0..<UInt64(100))
    func sameAsValueTree(seed: UInt64) throws {
        let pair = RandomScreenPairs.pair(seed: seed)
        let old = try ScreenReader.read(SourceText(name: "old.json", bytes: pair.old))
        let new = try ScreenReader.read(SourceText(name: "new.json", bytes: pair.new))
        for changeset in [ScreenDiff.changeset(from: old, to: new), ScreenDiff.changeset(from: new, to: old)] {
            var tree: [UInt8] = []
            JSONWriter(style: .pretty).write(changeset.jsonValue, to: &tree)
            tree.append(UInt8(ascii: "\n"))
            #expect(JSONRenderer.render(changeset) == tree, "seed \(seed)")
            // In pieces, as `bento diff` streams it: the same bytes.
            var pieces: [[UInt8]] = []
            JSONRenderer.write(changeset, flushingAt: 64) { pieces.append($0) }
            #expect(Array(pieces.joined()) == tree, "seed \(seed)")
            #expect(changeset.isIdentical || pieces.count > 1)
        }
    }

    @Test("the same on typical generated screens, with sections inserted and deleted")
    func typicalScreens() throws {
        let typical = TypicalScreens(rows: 2_000, rowsPerSection: 50)
        let screens = try Screens.read(typical)
        let old = screens.old
        var new = screens.new
        new.box.sections.removeFirst()
        new.box.sections.append(Section(id: ScreenID("added"), header: old.box.sections[1].header, rows: old.box.sections[2].rows))
        let changeset = ScreenDiff.changeset(from: old, to: new)
        #expect(changeset.summary[.section, .insert] == 1 && changeset.summary[.section, .delete] == 1)
        var tree: [UInt8] = []
        JSONWriter(style: .pretty).write(changeset.jsonValue, to: &tree)
        tree.append(UInt8(ascii: "\n"))
        #expect(JSONRenderer.render(changeset) == tree)
    }

    @Test("a large string value starts a piece of its own, the bytes the same")
    func largeValueStartsAPiece() throws {
        func screen(_ title: String) -> Screen {
            let row = Node(id: ScreenID("a"), component: Component(type: "Card", properties: JSONObject([("title", .string(title))])))
            return Screen(box: Box(sections: [Section(id: ScreenID("s"), rows: [row])]))
        }
        let (oldTitle, newTitle) = (String(repeating: "o", count: 5_000), String(repeating: "n", count: 5_000))
        let changeset = ScreenDiff.changeset(from: screen(oldTitle), to: screen(newTitle))
        var pieces: [[UInt8]] = []
        JSONRenderer.write(changeset, flushingAt: 1_000) { pieces.append($0) }
        #expect(Array(pieces.joined()) == JSONRenderer.render(changeset))
        // Each value opens a piece: what stood before it went out first.
        for title in [oldTitle, newTitle] {
            #expect(pieces.contains { $0.starts(with: Array("\"\(title)\"".utf8)) }, "a piece starts with the value")
        }
    }

    @Test("field values written with their names: escapes, other scalars, and strings long and short, as the value tree writes them")
    func fieldValues() throws {
        func screen(_ title: JSONValue) -> Screen {
            let row = Node(id: ScreenID("a"), component: Component(type: "Card", properties: JSONObject([("title", title)])))
            return Screen(box: Box(sections: [Section(id: ScreenID("s"), rows: [row])]))
        }
        let values: [JSONValue] = [
            .string(""), .string("plain"), .string("quote \" and \\ and\nline\t\u{1}"), .string("é 😀 \u{2028}"),
            .string(String(repeating: "x", count: 4_095)), .string(String(repeating: "y", count: 4_096)),
            .string(String(repeating: "\"", count: 5_000)), .number(JSONNumber(validatedText: "1.50")), .bool(true), .null,
            .object(JSONObject([("nested", .string("v"))])), .array([.string("a"), .number(JSONNumber(validatedText: "2"))]),
        ]
        for (old, new) in zip(values, values.dropFirst() + values.prefix(1)) {
            let changeset = ScreenDiff.changeset(from: screen(old), to: screen(new))
            var tree: [UInt8] = []
            JSONWriter(style: .pretty).write(changeset.jsonValue, to: &tree)
            tree.append(UInt8(ascii: "\n"))
            #expect(JSONRenderer.render(changeset) == tree, "\(old) to \(new)")
            for limit in [64, 4_096, 1 << 20] {
                var pieces: [[UInt8]] = []
                JSONRenderer.write(changeset, flushingAt: limit) { pieces.append($0) }
                #expect(Array(pieces.joined()) == tree, "\(old) to \(new), pieces of \(limit)")
            }
        }
    }

    @Test("a large changeset, written in batches on all cores, is the bytes of its value tree")
    func batchesOnAllCores() throws {
        let typical = TypicalScreens(rows: 30_000, rowsPerSection: 500)
        let (old, new) = try Screens.read(typical)
        let changeset = ScreenDiff.changeset(from: old, to: new)
        #expect(changeset.changes.count > 4 * 2048, "enough records for several batches")
        var tree: [UInt8] = []
        JSONWriter(style: .pretty).write(changeset.jsonValue, to: &tree)
        tree.append(UInt8(ascii: "\n"))
        var pieces: [[UInt8]] = []
        JSONRenderer.write(changeset, flushingAt: 1 << 20) { pieces.append($0) }
        #expect(Array(pieces.joined()) == tree)
    }
}
