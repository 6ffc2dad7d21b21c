import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// `apply` edits OLD's text where the changeset says each row comes from
/// (`RowOrigins`), rather than finding rows by id and comparing them: the
/// text must be the one the search by id writes, and mean the new screen.
@Suite("Applying by row origins")
struct RowOriginEditTests {
    @Test("editing by the changeset's row origins writes what finding rows by id writes, for random pairs in random layouts")
    func originsAgreeWithSearch() throws {
        for seed: UInt64 in 0..<300 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            var variations = DocumentVariations(seed: seed &* 31 &+ 7)
            var bytes: [UInt8] = []
            JSONWriter(style: seed % 2 == 0 ? .pretty : .line).write(variations.document(old), to: &bytes)
            let text = try ScreenText(SourceText(name: "old.json", bytes: bytes))
            let changeset = ScreenDiff.changeset(from: text.screen, to: new)
            let (applied, origins) = try ChangesetApplier.applyTracingRows(changeset, to: text.screen)
            let merged = MergedScreen(clean: applied)
            let byOrigins = ScreenEditor.text(of: merged, editing: text, origins: origins).joined().map { $0 }
            let bySearch = ScreenEditor.text(of: merged, editing: text).joined().map { $0 }
            if byOrigins != bySearch {
                let at = zip(byOrigins, bySearch).prefix { $0 == $1 }.count
                Issue.record("seed \(seed): differs at \(at): \(String(decoding: byOrigins[max(0, at - 150)..<min(byOrigins.count, at + 150)], as: UTF8.self))\n---\n\(String(decoding: bySearch[max(0, at - 150)..<min(bySearch.count, at + 150)], as: UTF8.self))")
            }
            // The same screen (a Box-form text that gains an attribute is
            // written in the Screen form: compared by its changes).
            let reread = try ScreenReader.read(SourceText(name: "applied.json", bytes: byOrigins))
            #expect(ScreenDiff.changeset(from: reread, to: applied).changes.isEmpty, "seed \(seed)")
        }
    }

    @Test("each row's origin: kept, moved within or across sections, changed, inserted")
    func origins() throws {
        let old = try Screens.read(Screens.box([("s", ["a", "b", "c"]), ("t", ["d"])]))
        var new = old
        new.box.sections[0].rows = [old.box.sections[0].rows[2], old.box.sections[0].rows[0], old.box.sections[1].rows[0]]
        new.box.sections[0].rows[1].component = Component(type: "U")
        new.box.sections[1].rows = [Node(id: ScreenID(.string("e"))!, component: Component(type: "T"))]
        let (applied, origins) = try ChangesetApplier.applyTracingRows(ScreenDiff.changeset(from: old, to: new), to: old)
        #expect(applied == new)
        let fields = [FieldChange(path: "/component/type", old: "T", new: "U")]
        #expect(origins.rows(.box, 0) == [.kept(section: 0, row: 2), .old(section: 0, row: 0, fields: fields), .kept(section: 1, row: 0)])
        #expect(origins.rows(.box, 1) == [.inserted])
        #expect(origins.rows(.pinnedToBottomBox, 0) == nil)
    }
}
