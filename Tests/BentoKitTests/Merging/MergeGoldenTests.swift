import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Golden files under `Fixtures/merge/`: for each case, BASE, OURS and
/// THEIRS, the merge as `bento merge` writes it (`merged.json`) and its
/// conflicts as standard error names them (`conflicts.txt`, without the
/// `bento: ` prefix).
@Suite("Merge golden files")
struct MergeGoldenTests {
    static let directory = FixturePairs.directory.appendingPathComponent("merge")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    private func read(_ name: String, _ file: String) throws -> Screen {
        try ScreenReader.read(path: Self.directory.appendingPathComponent("\(name)/\(file)").path)
    }

    private func text(_ name: String, _ file: String) throws -> ScreenText {
        try ScreenText(try InputFile.read(Self.directory.appendingPathComponent("\(name)/\(file)").path))
    }

    @Test("every case merges to its golden file, written by editing OURS, and names its golden conflicts", arguments: cases)
    func golden(name: String) throws {
        let (ours, theirs) = (try text(name, "ours.json"), try text(name, "theirs.json"))
        let merged = ThreeWayMerge.merge(base: try read(name, "base.json"), ours: ours.screen, theirs: theirs.screen)
        let folder = Self.directory.appendingPathComponent(name)
        let expected = try Data(contentsOf: folder.appendingPathComponent("merged.json"))
        #expect(Array(ScreenEditor.text(of: merged, editing: ours, taking: theirs).joined()) == Array(expected))
        let conflicts = try String(contentsOf: folder.appendingPathComponent("conflicts.txt"), encoding: .utf8)
        #expect(merged.conflicts.map { "conflict in \($0)\n" }.joined() == conflicts)
        #expect(name.hasPrefix("conflict") == !merged.isClean)
    }

    @Test("there is a case for each kind of conflict, and the adversarial one")
    func coverage() throws {
        var reasons: Set<String> = []
        for name in Self.cases {
            let merged = ThreeWayMerge.merge(
                base: try read(name, "base.json"), ours: try read(name, "ours.json"), theirs: try read(name, "theirs.json"))
            for conflict in merged.conflicts {
                switch conflict.reason {
                case .changedOnBoth: reasons.insert("changed")
                case .deleted(_, let changed, let moved): reasons.insert(changed ? "deleted/changed" : moved ? "deleted/moved" : "")
                case .addedOnBoth: reasons.insert("added")
                case .movedApart: reasons.insert("moved")
                }
            }
        }
        #expect(reasons == ["changed", "deleted/changed", "deleted/moved", "added", "moved"])
        #expect(Self.cases.contains("adversarial-reverse-against-inserts"))
    }
}
