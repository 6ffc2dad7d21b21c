import Foundation
import Testing

@testable import BentoJSON

@Suite("Output files")
struct OutputFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bento-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("writes a new file and leaves nothing else behind")
    func newFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.json").path
        try OutputFile.write(Array("{}\n".utf8), to: FilePath(path))
        #expect(FileManager.default.contents(atPath: path) == Data("{}\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.json"])
    }

    @Test("text in pieces, more than are lent to one write, makes one file of them in order; a full device fails")
    func pieces() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("page.html").path
        let pieces = (0..<1000).map { k in [UInt8](repeating: UInt8(truncatingIfNeeded: k), count: (k * 13) % 97) }
        try OutputFile.write(pieces: pieces, to: FilePath(path))
        #expect(FileManager.default.contents(atPath: path) == Data(pieces.flatMap { $0 }))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["page.html"])
        #expect(throws: Diagnostic.self) { try OutputFile.write(pieces: pieces, to: FilePath("/dev/full")) }
    }

    @Test("text handed over piece by piece makes one file of them in order; on a full device the rest is let go")
    func streamed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("screen.json").path
        let pieces = (0..<300).map { k in [UInt8](repeating: UInt8(truncatingIfNeeded: k), count: (k * 7) % 53) }
        try OutputFile.write(to: FilePath(path)) { consume in pieces.forEach(consume) }
        #expect(FileManager.default.contents(atPath: path) == Data(pieces.flatMap { $0 }))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["screen.json"])
        var handed = 0
        #expect(throws: Diagnostic.self) {
            try OutputFile.write(to: FilePath("/dev/full")) { consume in
                for piece in pieces {
                    consume(piece)
                    handed += 1
                }
            }
        }
        #expect(handed == pieces.count, "every piece is taken, the first failure kept")
    }

    @Test("text of many times the bytes sent to the disk at once, whole, in pieces or handed over, makes the same file")
    func large() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Pieces of every size around the step, an empty one among them.
        let step = 8 << 20
        let sizes = [step - 1, 0, step + 1, 3, 2 * step, step / 3, step]
        let pieces = sizes.enumerated().map { k, size in [UInt8](repeating: UInt8(k + 1), count: size) }
        let whole = pieces.flatMap { $0 }
        for (name, write) in [
            ("whole", { (path: FilePath) throws(Diagnostic) in try OutputFile.write(whole, to: path) }),
            ("pieces", { (path: FilePath) throws(Diagnostic) in try OutputFile.write(pieces: pieces, to: path) }),
            ("handed", { (path: FilePath) throws(Diagnostic) in try OutputFile.write(to: path) { consume in pieces.forEach(consume) } }),
        ] {
            let path = dir.appendingPathComponent(name).path
            try write(FilePath(path))
            #expect(FileManager.default.contents(atPath: path) == Data(whole), "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["handed", "pieces", "whole"])
    }

    @Test("files written on many threads at once: each temporary file is its own, and each target whole")
    func manyAtOnce() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = Array(0..<64)
        let failures = files.concurrentMap { k -> String? in
            let path = dir.appendingPathComponent("out-\(k).json").path
            do {
                try OutputFile.write(Array("{\"k\": \(k)}\n".utf8), to: FilePath(path))
            } catch {
                return "\(k): \(error)"
            }
            return FileManager.default.contents(atPath: path) == Data("{\"k\": \(k)}\n".utf8) ? nil : "\(k): wrong text"
        }
        #expect(failures.compactMap { $0 }.isEmpty, "\(failures.compactMap { $0 })")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == files.count)
    }

    @Test("replaces a file and keeps its permissions")
    func replaces() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("screen.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try OutputFile.write(Array("new".utf8), to: FilePath(path))
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["screen.json"])
    }

    @Test("a folder that does not exist, or a folder as target: an error and nothing written")
    func failures() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("no/such/out.json").path
        #expect(throws: Diagnostic.self) { try OutputFile.write([1], to: FilePath(missing)) }
        #expect(throws: Diagnostic.self) { try OutputFile.write([1], to: FilePath(dir.path)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
