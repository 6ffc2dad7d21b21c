import BenchmarkScreens
import BentoJSON
import BentoKit

/// The diff engine alone on screens already in memory, against Swift's
/// `CollectionDifference` (with `inferringMoves()`) on the same id sequences.
struct EngineBench {
    struct Result {
        var seconds: Double
        var referenceSeconds: Double?
        var moves: Int
        var minimalMoves: Int
        var referenceMoves: Int?
        var deletes: Int
        var inserts: Int
    }

    let screens: TypicalScreens

    func measure(runs: Int, referenceRuns: Int, withReference: Bool) -> Result {
        let old: Screen, new: Screen
        do {
            old = try ScreenReader.read(SourceText(name: "old.json", bytes: screens.oldText()))
            new = try ScreenReader.read(SourceText(name: "new.json", bytes: screens.newText()))
        } catch {
            BenchOptions.fail("engine workload: \(error)")
        }
        var times: [Double] = []
        var changeset: Changeset?
        for _ in 0..<runs {
            changeset = nil  // freeing the last one is not part of the next
            times.append(Stopwatch.time { changeset = ScreenDiff.changeset(from: old, to: new) })
        }
        let summary = changeset!.summary

        var referenceSeconds: Double?, referenceMoves: Int?
        if withReference {
            let oldIDs = screens.old.joined().map { "row-\($0.number)" }
            let newIDs = screens.new.joined().map { "row-\($0.number)" }
            var referenceTimes: [Double] = []
            var difference: CollectionDifference<String>?
            for _ in 0..<referenceRuns {
                referenceTimes.append(Stopwatch.time { difference = newIDs.difference(from: oldIDs).inferringMoves() })
            }
            referenceSeconds = Stopwatch.median(referenceTimes)
            referenceMoves = difference!.insertions.filter {
                if case .insert(_, _, let from) = $0 { return from != nil }
                return false
            }.count
        }

        return Result(
            seconds: Stopwatch.median(times), referenceSeconds: referenceSeconds,
            moves: summary[.row, .move], minimalMoves: Self.minimalMoves(old: screens.old, new: screens.new),
            referenceMoves: referenceMoves, deletes: summary[.row, .delete], inserts: summary[.row, .insert])
    }

    /// The fewest moves that turn the old order into the new one, for rows
    /// in one section: the rows in both, minus the longest run of them that
    /// keeps its order. Worked out here independently of the engine.
    static func minimalMoves(old: [[TypicalScreens.Row]], new: [[TypicalScreens.Row]]) -> Int {
        precondition(old.count == 1 && new.count == 1, "the engine workload has one section")
        var oldIndex: [Int: Int] = [:]
        for (k, row) in old[0].enumerated() { oldIndex[row.number] = k }
        let sequence = new[0].compactMap { oldIndex[$0.number] }
        // Length of the longest increasing subsequence: smallest tails.
        var tails: [Int] = []
        for value in sequence {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if tails[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return sequence.count - tails.count
    }
}
