import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The adversarial pairs of the benchmark give the right changeset at small
/// sizes. (Their timings belong to `bento-bench`, not to tests.)
@Suite("Adversarial diffs")
struct AdversarialDiffTests {
    static let sizes = [2, 3, 4, 5, 17, 100, 257]

    static var allPairs: [(AdversarialScreens.Kind, Int)] {
        // 30,000 rows a side: large enough for the ids to be interned on all cores.
        AdversarialScreens.Kind.allCases.flatMap { kind in (sizes + [30_000]).map { (kind, $0) } }
    }

    private func counts(_ changeset: Changeset) -> AdversarialScreens.Expected {
        let s = changeset.summary
        return AdversarialScreens.Expected(
            sectionMoves: s[.section, .move], rowInserts: s[.row, .insert], rowDeletes: s[.row, .delete],
            rowMoves: s[.row, .move], rowUpdates: s[.row, .update])
    }

    @Test("the changeset has the expected records", arguments: allPairs)
    func expectedCounts(_ kind: AdversarialScreens.Kind, _ rows: Int) {
        let pair = AdversarialScreens.pair(kind, rows: rows)
        let changeset = ScreenDiff.changeset(from: pair.old, to: pair.new)
        #expect(counts(changeset) == pair.expected, "\(kind) at \(rows) rows")
        // Nothing else: no screen updates, no section inserts, deletes or updates.
        let s = changeset.summary
        #expect(s[.screen, .update] + s[.section, .insert] + s[.section, .delete] + s[.section, .update] == 0)
        #expect(ScreenDiff.changeset(from: pair.new, to: pair.new).isIdentical)
    }

    @Test("a reversal moves every row but one, each to its mirror place", arguments: sizes)
    func reversal(_ rows: Int) {
        let pair = AdversarialScreens.pair(.reversal, rows: rows)
        let n = pair.rowCount
        let moves = ScreenDiff.changeset(from: pair.old, to: pair.new).changes.filter { $0.op == .move }
        #expect(moves.count == n - 1)
        for move in moves {
            #expect(move.from?.row.map { n - 1 - $0 } == move.to?.row, "\(move)")
            #expect(move.fromSection == nil, "a move within one section names no fromSection")
        }
    }

    @Test("rows that cross sections name the section they left", arguments: sizes)
    func acrossSections(_ rows: Int) {
        let pair = AdversarialScreens.pair(.acrossSections, rows: rows)
        let changes = ScreenDiff.changeset(from: pair.old, to: pair.new).changes
        #expect(changes.count == pair.rowCount)
        for change in changes {
            #expect(change.op == .move && change.kind == .row)
            #expect(change.fromSection != nil && change.fromSection != change.section, "\(change)")
            #expect(change.from?.row == change.to?.row)
            #expect(change.fields.isEmpty)
        }
    }

    @Test("ids equal to Swift but not by code points are different rows", arguments: sizes)
    func collidingIDs(_ rows: Int) {
        let pair = AdversarialScreens.pair(.collidingIDs, rows: rows)
        let changes = ScreenDiff.changeset(from: pair.old, to: pair.new).changes
        let deleted = changes.filter { $0.op == .delete }.compactMap(\.id)
        let inserted = changes.filter { $0.op == .insert }.compactMap(\.id)
        #expect(deleted.count == pair.expected.rowDeletes)
        for (old, new) in zip(deleted.sorted { $0.canonical < $1.canonical }, inserted.sorted { $0.canonical < $1.canonical }) {
            // Swift's String == calls them equal; bento must not.
            #expect(old.canonical == new.canonical)
            #expect(old != new)
        }
    }

    @Test("one id in every section never crosses, unique ones always do", arguments: sizes)
    func sameIDEverywhere(_ rows: Int) {
        let pair = AdversarialScreens.pair(.sameIDEverywhere, rows: rows)
        let moves = ScreenDiff.changeset(from: pair.old, to: pair.new).changes.filter { $0.op == .move }
        #expect(moves.allSatisfy { $0.id != ScreenID("row") })
        if pair.old.box.sections.count > 1 {
            #expect(moves.allSatisfy { $0.fromSection != nil })
        }
    }

    @Test("the files the benchmark writes read back as the same screens")
    func files() throws {
        for kind in AdversarialScreens.Kind.allCases {
            let pair = AdversarialScreens.pair(kind, rows: 50)
            let (old, new) = pair.files()
            let readOld = try ScreenReader.read(SourceText(name: "old.json", bytes: old))
            let readNew = try ScreenReader.read(SourceText(name: "new.json", bytes: new))
            #expect(readOld == pair.old, "\(kind)")
            #expect(readNew == pair.new, "\(kind)")
        }
    }

    // MARK: Against the reference implementation

    static let oracleScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("oracle/bento_ref.py")
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let oracleAvailable = python != nil && FileManager.default.fileExists(atPath: oracleScript.path)

    @Test(
        "the JSON changeset equals the reference implementation's",
        .enabled(if: oracleAvailable, "needs python3 and Tests/oracle/bento_ref.py"),
        arguments: AdversarialScreens.Kind.allCases)
    func matchesOracle(_ kind: AdversarialScreens.Kind) throws {
        let pair = AdversarialScreens.pair(kind, rows: 60)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bento-adversarial-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (oldBytes, newBytes) = pair.files()
        let oldPath = directory.appendingPathComponent("old.json").path
        let newPath = directory.appendingPathComponent("new.json").path
        try Data(oldBytes).write(to: URL(fileURLWithPath: oldPath))
        try Data(newBytes).write(to: URL(fileURLWithPath: newPath))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = [Self.oracleScript.path, oldPath, newPath]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let reference = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "the oracle sees differences")

        let ours = JSONRenderer.render(ScreenDiff.changeset(from: pair.old, to: pair.new, oldName: oldPath, newName: newPath))
        let a = try JSONReader.parse(ours).value(at: 0)
        let b = try JSONReader.parse([UInt8](reference)).value(at: 0)
        #expect(a == b, "\(kind): bento and the oracle disagree")
    }
}
