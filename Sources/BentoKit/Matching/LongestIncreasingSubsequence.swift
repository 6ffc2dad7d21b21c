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
        var keep = [Bool](repeating: false, count: n)
        guard n > 0 else { return keep }
        // tails[k]: index (into sequence) of the smallest tail of a run of length k+1.
        var tails: [Int] = []
        tails.reserveCapacity(min(n, 1024))
        var predecessor = [Int](repeating: -1, count: n)
        for i in 0..<n {
            let value = sequence[i]
            // First run whose tail is >= value (strictly increasing runs).
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if sequence[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { predecessor[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var i = tails[tails.count - 1]
        while i >= 0 {
            keep[i] = true
            i = predecessor[i]
        }
        return keep
    }
}
