import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// A changeset read in one pass (`ScreenPullDecoder.changeset`) is the one
/// the Codable schema reads from a tape, record for record, and every
/// problem is left to it.
@Suite("Changeset pull decoder: the Codable schema's changesets, and none of its errors")
struct ChangesetPullDecoderTests {
    /// The changeset the Codable schema reads from a tape of `text`.
    static func taped(_ text: [UInt8]) throws -> Changeset? {
        try JSONDecoding.decode(Changeset.self, from: try JSONReader.parse(text))
    }

    /// Equal changesets, and rows' component text with the same bytes.
    static func same(_ a: Changeset, _ b: Changeset) -> Bool {
        guard a == b, a.jsonValue == b.jsonValue, a.ignored == b.ignored else { return false }
        func texts(_ changeset: Changeset) -> [[UInt8]] {
            changeset.changes.compactMap { change -> [UInt8]? in
                guard case .row(let row) = change else { return nil }
                return (row.edit.old ?? row.edit.new)?.component.content.bytes
            }
        }
        return texts(a) == texts(b)
    }

    static func written(_ changeset: Changeset) -> [UInt8] {
        var text: [UInt8] = []
        JSONRenderer.write(changeset, to: &text)
        return text
    }

    @Test("random changesets and a large one: the same changeset as the tape path")
    func sameChangesets() throws {
        var texts: [[UInt8]] = []
        for seed in UInt64(0)..<300 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            texts.append(Self.written(ScreenDiff.changeset(from: old, to: new, oldName: "a", newName: "b")))
        }
        let screens = try Screens.read(TypicalScreens(rows: 20_000, rowsPerSection: 400))
        texts.append(Self.written(ScreenDiff.changeset(from: screens.old, to: screens.new)))
        let ignoring = try IgnoreRules(["/component/props/price"])
        texts.append(Self.written(ScreenDiff.changeset(from: screens.old, to: screens.new, ignoring: ignoring)))
        for (k, text) in texts.enumerated() {
            let pulled = try #require(ScreenPullDecoder.changeset(in: text), "text \(k)")
            let taped = try #require(try Self.taped(text), "text \(k)")
            #expect(Self.same(pulled, taped), "text \(k)")
            #expect(pulled.jsonValue == (try JSONReader.parse(text)).value(at: 0), "text \(k)")
        }
    }

    @Test("records with their members in another order: read the same, or left to the tape")
    func memberOrder() throws {
        var read = 0, left = 0
        for seed in UInt64(0)..<200 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            guard case .object(let document) = changeset.jsonValue, case .array(let records)? = document["changes"] else {
                Issue.record("not a changeset")
                return
            }
            // `kind` stays first in even seeds; odd seeds put it last.
            let reordered = records.map { record -> JSONValue in
                guard case .object(let object) = record else { return record }
                var members = Array(object.members.reversed())
                if seed % 2 == 0, let k = members.firstIndex(where: { $0.key == "kind" }) {
                    members.insert(members.remove(at: k), at: 0)
                }
                return .object(JSONObject(members))
            }
            var members = document.members
            members[members.firstIndex { $0.key == "changes" }!].value = .array(reordered)
            let text = Array(JSONWriter(style: .pretty).string(.object(JSONObject(members.reversed()))).utf8)
            let taped = try #require(try Self.taped(text), "seed \(seed)")
            if let pulled = ScreenPullDecoder.changeset(in: text) {
                read += 1
                #expect(Self.same(pulled, taped), "seed \(seed)")
            } else {
                left += 1
                #expect(seed % 2 == 1, "kind first, yet left to the tape: seed \(seed)")
            }
        }
        #expect(read >= 100 && left > 0)
    }

    @Test("changesets the one-pass decoder leaves to the tape", arguments: [
        #"{"version":1.0,"changes":[]}"#,
        #"{"version":2,"changes":[]}"#,
        #"{"changes":[]}"#,
        #"{"version":1,"summary":[],"changes":[]}"#,
        #"{"version":1,"summary":{"ignored":[1]},"changes":[]}"#,
        #"{"version":1,"summary":{"ignored":["not a pointer"]},"changes":[]}"#,
        #"{"version":1,"old":1,"changes":[]}"#,
        #"{"version":1,"changes":[{"kind":"row"}]}"#,
        #"{"version":1,"changes":[]} []"#,
        // A field change with a member of its own: Codable reads it.
        #"{"version":1,"changes":[{"kind":"row","op":"update","box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0},"fields":[{"path":"/id","new":1,"note":2}]}]}"#,
    ])
    func leftToTheTape(text: String) {
        #expect(ScreenPullDecoder.changeset(in: Array(text.utf8)) == nil)
    }

    @Test("records the table of bento-changeset(5) refuses are left to the tape", arguments: [
        #"{"kind":"row","op":"insert","box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0},"new":{"id":"a","component":{"type":"T"}}}"#,
        #"{"kind":"row","op":"update","box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0}}"#,
        #"{"kind":"row","op":"move","box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":1},"fields":[]}"#,
        #"{"kind":"section","op":"move","box":"box","id":"s","from":{"section":0,"row":1},"to":{"section":1}}"#,
        #"{"kind":"row","op":"delete","box":"box","id":"a","section":"s","from":{"section":0},"old":{"id":"a","component":{"type":"T"}}}"#,
        #"{"kind":"screen","op":"insert","fields":[{"path":"/title","new":"x"}]}"#,
        #"{"kind":"row","op":"update","box":"middle","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0},"fields":[{"path":"/id"}]}"#,
        #"{"kind":"row","op":"update","extra":1,"box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0},"fields":[{"path":"/id","new":1}]}"#,
        #"{"kind":"row","op":"move","box":"box","id":"a","section":"s","from":{"section":0,"row":0.0},"to":{"section":0,"row":1}}"#,
        #"{"kind":"section","op":"insert","box":"box","id":"s","to":{"section":0},"new":{"id":"s","rows":[{"id":"a","component":{"type":"T"}},{"id":"a","component":{"type":"T"}}]}}"#,
    ])
    func refused(record: String) throws {
        let text = Array(#"{"version":1,"changes":[\#(record)]}"#.utf8)
        #expect(ScreenPullDecoder.changeset(in: text) == nil)
        #expect(throws: Diagnostic.self) { try ChangesetDocument(SourceText(name: "c.json", bytes: text)) }
    }

    @Test("read from a file: a record that does not fit is located as in the text read whole")
    func mismatchFromAFile() throws {
        let old = try ScreenReader.read(SourceText(name: "old.json", bytes: Array(#"""
            {"box": {"sections": [{"id": "inbox", "rows": [{"id": "a", "component": {"type": "T"}}]}]}}
            """#.utf8)))
        let text = #"""
            {"version": 1, "changes": [
              {"kind": "row", "op": "delete", "box": "box", "id": "b", "section": "inbox",
               "from": {"section": 0, "row": 0}, "old": {"id": "b", "component": {"type": "T"}}}]}
            """#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("change.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let read = try ChangesetDocument(SourceText(name: path, bytes: Array(text.utf8)))
        let mapped = try ChangesetDocument(path: FilePath(path))
        #expect(read.changeset == mapped.changeset)
        let expected = #/:3:\d+: changes\[0\]\.from: /#
        for document in [read, mapped] {
            do {
                _ = try document.apply(to: old, oldName: "old.json")
                Issue.record("applied a record that does not fit")
            } catch {
                #expect("\(error)".hasPrefix(path), "\(error)")
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
