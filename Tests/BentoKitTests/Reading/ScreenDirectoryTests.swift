import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Walking a tree for `*.json` and pairing two trees by relative path.
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

    @Test("every *.json file, recursively, relative and sorted by code point; nothing else")
    func walk() throws {
        let root = try Self.tree(["b.json", "a/z.json", "a/b/c.json", "notes.txt", "x.json.bak", "Z.json", ".hidden.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        let (files, errors) = ScreenDirectory.screenFiles(under: root.path)
        #expect(errors.isEmpty)
        #expect(files == [".hidden.json", "Z.json", "a/b/c.json", "a/z.json", "b.json"])
        // A trailing slash on the root changes nothing.
        #expect(ScreenDirectory.screenFiles(under: root.path + "/").files == files)
    }

    @Test("symbolic links are followed, and a link cycle is walked once")
    func links() throws {
        let root = try Self.tree(["real/a.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("linked").path, withDestinationPath: "real")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("real/loop").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("dangling.json").path, withDestinationPath: "nowhere")
        let (files, errors) = ScreenDirectory.screenFiles(under: root.path)
        #expect(errors.isEmpty)
        // `real/loop` leads back to the root, which is being walked: not entered.
        #expect(files == ["dangling.json", "linked/a.json", "real/a.json"])
    }

    @Test("an unreadable root is reported, not a crash")
    func missingRoot() {
        let (files, errors) = ScreenDirectory.screenFiles(under: "/nonexistent/bento")
        #expect(files.isEmpty)
        #expect(errors.map(\.description) == ["/nonexistent/bento: No such file or directory"])
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
}
