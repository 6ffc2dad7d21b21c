import Foundation
import Testing

@testable import BentoJSON

/// Walking a tree for the files of one suffix, as `diff -r` walks it.
@Suite("File trees")
struct FileTreeTests {
    static func tree(_ files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bento-tree-\(UUID().uuidString)")
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
        let (files, errors, _, skipped) = FileTree.files(under: FilePath(root.path), named: ".json")
        #expect(errors.isEmpty && skipped.isEmpty)
        #expect(files == [".hidden.json", "Z.json", "a/b/c.json", "a/z.json", "b.json"])
        // A trailing slash on the root changes nothing.
        #expect(FileTree.files(under: FilePath(root.path + "/"), named: ".json").files == files)
    }

    @Test("symbolic links are followed, and a link cycle is walked once")
    func links() throws {
        let root = try Self.tree(["real/a.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("linked").path, withDestinationPath: "real")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("real/loop").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("dangling.json").path, withDestinationPath: "nowhere")
        let (files, errors, _, _) = FileTree.files(under: FilePath(root.path), named: ".json")
        #expect(errors.isEmpty)
        // `real/loop` leads back to the root, which is being walked: not entered.
        #expect(files == ["dangling.json", "linked/a.json", "real/a.json"])
    }

    @Test("a FIFO named *.json is skipped, not listed: it is named among the skipped, under its root")
    func fifo() throws {
        let root = try Self.tree(["a.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        let pipe = root.appendingPathComponent("pipe.json").path
        #expect(Platform.run(["mkfifo", pipe], environment: [], searchingPath: true)?.status == 0)
        let (files, _, _, skipped) = FileTree.files(under: FilePath(root.path), named: ".json")
        #expect(files == ["a.json"])
        #expect(skipped == [FilePath(pipe)])
    }

    @Test("an unreadable root is reported, not a crash")
    func missingRoot() {
        let (files, errors, unreadable, _) = FileTree.files(under: "/nonexistent/bento", named: ".json")
        #expect(files.isEmpty)
        #expect(errors.map(\.description) == ["/nonexistent/bento: No such file or directory"])
        #expect(unreadable == [FilePath(bytes: [])])
    }

    @Test("names that are not UTF-8 are listed as they are, and shown escaped")
    func bytes() throws {
        let root = try Self.tree([])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let name = FilePath(bytes: Array("bad".utf8) + [0xFF] + Array("name.json".utf8))
        let full = FilePath(root.path).appending(name)
        try OutputFile.write(Array("{}".utf8), to: full)
        let (files, errors, _, _) = FileTree.files(under: FilePath(root.path), named: ".json")
        #expect(errors.isEmpty)
        #expect(files == [name])
        #expect(name.description == #"bad\xFFname.json"#)
        #expect(try InputFile.read(full).bytes == Array("{}".utf8))
    }

    @Test("a path joins a relative one with one slash")
    func join() {
        #expect(FilePath("a").appending("b.json") == "a/b.json")
        #expect(FilePath("a/").appending("b.json") == "a/b.json")
        #expect(FilePath("/").appending("b.json") == "/b.json")
    }

    @Test("a directory is one, a file or standard input is not")
    func isDirectory() throws {
        let root = try Self.tree(["a.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(FileTree.isDirectory(FilePath(root.path)))
        #expect(!FileTree.isDirectory(FilePath(root.appendingPathComponent("a.json").path)))
        #expect(!FileTree.isDirectory("-"))
        #expect(!FileTree.isDirectory("/nonexistent/bento"))
    }
}
