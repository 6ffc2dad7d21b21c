import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Properties of the merge over thousands of random triples (BASE, OURS,
/// THEIRS): no change on a side keeps the other; equal sides merge to
/// themselves; disjoint changes are both applied, exactly; and the output
/// with markers resolves by hand to either side.
@Suite("Merge properties over random triples")
struct MergePropertyTests {
    static let seeds: Range<UInt64> = 0..<2000

    @Test("merge(B, O, B) = O, merge(B, B, T) = T and merge(B, O, O) = O, all clean")
    func identities() throws {
        for seed in Self.seeds {
            let (base, ours, theirs) = try RandomScreenPairs.screens(tripleSeed: seed)
            for (o, t, expected) in [(ours, base, ours), (base, theirs, theirs), (ours, ours, ours), (theirs, theirs, theirs)] {
                let merged = ThreeWayMerge.merge(base: base, ours: o, theirs: t)
                #expect(merged.conflicts == [], "seed \(seed)")
                #expect(MergeSupport.same(merged.resolved(.ours), expected), "seed \(seed)")
            }
        }
    }

    @Test("disjoint changes: OURS → merge has exactly THEIRS' changes, THEIRS → merge exactly OURS'")
    func disjointChanges() throws {
        var checked = 0
        for seed in Self.seeds {
            let (base, ours, theirs) = try DisjointEdits.triple(seed: seed)
            let oursChanges = ScreenDiff.changeset(from: base, to: ours)
            let theirsChanges = ScreenDiff.changeset(from: base, to: theirs)
            // A place is among the other elements of a list: two sides
            // that both insert, delete or move in one list do not touch
            // disjoint elements (moving `a` after `c` in `a b c` does
            // nothing to `c a b`; an insert after a row the other side
            // moved follows it).
            guard Touched(oursChanges).isDisjoint(with: Touched(theirsChanges)) else { continue }
            checked += 1
            let merged = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
            #expect(merged.conflicts == [], "seed \(seed)")
            let screen = merged.resolved(.ours)
            #expect(Effect(ScreenDiff.changeset(from: ours, to: screen)) == Effect(theirsChanges), "seed \(seed)")
            #expect(Effect(ScreenDiff.changeset(from: theirs, to: screen)) == Effect(oursChanges), "seed \(seed)")
        }
        #expect(checked > Self.seeds.count / 4, "\(checked) disjoint triples")
    }

    @Test("the order of one list is the rule of bento-changeset(5), MERGE, read directly (a quadratic reference)")
    func orderRule() throws {
        var compared = 0
        for seed in Self.seeds {
            var g = SeededGenerator(seed: seed &+ 0xABCD)
            let base = (0..<g.int(0...12)).map { "b\($0)" }
            func edit(_ tag: String) -> [String] {
                var rows = base.filter { _ in !g.chance(0.15) }
                for k in 0..<g.int(0...3) { rows.insert("\(tag)\(k)", at: g.int(0...rows.count)) }
                for _ in 0..<g.int(0...2) where !rows.isEmpty {
                    let row = rows.remove(at: g.int(0...rows.count - 1))
                    rows.insert(row, at: g.int(0...rows.count))
                }
                return rows
            }
            let (ours, theirs) = (edit("o"), edit("t"))
            let screens = try [base, ours, theirs].map { try MergeSupport.screen("a: " + $0.joined(separator: " ")) }
            let merged = ThreeWayMerge.merge(base: screens[0], ours: screens[1], theirs: screens[2])
            guard let screen = merged.screen else { continue }
            compared += 1

            func name(_ id: ScreenID) -> String {
                if case .string(let s) = id.value { return s }
                return id.canonical
            }
            func moved(_ side: Screen) -> Set<String> {
                Set(ScreenDiff.changeset(from: screens[0], to: side).changes.filter { $0.op == .move }.map { name($0.id!) })
            }
            // Moved for sure: outside every longest run of the side's rows
            // kept in BASE's order (quadratic: runs ending and starting at each).
            func movedForSure(_ side: [String]) -> Set<String> {
                let kept = side.filter(base.contains)
                let positions = kept.map { base.firstIndex(of: $0)! }
                let longest = LongestIncreasingSubsequenceTests.quadraticLength(positions)
                return Set(kept.indices.filter { i in
                    let after = LongestIncreasingSubsequenceTests.quadraticLength(positions[(i + 1)...].filter { $0 > positions[i] })
                    let before = LongestIncreasingSubsequenceTests.quadraticLength(positions[..<i].filter { $0 < positions[i] })
                    return before + 1 + after != longest
                }.map { kept[$0] })
            }
            let movedByOurs = moved(screens[1]), movedByTheirs = moved(screens[2])
            let sureOurs = movedForSure(ours), sureTheirs = movedForSure(theirs)
            // At THEIRS' place: moved by THEIRS and not by OURS, or by both
            // where only THEIRS' move is for sure.
            func atTheirs(_ row: String) -> Bool {
                movedByTheirs.contains(row)
                    && (!movedByOurs.contains(row) || (sureTheirs.contains(row) && !sureOurs.contains(row)))
            }
            // OURS' order, without what THEIRS deleted or puts at its place…
            var expected = ours.filter { row in (theirs.contains(row) || !base.contains(row)) && !atTheirs(row) }
            // …then what THEIRS inserted or puts at its place (and OURS kept),
            // in THEIRS' order, right after the nearest element before it that
            // is in the merge.
            for (k, row) in theirs.enumerated() {
                let inserted = !base.contains(row) && !ours.contains(row)
                guard inserted || (atTheirs(row) && ours.contains(row)) else { continue }
                let before = theirs[..<k].last(where: expected.contains)
                expected.insert(row, at: before.map { expected.firstIndex(of: $0)! + 1 } ?? 0)
            }
            #expect(screen.box.sections[0].rows.map { name($0.id) } == expected, "seed \(seed): \(base) \(ours) \(theirs)")
        }
        #expect(compared > Self.seeds.count / 2, "\(compared) clean merges")
    }

    @Test("every triple: keeping one side of each marked conflict gives the merge resolved to that side")
    func markersResolve() throws {
        var conflicted = 0
        for seed in Self.seeds {
            let (base, ours, theirs) = try RandomScreenPairs.screens(tripleSeed: seed)
            let merged = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
            if !merged.isClean { conflicted += 1 }
            let text = String(decoding: MergeRenderer.render(merged), as: UTF8.self)
            for side in MergeSide.allCases {
                let kept = try Screens.read(MergeSupport.keep(side, of: text))
                #expect(MergeSupport.same(kept, merged.resolved(side)), "seed \(seed) \(side)")
            }
        }
        #expect(conflicted > Self.seeds.count / 10, "\(conflicted) triples with conflicts")
    }

    @Test("a clean merge keeps every change of both sides that the other did not undo")
    func cleanMergeReplaysBothSides() throws {
        for seed in Self.seeds {
            let (base, ours, theirs) = try RandomScreenPairs.screens(tripleSeed: seed)
            let merged = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
            guard let screen = merged.screen else { continue }
            // Every row of the merge is in OURS or THEIRS with that content,
            // or is the field merge of the two.
            for name in BoxName.allCases {
                for section in screen[box: name].sections {
                    #expect(Set(section.rows.map(\.id)).count == section.rows.count, "seed \(seed): ids stay unique")
                }
                #expect(Set(screen[box: name].sections.map(\.id)).count == screen[box: name].sections.count, "seed \(seed)")
            }
        }
    }
}

/// What a changeset does, without where the files put things: each record
/// in canonical JSON without its positions, and the number of moves. Which
/// rows of a reordered list count as moved is a choice among equally long
/// ordered runs, which the files around them can tip; how many is not.
private struct Effect: Equatable, CustomStringConvertible {
    var records: [String] = []
    var moves = 0

    init(_ changeset: Changeset) {
        for change in changeset.changes {
            guard case .object(var object) = change.jsonValue else { continue }
            object["from"] = nil
            object["to"] = nil
            if change.op == .move {
                moves += 1
                // A move across sections, or one that changes the content
                // too, says more than its place.
                guard change.fromSection != nil || !change.fields.isEmpty else { continue }
                object["op"] = change.fromSection != nil ? "move" : "update"
            }
            records.append(JSONWriter.canonical.string(.object(object)))
        }
        records.sort()
    }

    var description: String { "\(moves) moves, " + records.joined(separator: "\n") }
}

/// The elements a changeset touches, to tell disjoint sides.
private struct Touched {
    var attributes: Set<String> = []
    var sections: Set<String> = []
    var rows: Set<String> = []
    /// Sections whose rows it changes (as the row's section or the one it left).
    var containers: Set<String> = []
    /// Lists whose members or order it changes: a box's sections, a
    /// section's rows.
    var lists: Set<String> = []

    init(_ changeset: Changeset) {
        for change in changeset.changes {
            let box = change.box?.rawValue ?? ""
            switch change {
            case .screen(let fields):
                for field in fields { attributes.insert(JSONPointer(field.path)?.tokens.first ?? "") }
            case .section(let s):
                sections.insert(box + " " + s.id.canonical)
                if change.op != .update { lists.insert(box) }
            case .row(let r):
                rows.insert(box + " " + (r.fromSection ?? r.section).canonical + " " + r.id.canonical)
                containers.insert(box + " " + r.section.canonical)
                if let from = r.fromSection { containers.insert(box + " " + from.canonical) }
                if change.op != .update { lists.insert(box + " " + r.section.canonical) }
                if let from = r.fromSection { lists.insert(box + " " + from.canonical) }
            }
        }
    }

    func isDisjoint(with other: Touched) -> Bool {
        attributes.isDisjoint(with: other.attributes) && sections.isDisjoint(with: other.sections)
            && rows.isDisjoint(with: other.rows) && containers.isDisjoint(with: other.sections)
            && sections.isDisjoint(with: other.containers) && lists.isDisjoint(with: other.lists)
    }
}
