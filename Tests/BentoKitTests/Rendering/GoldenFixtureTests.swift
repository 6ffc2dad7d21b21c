import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Golden tests: for every pair in Fixtures/, the JSON changeset is the
/// checked-in `expected.json`, byte for byte. The expected files were made
/// by an independent implementation of the rules (Tests/oracle).
@Suite("Golden changesets over Fixtures/")
struct GoldenFixtureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let pairs: [String] = {
        let fixtures = root.appendingPathComponent("Fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("\($0)/expected.json").path)
        }.sorted()
    }()

    @Test("there is a golden changeset for every scenario")
    func enoughGoldens() {
        #expect(Self.pairs.count >= 9, "\(Self.pairs)")
    }

    @Test("bento's JSON changeset equals the golden file", arguments: pairs)
    func golden(_ name: String) throws {
        let oldPath = "Fixtures/\(name)/old.json", newPath = "Fixtures/\(name)/new.json"
        func read(_ path: String) throws -> SourceText {
            SourceText(name: path, bytes: Array(try Data(contentsOf: Self.root.appendingPathComponent(path))))
        }
        let old = try ScreenReader.read(try read(oldPath))
        let new = try ScreenReader.read(try read(newPath))
        let changeset = ScreenDiff.changeset(from: old, to: new, oldName: oldPath, newName: newPath)
        let rendered = String(decoding: JSONRenderer.render(changeset), as: UTF8.self)
        let expected = String(decoding: try read("Fixtures/\(name)/expected.json").bytes, as: UTF8.self)
        #expect(rendered == expected)
    }
}
