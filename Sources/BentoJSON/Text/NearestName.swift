/// Suggests the closest of a set of names, for "did you mean …?" messages.
public enum NearestName {
    /// The candidate closest to `name` by edit distance, if it is close
    /// enough to be a plausible typo: one edit per three characters of the
    /// shorter name, at least one (`row` → `rows`, `jsno` → `json`,
    /// `--fromat` → `--format`; not `--output` → `--context`).
    /// - Complexity: O(k · n · m) for k candidates of length m and a name of length n.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(name, candidate)
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best else { return nil }
        let limit = max(1, min(name.unicodeScalars.count, best.name.unicodeScalars.count) / 3)
        return best.distance <= limit ? best.name : nil
    }

    /// Edit distance over Unicode scalars, counting an insertion, a
    /// deletion, a substitution and a swap of two neighbours as one edit
    /// each (optimal string alignment).
    /// - Complexity: O(n · m).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
