import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The one-pass reader (`ScreenPullDecoder`) is only a faster way to the
/// same screen: it must build what the tape decoders build, byte for byte in
/// the component text, and leave every problem to them.
@Suite("Screen pull decoder: the tape path's screens, and none of its errors")
struct ScreenPullDecoderTests {
    static func pulled(_ bytes: [UInt8]) -> Screen? {
        ScreenPullDecoder.screen(in: bytes)
    }

    static func taped(_ bytes: [UInt8]) throws -> Screen {
        try JSONDecoding.decode(Screen.self, from: try JSONReader.parse(bytes))
    }

    /// Equal screens, and component text with the same bytes.
    static func same(_ a: Screen, _ b: Screen) -> Bool {
        guard a == b, a.shape == b.shape, a.jsonValue == b.jsonValue else { return false }
        for name in BoxName.allCases {
            for (x, y) in zip(a[box: name].sections, b[box: name].sections) {
                let left = x.rows.map(\.component) + [x.header, x.footer].compactMap { $0 }
                let right = y.rows.map(\.component) + [y.header, y.footer].compactMap { $0 }
                guard left.map(\.content.bytes) == right.map(\.content.bytes) else { return false }
                guard x.rows.map(\.id.canonical) == y.rows.map(\.id.canonical) else { return false }
            }
        }
        return true
    }

    @Test("random and typical screens: the same screen as the tape path")
    func sameScreens() throws {
        var pulledCount = 0
        for (name, bytes) in SchemaFastPathTests.documents() {
            let tape = try Self.taped(bytes)
            let pulled = Self.pulled(bytes)
            #expect(pulled != nil, "\(name)")
            if let pulled {
                pulledCount += 1
                #expect(Self.same(pulled, tape), "\(name)")
            }
        }
        #expect(pulledCount == SchemaFastPathTests.documents().count)
    }

    @Test("documents written every which way: $ members, nulls, escapes, any member order")
    func variations() throws {
        var pulledCount = 0
        for seed in UInt64(0)..<300 {
            let bytes = try DocumentVariations.written(seed: seed).bytes
            let tape = try Self.taped(bytes)
            if let pulled = Self.pulled(bytes) {
                pulledCount += 1
                #expect(Self.same(pulled, tape), "seed \(seed)")
            }
        }
        #expect(pulledCount == 300)
    }

    @Test("two screens read apart give their rows of one type the same type string")
    func sharedTypeNames() throws {
        let pair = TypicalScreens(rows: 200, rowsPerSection: 50)
        let old = try #require(Self.pulled(pair.oldText()))
        let new = try #require(Self.pulled(pair.newText()))
        let types = old.box.sections.flatMap(\.rows).map(\.component.type) + new.box.sections.flatMap(\.rows).map(\.component.type)
        #expect(Set(types).count > 1 && types.contains { $0.utf8.count > 15 })
        for type in types where type.utf8.count > 15 {
            let first = try #require(types.first { $0 == type })
            #expect(CodePoints.sameBits(type, first), "\(type)")
        }
    }

    @Test("the fixtures read the same either way")
    func fixtures() throws {
        for pair in FixturePairs.all {
            for path in [pair.oldPath, pair.newPath] {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                let tape = try Self.taped(bytes)
                if let pulled = Self.pulled(bytes) { #expect(Self.same(pulled, tape), "\(path)") }
                // And from the file, mapped.
                let mapped = try ScreenReader.read(path: path)
                #expect(Self.same(mapped, tape), "\(path)")
            }
        }
    }

    @Test(
        "every schema error and syntax error is left to the tape path",
        arguments: SchemaFastPathTests.schemaCases.filter { !$0.contains("$comment") } + [
            #"{"box": {"sections": []}, "box": {"sections": []}}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T", "p": {"x": 1, "x": 2}}}]}]}}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T", "p": 01}}]}]}}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T", "p": "\x"}}]}]}}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T", "p": [1,]}}]}]}}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T", "p": tru}}]}]}}"#,
            #"{"box": {"sections": []}} x"#,
            #"{"sections": [], "pinnedToBottomBox": {"sections": []}}"#,
            #"{"sections": [], "box": {"sections": []}, "box": 1}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T", "\u0070": 1, "p": 2}}]}]}}"#,
            #"{"box": {"sections": []}"#,
            "",
            "   ",
            "[]",
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T"}}]}]}, "x": {"a": 1, "a": 2}}"#,
        ])
    func leftToTheTapePath(_ text: String) {
        #expect(Self.pulled(Array(text.utf8)) == nil)
        #expect(throws: Diagnostic.self) { try ScreenReader.read(SourceText(name: "t.json", bytes: Array(text.utf8))) }
    }

    @Test("a bad file read through the mapped path still gets its line and column")
    func diagnosticsFromMappedFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.json").path
        let text = "{\"box\": {\"sections\": [\n  {\"id\": \"a\", \"rows\": [{\"id\": \"r\", \"compnent\": {}}]}\n]}}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ScreenReader.read(path: path)
            Issue.record("read a bad file")
        } catch {
            #expect("\(error)".hasPrefix("\(path):2:"), "\(error)")
            #expect("\(error)".contains("unknown member \"compnent\""), "\(error)")
        }
    }
}
