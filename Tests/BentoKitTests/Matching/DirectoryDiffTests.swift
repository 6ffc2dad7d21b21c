import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// `DirectoryDiff`: every pair diffed (in parallel), statuses, the document.
@Suite("Directory diff")
struct DirectoryDiffTests {
    static func screen(_ rows: [String]) -> String {
        let nodes = rows.map { #"{"id": "\#($0)", "component": {"type": "Cell"}}"# }.joined(separator: ",")
        return #"{"box": {"sections": [{"id": "s", "rows": [\#(nodes)]}]}}"#
    }

    static func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bento-dirdiff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test("statuses: changed, unchanged, added, removed, invalid; the rest still diffed")
    func statuses() throws {
        let old = try Self.tree([
            "same.json": Self.screen(["a"]), "changed.json": Self.screen(["a", "b"]), "gone.json": Self.screen([]),
            "broken.json": Self.screen(["a"]),
        ])
        let new = try Self.tree([
            "same.json": Self.screen(["a"]), "changed.json": Self.screen(["b", "a"]), "sub/new.json": Self.screen([]),
            "broken.json": #"{"box": {"sections": [{"id": true}]}}"#,
        ])
        defer {
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.removeItem(at: new)
        }
        let result = DirectoryDiff.changeset(from: FilePath(old.path), to: FilePath(new.path))
        #expect(result.entries.map(\.path) == ["broken.json", "changed.json", "gone.json", "same.json", "sub/new.json"])
        #expect(result.entries.map(\.status) == [.invalid, .changed, .removed, .unchanged, .added])
        #expect(result.differs)
        #expect(result.hasErrors)
        let broken = result.entries[0]
        #expect(broken.errors.count == 1)
        #expect(broken.errors[0].file == new.path + "/broken.json")
        let changed = try #require(result.entries[1].changeset)
        #expect(changed.oldName == old.path + "/changed.json")
        #expect(changed.changes.map(\.op) == [.move])
    }

    @Test("the JSON document: an entry per path, the pair's whole changeset, counts")
    func document() throws {
        let old = try Self.tree(["a.json": Self.screen(["x"]), "b.json": Self.screen(["x"])])
        let new = try Self.tree(["a.json": Self.screen(["y"]), "b.json": Self.screen(["x"])])
        defer {
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.removeItem(at: new)
        }
        let result = DirectoryDiff.changeset(from: FilePath(old.path), to: FilePath(new.path), ignoring: try IgnoreRules(["/component"]))
        let doc = result.jsonValue
        #expect(doc["version"] == 1)
        #expect(doc["identical"] == false)
        #expect(doc["summary"]?["files"] == ["changed": 1, "unchanged": 1, "added": 0, "removed": 0, "invalid": 0])
        #expect(doc["summary"]?["ignored"] == ["/component"])
        guard case .array(let files)? = doc["files"] else {
            Issue.record("no files")
            return
        }
        #expect(files.count == 2)
        #expect(files[0]["path"] == "a.json")
        #expect(files[0]["status"] == "changed")
        let pair = try #require(result.entries[0].changeset)
        #expect(files[0]["changeset"] == pair.jsonValue)
        #expect(files[1] == ["path": "b.json", "status": "unchanged"])
    }

    @Test("many files: the parallel result is the sequential one, in path order")
    func parallelMatchesSequential() throws {
        var oldFiles: [String: String] = [:], newFiles: [String: String] = [:]
        var generator = SystemRandomNumberGenerator()
        let ids = ["a", "b", "c", "d", "e"]
        for k in 0..<120 {
            oldFiles["d\(k % 7)/s\(k).json"] = Self.screen(ids.shuffled(using: &generator))
            newFiles["d\(k % 7)/s\(k).json"] = Self.screen(Array(ids.shuffled(using: &generator).prefix(4)))
        }
        let old = try Self.tree(oldFiles), new = try Self.tree(newFiles)
        defer {
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.removeItem(at: new)
        }
        let result = DirectoryDiff.changeset(from: FilePath(old.path), to: FilePath(new.path))
        #expect(result.entries.count == 120)
        #expect(result.entries.map(\.path) == result.entries.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for entry in result.entries {
            let a = try ScreenReader.read(path: old.path + "/" + entry.path)
            let b = try ScreenReader.read(path: new.path + "/" + entry.path)
            let expected = ScreenDiff.changeset(
                from: a, to: b, oldName: old.path + "/" + entry.path, newName: new.path + "/" + entry.path)
            #expect(entry.changeset == expected)
            #expect(entry.status == (expected.isIdentical ? .unchanged : .changed))
        }
    }

    @Test("identical trees: nothing differs, the text report is empty")
    func identical() throws {
        let old = try Self.tree(["a.json": Self.screen(["x"])]), new = try Self.tree(["a.json": Self.screen(["x"])])
        defer {
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.removeItem(at: new)
        }
        let result = DirectoryDiff.changeset(from: FilePath(old.path), to: FilePath(new.path))
        #expect(!result.differs && !result.hasErrors)
        #expect(result.jsonValue["identical"] == true)
        #expect(TextRenderer().render(result) == "")
    }

    @Test("text: Only in lines as diff -r writes them, reports, a summary")
    func text() throws {
        let directory = DirectoryChangeset(
            oldRoot: "old", newRoot: "new/",
            entries: [
                .init(path: "screens/added.json", status: .added),
                .init(path: "top.json", status: .removed),
                .init(path: "z.json", status: .unchanged),
            ])
        #expect(
            TextRenderer().render(directory) == """
                Only in new/screens: added.json
                Only in old: top.json

                2 of 3 screens differ: 1 added, 1 removed

                """)
    }
}
