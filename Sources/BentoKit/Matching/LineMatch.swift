/// The lines two texts keep in common, for a diff of lines (the fallback of
/// `bento git-diff` for a side that is no screen): pairs of (old line, new
/// line), increasing in both.
///
/// Patience diff: the common start and end are kept; between them, the
/// lines that occur exactly once on each side are matched, the longest run
/// of them in the same order is kept, and the stretches between those
/// anchors are matched again the same way, a few levels deep. A stretch
/// with no anchor left is matched by Myers' algorithm with a bounded number
/// of differences, beyond which it is all deleted and inserted: unrelated
/// texts cost linear time, never the product of their lengths.
enum LineMatch {
    /// The kept pairs of `a` and `b`, lines given as numbers (equal lines,
    /// equal numbers).
    /// - Complexity: O(n log n) in the number of lines, plus O(n·D) for
    ///   stretches without anchors, D at most `differenceBound(_:)`.
    static func pairs(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        match(a, 0..<a.count, b, 0..<b.count, depth: 0, into: &pairs)
        return pairs
    }

    /// Appends the pairs of stretches `x` of `a` and `y` of `b`, in order.
    /// Each level goes one deeper, at most `maxDepth`: the recursion is shallow.
    private static func match(
        _ a: [Int], _ x: Range<Int>, _ b: [Int], _ y: Range<Int>, depth: Int, into pairs: inout [(Int, Int)]
    ) {
        var (x, y) = (x, y)
        while !x.isEmpty && !y.isEmpty && a[x.lowerBound] == b[y.lowerBound] {
            pairs.append((x.lowerBound, y.lowerBound))
            x = (x.lowerBound + 1)..<x.upperBound
            y = (y.lowerBound + 1)..<y.upperBound
        }
        var tail = 0
        while tail < min(x.count, y.count) && a[x.upperBound - 1 - tail] == b[y.upperBound - 1 - tail] { tail += 1 }
        let (xEnd, yEnd) = (x.upperBound, y.upperBound)
        defer { for k in stride(from: tail, to: 0, by: -1) { pairs.append((xEnd - k, yEnd - k)) } }
        x = x.lowerBound..<(x.upperBound - tail)
        y = y.lowerBound..<(y.upperBound - tail)
        guard !x.isEmpty && !y.isEmpty else { return }
        let anchors = depth < maxDepth ? uniqueAnchors(a, x, b, y) : []
        guard !anchors.isEmpty else {
            pairs += myers(a, x, b, y)
            return
        }
        var (i, j) = (x.lowerBound, y.lowerBound)
        for (p, q) in anchors {
            match(a, i..<p, b, j..<q, depth: depth + 1, into: &pairs)
            pairs.append((p, q))
            (i, j) = (p + 1, q + 1)
        }
        match(a, i..<x.upperBound, b, j..<y.upperBound, depth: depth + 1, into: &pairs)
    }

    /// How many levels of anchors are looked for before a stretch is left to Myers.
    static let maxDepth = 8

    /// The lines of `x` and `y` that occur once in each, in the longest run
    /// that keeps their order on both sides.
    /// - Complexity: O(n log n) in the length of the stretches.
    static func uniqueAnchors(_ a: [Int], _ x: Range<Int>, _ b: [Int], _ y: Range<Int>) -> [(Int, Int)] {
        // Per line: its count and place in x, its count and place in y.
        var seen: [Int: (countA: Int, atA: Int, countB: Int, atB: Int)] = [:]
        seen.reserveCapacity(x.count + y.count)
        for i in x { seen[a[i], default: (0, i, 0, -1)].countA += 1 }
        for j in y {
            guard var entry = seen[b[j]] else { continue }
            entry.countB += 1
            entry.atB = j
            seen[b[j]] = entry
        }
        var candidates: [(Int, Int)] = []
        for i in x {
            guard let entry = seen[a[i]], entry.countA == 1, entry.countB == 1 else { continue }
            candidates.append((i, entry.atB))
        }
        let keep = LongestIncreasingSubsequence.members(of: candidates.map(\.1))
        return zip(candidates, keep).filter(\.1).map(\.0)
    }

    /// The most differences Myers' algorithm looks for in a stretch of `n`
    /// lines in all, so that the work stays near linear in `n`.
    static func differenceBound(_ n: Int) -> Int { max(16, min(1000, 4_000_000 / max(1, n))) }

    /// The pairs of a longest common subsequence of `x` and `y` (Myers'
    /// greedy algorithm), when they differ in at most `differenceBound`
    /// lines; none, otherwise (all deleted, all inserted).
    /// - Complexity: O((n + m)·D) time and O(D²) space, D the differences found.
    static func myers(_ a: [Int], _ x: Range<Int>, _ b: [Int], _ y: Range<Int>) -> [(Int, Int)] {
        let (n, m) = (x.count, y.count)
        let bound = min(n + m, differenceBound(n + m))
        let offset = bound + 1
        var v = [Int](repeating: 0, count: 2 * bound + 3)
        var history: [[Int]] = []
        var reached = -1
        search: for d in 0...bound {
            history.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var i: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    i = v[offset + k + 1]
                } else {
                    i = v[offset + k - 1] + 1
                }
                var j = i - k
                while i < n && j < m && a[x.lowerBound + i] == b[y.lowerBound + j] {
                    i += 1
                    j += 1
                }
                v[offset + k] = i
                if i >= n && j >= m {
                    reached = d
                    break search
                }
            }
        }
        guard reached >= 0 else { return [] }
        // Back from the end: each step's diagonal run is a run of pairs.
        var pairs: [(Int, Int)] = []
        var (i, j) = (n, m)
        for d in stride(from: reached, to: 0, by: -1) {
            let previous = history[d]
            let k = i - j
            let down = k == -d || (k != d && previous[offset + k - 1] < previous[offset + k + 1])
            let startI = down ? previous[offset + k + 1] : previous[offset + k - 1] + 1
            let startJ = startI - k
            while i > startI && j > startJ {
                i -= 1
                j -= 1
                pairs.append((x.lowerBound + i, y.lowerBound + j))
            }
            (i, j) = down ? (startI, startI - (k + 1)) : (startI - 1, startI - 1 - (k - 1))
        }
        while i > 0 && j > 0 {
            i -= 1
            j -= 1
            pairs.append((x.lowerBound + i, y.lowerBound + j))
        }
        return pairs.reversed()
    }
}
