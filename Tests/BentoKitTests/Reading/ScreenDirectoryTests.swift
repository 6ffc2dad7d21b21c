import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Pairing two trees by relative path, and reading the pairs.
@Suite("Screen directories")
struct ScreenDirectoryTests {
    static func tree(_ files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bento-dir-\(UUID().uuidString)")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        return root
    }

    @Test("pairing: both, only old, only new, in order")
    func pairing() {
        let pairs = ScreenDirectory.pair(old: ["a.json", "c.json", "d/e.json"], new: ["b.json", "c.json", "d/e.json", "f.json"])
        #expect(pairs.map(\.path) == ["a.json", "b.json", "c.json", "d/e.json", "f.json"])
        #expect(pairs.map(\.inOld) == [true, false, true, true, false])
        #expect(pairs.map(\.inNew) == [false, true, true, true, true])
        #expect(ScreenDirectory.pair(old: [], new: []).isEmpty)
    }

    @Test("paths pair by code points: é and e + U+0301 are different files")
    func pairingByCodePoints() {
        let pairs = ScreenDirectory.pair(old: ["caf\u{E9}.json"], new: ["cafe\u{301}.json"])
        #expect(pairs.count == 2)
    }

    @Test("the trees' pairs are read side by side; a file on one side only has no other side")
    func readPairs() throws {
        let old = try Self.tree(["same.json", "gone.json"]), new = try Self.tree(["same.json", "new.json"])
        defer {
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.removeItem(at: new)
        }
        try Data("not json".utf8).write(to: new.appendingPathComponent("same.json"))
        let directory = ScreenDirectory(old: FilePath(old.path), new: FilePath(new.path))
        #expect(directory.pairs.map(\.path) == ["gone.json", "new.json", "same.json"])
        let read = directory.pairs.map(directory.read)
        #expect(read[0].new == nil && read[1].old == nil)
        #expect(read[2].newName == new.path + "/same.json")
        guard case .failure(let error)? = read[2].new, case .failure(let empty)? = read[2].old else {
            Issue.record("expected two errors: an invalid file and an empty object")
            return
        }
        #expect(error.description.hasPrefix(new.path + "/same.json:1:1: "))
        #expect(empty.message.contains("missing member \"box\""))
    }

    @Test("labels name the roots in the pairs' names; diagnostics still name the files read")
    func labels() throws {
        let old = try Self.tree(["s.json"]), new = try Self.tree(["s.json"])
        defer {
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.removeItem(at: new)
        }
        let directory = ScreenDirectory(old: FilePath(old.path), new: FilePath(new.path), labels: ["base", "head"])
        #expect((directory.oldName, directory.newName) == ("base", "head"))
        let read = directory.read(directory.pairs[0])
        #expect((read.oldName, read.newName) == ("base/s.json", "head/s.json"))
        guard case .failure(let error)? = read.old else {
            Issue.record("an empty object is no screen")
            return
        }
        #expect(error.file == old.path + "/s.json")
    }
}
