import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("ChangesetApplier: bento apply")
struct ChangesetApplierTests {
    private func screen(_ text: String) throws -> Screen {
        try ScreenReader.read(SourceText(name: "old.json", bytes: Array(text.utf8)))
    }

    /// The same screen as bento-screen(5) compares them.
    private func same(_ a: Screen, _ b: Screen) -> Bool {
        ScreenDiff.changeset(from: a, to: b).isIdentical && a.box == b.box
            && a[box: .pinnedToBottomBox] == b[box: .pinnedToBottomBox] && a.attributes == b.attributes
    }

    /// The changeset old → new as JSON text, as `bento diff -f json` writes it.
    private func changesetText(_ old: Screen, _ new: Screen) -> SourceText {
        let changeset = ScreenDiff.changeset(from: old, to: new, oldName: "old.json", newName: "new.json")
        return SourceText(name: "change.json", bytes: JSONRenderer.render(changeset))
    }

    private func text(_ changeset: String) -> SourceText {
        SourceText(name: "change.json", bytes: Array(changeset.utf8))
    }

    // MARK: Round trips

    @Test("field changes inside a row's props are checked and made on the component's text as on its value")
    func fieldsInProps() throws {
        var random = SeededGenerator(seed: 5)
        var made = 0
        for seed: UInt64 in 0..<600 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let application = ChangesetApplication(changes: changeset.changes, old: old, oldName: "old")
            for change in changeset.changes {
                guard case .row(let record) = change, let from = record.edit.from, !record.edit.fields.isEmpty else { continue }
                let node = old[box: record.box].sections[from.section].rows[from.row]
                var fields = record.edit.fields
                // Now and then an old value that does not fit: then the value tree words it.
                let unfit = random.int(0...5) == 0
                if unfit { fields[0].old = .string("not this") }
                let slow = Result { () throws(ChangesetMismatch) in
                    try application.applying(fields, 0, toRow: node.jsonValue)
                }
                let inProps = fields.allSatisfy { $0.path.hasPrefix("/component/") && !$0.path.hasPrefix("/component/type") }
                guard let fast = ChangesetApplication.applyingInProps(fields, to: node) else {
                    #expect(!inProps || unfit || fields.contains { $0.old != nil && JSONPointer($0.path)!.value(in: node.jsonValue) != $0.old }, "seed \(seed)")
                    continue
                }
                made += 1
                #expect(inProps && (try? slow.get()) == fast, "seed \(seed)")
                // Byte for byte: the text is the one the value is written as.
                #expect(fast.component.content.bytes == (try? slow.get())?.component.content.bytes, "seed \(seed)")
            }
        }
        #expect(made > 200, "\(made)")
    }

    @Test("random pairs: apply(diff(a, b), a) == b")
    func randomRoundTrip() throws {
        for seed: UInt64 in 0..<4000 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let applied = try ChangesetApplier.apply(changeset, to: old)
            #expect(same(applied, new), "seed \(seed)")
            if !same(applied, new) { return }
        }
    }

    @Test("random pairs through the JSON text of the changeset, and the written screen reads back")
    func randomThroughJSON() throws {
        for seed: UInt64 in 0..<500 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let applied = try ChangesetDocument(changesetText(old, new)).apply(to: old, oldName: "old.json")
            var bytes: [UInt8] = []
            JSONWriter(style: .pretty).write(applied.jsonValue, to: &bytes)
            let reread = try ScreenReader.read(SourceText(name: "applied.json", bytes: bytes))
            #expect(same(reread, new), "seed \(seed)")
        }
    }

    @Test("every fixture pair")
    func fixtures() throws {
        let pairs = FixturePairs.all
        #expect(!pairs.isEmpty, "no fixture pairs under \(FixturePairs.directory.path)")
        for pair in pairs {
            let old = try ScreenReader.read(path: pair.oldPath), new = try ScreenReader.read(path: pair.newPath)
            let applied = try ChangesetDocument(changesetText(old, new)).apply(to: old, oldName: pair.oldPath)
            #expect(same(applied, new), "\(pair.name)")
        }
    }

    @Test("a Box-form screen stays a Box; a pinned box it lacks is not added empty")
    func shape() throws {
        let old = try screen(#"{"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T"}}]}]}"#)
        let new = try screen(#"{"sections": [{"id": "s", "rows": [{"id": "b", "component": {"type": "T"}}]}]}"#)
        let applied = try ChangesetApplier.apply(ScreenDiff.changeset(from: old, to: new), to: old)
        #expect(applied.shape == .box && applied.pinnedToBottomBox == nil)
        #expect(JSONWriter.canonical.string(applied.jsonValue).utf8.elementsEqual(JSONWriter.canonical.string(new.jsonValue).utf8))
    }

    // MARK: The from side is checked first

    static let old = #"""
        {"title": "Mail", "box": {"sections": [
          {"id": "inbox", "rows": [
            {"id": "a", "component": {"type": "T", "props": {"title": "A"}}},
            {"id": "b", "component": {"type": "T"}}]}]}}
        """#

    private func mismatch(_ changeset: String) throws -> Diagnostic? {
        let old = try screen(Self.old)
        do {
            _ = try ChangesetDocument(text(changeset)).apply(to: old, oldName: "old.json")
            return nil
        } catch {
            return error
        }
    }

    private func wrap(_ change: String) -> String {
        #"{"version": 1, "old": "old.json", "new": "new.json", "changes": [\#n\#(change)]}"#
    }

    @Test("a row id that is not at its from position")
    func wrongID() throws {
        let diagnostic = try #require(
            try mismatch(
                wrap(
                    #"{"kind": "row", "op": "delete", "box": "box", "id": "c", "section": "inbox", "from": {"section": 0, "row": 1}, "old": {"id": "c", "component": {"type": "T"}}}"#
                )))
        #expect(diagnostic.description == #"change.json:2:86: changes[0].from: old.json has row "b" at box.sections[0].rows[1], not "c""#)
    }

    /// Records that do not fit `old`, and the end of the message naming the
    /// first mismatch.
    static let mismatches: [(String, String)] = [
        (  // a section id that is not where the record says
            #"{"kind": "row", "op": "update", "box": "box", "id": "a", "section": "outbox", "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 0}, "fields": [{"path": "/component/props/title", "old": "A", "new": "B"}]}"#,
            #"changes[0].section: old.json has section "inbox" at box.sections[0], not "outbox""#
        ),
        (  // a delete whose old value is not the old screen's
            #"{"kind": "row", "op": "delete", "box": "box", "id": "b", "section": "inbox", "from": {"section": 0, "row": 1}, "old": {"id": "b", "component": {"type": "U"}}}"#,
            #"changes[0].old: row "b" at box.sections[0].rows[1] of old.json is not the changeset's old value"#
        ),
        (  // a field change whose old value is not the old screen's
            #"{"kind": "screen", "op": "update", "fields": [{"path": "/title", "old": "Inbox", "new": "Mail 2"}]}"#,
            #"changes[0].fields[0].old: the screen has "Mail" at /title in old.json, not "Inbox""#
        ),
        (  // a member added that is there already
            #"{"kind": "row", "op": "update", "box": "box", "id": "a", "section": "inbox", "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 0}, "fields": [{"path": "/component/props/title", "new": "B"}]}"#,
            #"changes[0].fields[0].path: row "a" has "A" at /component/props/title in old.json, not nothing"#
        ),
        (  // a position out of range
            #"{"kind": "row", "op": "update", "box": "box", "id": "a", "section": "inbox", "from": {"section": 0, "row": 5}, "to": {"section": 0, "row": 0}, "fields": [{"path": "/component/props/title", "old": "A", "new": "B"}]}"#,
            "changes[0].from: old.json has no box.sections[0].rows[5]"
        ),
        (  // one old position claimed twice
            #"""
            {"kind": "row", "op": "move", "box": "box", "id": "a", "section": "inbox", "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 1}},
            {"kind": "row", "op": "delete", "box": "box", "id": "a", "section": "inbox", "from": {"section": 0, "row": 0}, "old": {"id": "a", "component": {"type": "T", "props": {"title": "A"}}}}
            """#,
            #"changes[1].from: box.sections[0].rows[0] is already the "from" of changes[0]"#
        ),
        (  // new positions that do not add up
            #"""
            {"kind": "row", "op": "insert", "box": "box", "id": "x", "section": "inbox", "to": {"section": 0, "row": 0}, "new": {"id": "x", "component": {"type": "T"}}},
            {"kind": "row", "op": "insert", "box": "box", "id": "y", "section": "inbox", "to": {"section": 0, "row": 0}, "new": {"id": "y", "component": {"type": "T"}}}
            """#,
            "changes[1].to: box.sections[0].rows[0] is out of range or taken in the new screen"
        ),
    ]

    /// Records that break the table of bento-changeset(5), and the end of the message.
    static let tampered: [(String, String)] = [
        (  // an update with no field change would be "no change"
            #"{"kind": "row", "op": "update", "box": "box", "id": "a", "section": "inbox", "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 0}, "fields": []}"#,
            #"changes[0].fields: "fields" of a row update lists at least one change"#
        ),
        (  // a move that says its content changed, with no change
            #"{"kind": "row", "op": "move", "box": "box", "id": "a", "section": "inbox", "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 1}, "fields": []}"#,
            #"changes[0].fields: "fields" of a row move lists at least one change"#
        ),
        (  // a section replaced by {}: not the row's section where it was
            #"{"kind": "row", "op": "move", "box": "box", "id": "a", "section": {}, "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 1}}"#,
            #"changes[0].section: old.json has section "inbox" at box.sections[0], not {}"#
        ),
        (  // nor where an inserted row lands
            #"{"kind": "row", "op": "insert", "box": "box", "id": "x", "section": {}, "to": {"section": 0, "row": 0}, "new": {"id": "x", "component": {"type": "T"}}}"#,
            #"changes[0].section: the new screen has section "inbox" at box.sections[0], not {}"#
        ),
        (  // a member an insert does not carry
            #"{"kind": "row", "op": "insert", "box": "box", "id": "x", "section": "inbox", "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 0}, "new": {"id": "x", "component": {"type": "T"}}}"#,
            #"changes[0].from: a row insert record has no member "from""#
        ),
        (  // a cross-section name on a record that is no move
            #"{"kind": "row", "op": "delete", "box": "box", "id": "b", "section": "inbox", "fromSection": "inbox", "from": {"section": 0, "row": 1}, "old": {"id": "b", "component": {"type": "T"}}}"#,
            #"changes[0].fromSection: a row delete record has no member "fromSection""#
        ),
    ]

    @Test("records that break the table of bento-changeset(5) are refused, with their place in the changeset", arguments: tampered)
    func tamperedRecords(_ changes: String, _ message: String) throws {
        let diagnostic = try #require(try mismatch(wrap(changes)))
        #expect(diagnostic.description.hasSuffix(message), "\(diagnostic)")
        #expect(diagnostic.location != nil, "\(diagnostic)")
    }

    @Test("records that do not fit the old screen are refused, naming the first mismatch", arguments: mismatches)
    func refused(_ changes: String, _ message: String) throws {
        let diagnostic = try #require(try mismatch(wrap(changes)))
        #expect(diagnostic.description.hasSuffix(message), "\(diagnostic)")
    }

    @Test("of records that do not fit, checked and applied on all cores, the first in order is named")
    func firstOfMany() throws {
        let screens = TypicalScreens(rows: 30_000, rowsPerSection: 1_000)
        let (old, new) = try Screens.read(screens)
        let changes = ScreenDiff.changeset(from: old, to: new).changes
        let changing = changes.indices.filter { changes[$0].kind == .row && !changes[$0].fields.isEmpty }
        try #require(changing.count > 100 && changing.last! - changing.first! > 1024)
        /// The changes with record `k`'s first field claiming an old value the screen does not have.
        func tampered(_ ks: [Int], path: String? = nil) -> [Change] {
            var result = changes
            for k in ks {
                var fields = changes[k].fields
                fields[0].old = .string("not what the old screen has")
                if let path { fields[0].path = path }
                result[k] = changes[k].replacingFields(fields)
            }
            return result
        }
        // Checked: two mismatches far apart, and the first one named.
        let (first, last) = (changing[changing.count / 3], changing[changing.count - 1])
        for ks in [[first, last], [last, first]] {
            #expect(throws: ChangesetMismatch.self) {
                try ChangesetApplier.apply(Changeset(oldName: "old", newName: "new", changes: tampered(ks)), to: old)
            }
            do {
                _ = try ChangesetApplier.apply(Changeset(oldName: "old", newName: "new", changes: tampered(ks)), to: old)
            } catch {
                #expect(error.path.dropFirst().first?.intValue == first, "\(error)")
            }
        }
    }

    @Test("an insert into a long section is refused when, and only when, its id is there already")
    func arrivalsInALongSection() throws {
        // 1,000 rows and 300 inserts: more arrivals than a table of a few
        // slots, spread through the section.
        let rows = (0..<1000).map { #"{"id": "r\#($0)", "component": {"type": "T"}}"# }
        let old = try screen(#"{"sections": [{"id": "s", "rows": [\#(rows.joined(separator: ", "))]}]}"#)
        func inserts(_ ids: [String]) -> String {
            let records = ids.enumerated().map { k, id in
                #"{"kind": "row", "op": "insert", "box": "box", "id": "\#(id)", "section": "s", "to": {"section": 0, "row": \#(3 * k)}, "new": {"id": "\#(id)", "component": {"type": "T"}}}"#
            }
            return #"{"version": 1, "old": "old.json", "new": "new.json", "changes": [\#(records.joined(separator: ",\n"))]}"#
        }
        var fresh = (0..<300).map { "n\($0)" }
        let applied = try ChangesetDocument(text(inserts(fresh))).apply(to: old, oldName: "old.json")
        #expect(applied.box.sections[0].rows.count == 1300)
        #expect(applied.box.sections[0].rows[297].id == ScreenID(.string("n99")))
        for (k, taken) in [(150, "r500"), (299, "n3")] {
            fresh[k] = taken
            defer { fresh[k] = "n\(k)" }
            #expect {
                _ = try ChangesetDocument(text(inserts(fresh))).apply(to: old, oldName: "old.json")
            } throws: { error in
                let message = (error as? Diagnostic)?.description ?? ""
                return message.contains("changes[\(taken == "n3" ? 3 : k)].id: section \"s\" of box in old.json already has row \"\(taken)\"")
            }
        }
    }

    @Test("a changeset applied to the screen it leads to, not from, is refused")
    func wrongDirection() throws {
        var refused = 0, tried = 0
        for seed: UInt64 in 0..<300 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            // Only changesets with a delete or a field change have a from side
            // that must differ between the two screens.
            guard changeset.changes.contains(where: { $0.op == .delete || !$0.fields.isEmpty }) else { continue }
            tried += 1
            do {
                _ = try ChangesetApplier.apply(changeset, to: new)
            } catch {
                refused += 1
            }
        }
        #expect(tried > 100)
        #expect(refused == tried)
    }
}
