/// The longest strictly increasing subsequence, by patience sorting.
///
/// Used to keep the most elements in place: of the matched elements, taken in
/// their new order with their old indices as the sequence, those outside the
/// subsequence are the fewest possible moves.
///
/// Ties are broken the classic way: the run that ends in the smallest tail
/// wins, and the subsequence is rebuilt from the tail of the longest run. For
/// old `[A, B]` and new `[B, A]`, `A` stays and `B` moves.
enum LongestIncreasingSubsequence {
    /// Marks which elements of `sequence` belong to one longest strictly
    /// increasing subsequence.
    /// - Complexity: O(n log n).
    static func members(of sequence: [Int]) -> [Bool] {
        let n = sequence.count
        // Nothing moved, as in most screens' changes: every element is
        // kept, seen in one pass, with no runs kept on the way.
        if sequence.withSpan({ isIncreasing($0) }) { return [Bool](repeating: true, count: n) }
        var keep = [Bool](repeating: false, count: n)
        // Run k+1 (of length k+1) ends at tails[k], the smallest tail of
        // such a run, whose value is tailValues[k] (kept beside it: the
        // search then reads one array).
        var tails: [Int] = [], tailValues: [Int] = []
        tails.reserveCapacity(min(n, 1024))
        tailValues.reserveCapacity(min(n, 1024))
        var predecessor = [Int](repeating: -1, count: n)
        for i in 0..<n {
            let value = sequence[i]
            // Mostly sorted input (most rows stay) extends the longest run.
            if let last = tailValues.last, last < value {
                predecessor[i] = tails[tails.count - 1]
                tails.append(i)
                tailValues.append(value)
                continue
            }
            // First run whose tail is >= value (strictly increasing runs).
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if tailValues[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { predecessor[i] = tails[low - 1] }
            if low == tails.count {
                tails.append(i)
                tailValues.append(value)
            } else {
                tails[low] = i
                tailValues[low] = value
            }
        }
        var i = tails[tails.count - 1]
        while i >= 0 {
            keep[i] = true
            i = predecessor[i]
        }
        return keep
    }

    /// Whether each element of `sequence` is above the one before it.
    private static func isIncreasing(_ sequence: Span<Int>) -> Bool {
        var k = 1
        while k < sequence.count {
            guard sequence[k - 1] < sequence[k] else { return false }
            k += 1
        }
        return true
    }
}

extension LongestIncreasingSubsequence {
    /// Marks the elements of `sequence` that belong to no longest strictly
    /// increasing subsequence: those every minimal move set moves (the
    /// merge's "moved for sure", bento-changeset(5), MERGE). In `[1, 0]` neither
    /// is: `[1]` and `[0]` are both longest.
    ///
    /// An element is in some longest subsequence exactly when the longest
    /// run ending at it and the longest run starting at it add up to the
    /// longest length plus one.
    /// - Complexity: O(n log n).
    static func outsideEvery(of sequence: [Int]) -> [Bool] {
        let ending = runLengths(sequence)
        // Runs starting at each element: increasing runs of the reversed,
        // negated sequence ending there.
        let starting = Array(runLengths(sequence.reversed().map { -$0 }).reversed())
        let longest = ending.max() ?? 0
        return zip(ending, starting).map { $0 + $1 - 1 != longest }
    }

    /// For each element, the length of the longest strictly increasing run
    /// of `sequence` that ends at it.
    private static func runLengths(_ sequence: [Int]) -> [Int] {
        var tailValues: [Int] = []
        return sequence.map { value in
            var low = 0, high = tailValues.count
            while low < high {
                let mid = (low + high) / 2
                if tailValues[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low == tailValues.count { tailValues.append(value) } else { tailValues[low] = value }
            return low + 1
        }
    }
}
