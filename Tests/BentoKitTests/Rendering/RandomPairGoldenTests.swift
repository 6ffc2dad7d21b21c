import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Goldens under `Fixtures/random/`: one pair of the seeded generator per
/// behaviour, with the changeset bento prints for it. Its README's table
/// names each folder's seed and what it shows.
@Suite("Golden changesets of random pairs (Fixtures/random)")
struct RandomPairGoldenTests {
    static let folder = GoldenFixtureTests.root.appendingPathComponent("Fixtures/random")

    /// The folders of the README's table, with their seeds.
    static let table: [(name: String, seed: UInt64)] = {
        let readme = (try? String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return readme.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^\| `([a-z0-9-]+)` \| ([0-9]+) \|/) else { return nil }
            return (String(match.output.1), UInt64(match.output.2)!)
        }
    }()

    static let names = table.map(\.name)

    static func bytes(_ name: String, _ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent("\(name)/\(file)")))
    }

    static func changeset(_ name: String) throws -> Changeset {
        let old = try ScreenReader.read(SourceText(name: "old.json", bytes: try bytes(name, "old.json")))
        let new = try ScreenReader.read(SourceText(name: "new.json", bytes: try bytes(name, "new.json")))
        return ScreenDiff.changeset(from: old, to: new, oldName: "old.json", newName: "new.json")
    }

    @Test("every folder is in the README's table, and every row of the table is a folder")
    func tableMatchesFolders() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0 != "README.md" }
        #expect(Set(folders) == Set(Self.names))
        #expect(Self.names.count >= 15)
    }

    @Test("each pair is still what its seed generates", arguments: table.map(\.seed))
    func generated(seed: UInt64) throws {
        let name = try #require(Self.table.first { $0.seed == seed }?.name)
        let pair = RandomScreenPairs.pair(seed: seed)
        #expect(try Self.bytes(name, "old.json") == pair.old, "\(name)/old.json")
        #expect(try Self.bytes(name, "new.json") == pair.new, "\(name)/new.json")
    }

    @Test("bento's JSON changeset equals the golden file", arguments: names)
    func golden(_ name: String) throws {
        let rendered = JSONRenderer.render(try Self.changeset(name))
        let expected = try Self.bytes(name, "expected.json")
        #expect(rendered == expected, "\(name):\n\(String(decoding: rendered, as: UTF8.self))")
    }

    @Test("together the goldens hold every kind of record")
    func coverage() throws {
        var seen = Set<String>()
        for name in Self.names {
            for change in try Self.changeset(name).changes {
                let across = change.fromSection != nil ? " across" : ""
                seen.insert("\(change.kind) \(change.op)\(across)\(change.fields.isEmpty ? "" : " fields")")
            }
        }
        for wanted in [
            "screen update fields", "section insert", "section delete", "section move", "section update fields",
            "section move fields", "row insert", "row delete", "row move", "row move across", "row move across fields",
            "row move fields", "row update fields",
        ] {
            #expect(seen.contains(wanted), "no \(wanted) in Fixtures/random")
        }
    }
}
