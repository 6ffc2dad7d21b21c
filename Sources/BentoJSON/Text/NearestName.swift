/// Suggests the closest of a set of names, for "did you mean …?" messages.
public enum NearestName {
    /// The candidate closest to `name` by edit distance, if it is close enough
    /// to be a plausible typo.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(name, candidate)
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best else { return nil }
        let limit = max(2, min(name.count, best.name.count) / 2)
        return best.distance <= limit ? best.name : nil
    }

    /// Levenshtein distance over Unicode scalars.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
