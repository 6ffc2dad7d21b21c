import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Golden tests of the pull request formats: for every pair in Fixtures/,
/// `--format markdown` is `expected.md` and `--format github` is
/// `expected.github`, byte for byte, the files named as the repository
/// names them. `Fixtures/markdown` holds the values that Markdown would
/// otherwise format, link or mention; its page is checked with GitHub's
/// renderer in CI (Tests/Scripts/check_markdown.py).
@Suite("Golden pull request reports over Fixtures/")
struct GoldenReportTests {
    static let pairs = FixturePairs.all.filter {
        FileManager.default.fileExists(atPath: FixturePairs.directory.appendingPathComponent("\($0.name)/expected.md").path)
    }

    @Test("there is a golden report for every pair")
    func everyPair() {
        #expect(Self.pairs.count == FixturePairs.all.count && Self.pairs.count >= 10)
    }

    private func expected(_ pair: FixturePairs.Pair, _ file: String) throws -> String {
        String(decoding: try Data(contentsOf: FixturePairs.directory.appendingPathComponent("\(pair.name)/\(file)")), as: UTF8.self)
    }

    @Test("--format markdown equals expected.md", arguments: pairs.map(\.name))
    func markdown(_ name: String) throws {
        let pair = try #require(Self.pairs.first { $0.name == name })
        let (old, new) = (try ScreenReader.read(path: pair.oldPath), try ScreenReader.read(path: pair.newPath))
        let changeset = ScreenDiff.changeset(
            from: old, to: new, oldName: "Fixtures/\(name)/old.json", newName: "Fixtures/\(name)/new.json")
        #expect(MarkdownRenderer().render(changeset, old: old, new: new) == (try expected(pair, "expected.md")))
    }

    @Test("--format github equals expected.github", arguments: pairs.map(\.name))
    func github(_ name: String) throws {
        let pair = try #require(Self.pairs.first { $0.name == name })
        let old = try ScreenReader.read(path: pair.oldPath)
        let (new, outline) = try ScreenReader.readOutlined(path: FilePath(pair.newPath))
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let lines = AnnotationRenderer().render(
            changeset, old: old, new: new, outline: outline, file: "Fixtures/\(name)/new.json")
        #expect(lines == (try expected(pair, "expected.github")))
    }
}
