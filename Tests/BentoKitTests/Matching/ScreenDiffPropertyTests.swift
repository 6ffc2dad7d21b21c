import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Properties over thousands of random screen pairs: the changeset replayed
/// on the old screen gives the new one, and moves are the fewest possible.
@Suite("Diff properties over random screen pairs")
struct ScreenDiffPropertyTests {
    static let seeds: Range<UInt64> = 0..<4000

    @Test("replaying the changeset on old gives new")
    func replayGivesNew() throws {
        for seed in Self.seeds {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let replayed = try ChangesetReplay.replay(changeset, on: old)
            #expect(replayed.box == new.box, "seed \(seed)")
            #expect(replayed[box: .pinnedToBottomBox] == new[box: .pinnedToBottomBox], "seed \(seed)")
            #expect(replayed.attributes == new.attributes, "seed \(seed)")
            #expect(changeset.isIdentical == (old.jsonValue == new.jsonValue || sameContent(old, new)), "seed \(seed)")
            if replayed.box != new.box { return }
        }
    }

    @Test("moves are minimal: matched minus the longest increasing subsequence")
    func movesAreMinimal() throws {
        var crossSection = 0
        for seed in Self.seeds {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            for name in BoxName.allCases {
                let a = old[box: name], b = new[box: name]
                let records = changeset.changes.filter { $0.box == name }
                // Sections.
                let matched = b.sections.compactMap { s in a.sections.firstIndex { $0.id == s.id } }
                let sectionMoves = records.filter { $0.kind == .section && $0.op == .move }.count
                #expect(sectionMoves == matched.count - quadraticLIS(matched), "seed \(seed) \(name)")
                // Rows: within each matched pair, plus those that cross sections.
                var expectedRowMoves = crossSectionMoves(a, b)
                crossSection += expectedRowMoves
                for s in b.sections {
                    guard let i = a.sections.firstIndex(where: { $0.id == s.id }) else { continue }
                    let inPair = s.rows.compactMap { row in a.sections[i].rows.firstIndex { $0.id == row.id } }
                    expectedRowMoves += inPair.count - quadraticLIS(inPair)
                }
                let rowMoves = records.filter { $0.kind == .row && $0.op == .move }.count
                #expect(rowMoves == expectedRowMoves, "seed \(seed) \(name)")
            }
        }
        // The pairs exercise rule 2: rows do cross sections.
        #expect(crossSection > 500, "\(crossSection) cross-section moves")
    }

    @Test("large screens, classified in runs of rows on all cores: replay gives new, records in bento-changeset(5)'s order",
        arguments: [(50_000, 50_000), (50_000, 350)])
    func largeScreens(rows: Int, rowsPerSection: Int) throws {
        let typical = TypicalScreens(rows: rows, rowsPerSection: rowsPerSection)
        let (old, new) = try Screens.read(typical)
        let changeset = ScreenDiff.changeset(from: old, to: new)
        #expect(changeset.summary[.row, .delete] > 4096, "more records of a kind than one run")
        // bento apply's applier: the test replay is quadratic.
        #expect(try ChangesetApplier.apply(changeset, to: old, oldName: "old.json").box == new.box)
        // Row records: deletes by old position, then inserts, moves and
        // updates, each by new position.
        let rowRecords = changeset.changes.filter { $0.kind == .row }
        for op in [Change.Operation.delete, .insert, .move, .update] {
            let places = rowRecords.filter { $0.op == op }.map { op == .delete ? $0.from! : $0.to! }
            #expect(places == places.sorted { ($0.section, $0.row!) < ($1.section, $1.row!) }, "\(op)")
        }
        #expect(rowRecords.map(\.op) == rowRecords.map(\.op).sorted { order($0) < order($1) })
    }

    private func order(_ op: Change.Operation) -> Int {
        switch op {
        case .delete: 0
        case .insert: 1
        case .move: 2
        case .update: 3
        }
    }

    @Test("the JSON changeset reads back as the same changeset")
    func jsonRoundTrip() throws {
        for seed in Self.seeds.prefix(500) {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let bytes = JSONRenderer.render(changeset)
            let decoded = try JSONDecoding.decode(Changeset.self, from: SourceText(name: "changeset.json", bytes: bytes)).value
            #expect(decoded == changeset, "seed \(seed)")
        }
    }

    /// bento-screen(5), MATCHING, rule 2, worked out from the two boxes alone: the
    /// rows whose id occurs once in the whole old box and once in the whole
    /// new box, in two different sections that both boxes have.
    private func crossSectionMoves(_ old: Box, _ new: Box) -> Int {
        func places(_ box: Box) -> [ScreenID: [ScreenID]] {
            var places: [ScreenID: [ScreenID]] = [:]
            for section in box.sections {
                for row in section.rows { places[row.id, default: []].append(section.id) }
            }
            return places
        }
        let oldSections = Set(old.sections.map(\.id)), newSections = Set(new.sections.map(\.id))
        let inNew = places(new)
        var moves = 0
        for (row, from) in places(old) {
            guard from.count == 1, let to = inNew[row], to.count == 1, from[0] != to[0] else { continue }
            if newSections.contains(from[0]) && oldSections.contains(to[0]) { moves += 1 }
        }
        return moves
    }

    /// Equal by bento-screen(5) although written differently (box form, a
    /// missing pinned box).
    private func sameContent(_ a: Screen, _ b: Screen) -> Bool {
        a.box == b.box && a[box: .pinnedToBottomBox] == b[box: .pinnedToBottomBox] && a.attributes == b.attributes
    }

    /// The length of the longest strictly increasing subsequence, by the
    /// textbook O(n²) recurrence: an independent check of patience sorting.
    private func quadraticLIS(_ s: [Int]) -> Int {
        var best = [Int](repeating: 1, count: s.count)
        for i in s.indices {
            for j in 0..<i where s[j] < s[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}
