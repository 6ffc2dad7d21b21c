/// Which items of a long list the HTML report shows and which runs it folds
/// into a `<details>` element ("… 240 unchanged rows …"), as `diff -u` keeps
/// a few lines of context around each change and leaves the rest out.
enum Folding {
    enum Segment: Hashable, Sendable {
        case show(Range<Int>)
        case fold(Range<Int>)
    }

    /// Segments covering `0..<count` in order. An item is shown when it is
    /// marked or within `context` items of a marked one; a run of other items
    /// is folded when it holds at least `minimumFold` of them, and shown
    /// otherwise (folding three rows away helps nobody).
    /// - Complexity: O(n) in `count`.
    static func segments(
        count: Int, context: Int, minimumFold: Int, isMarked: (Int) -> Bool
    ) -> [Segment] {
        guard count > 0 else { return [] }
        if count <= 64 && context >= 0 {
            // A short list (most sections' rows) in the bits of one word:
            // each item asked once, nothing allocated but the result.
            var marked: UInt64 = 0
            for i in 0..<count where isMarked(i) { marked |= 1 << UInt64(i) }
            var near = marked
            for d in 1..<min(context, count) + 1 { near |= marked << UInt64(d) | marked >> UInt64(d) }
            return segments(count: count, minimumFold: minimumFold) { near >> UInt64($0) & 1 == 1 }
        }
        // Distance to the nearest marked item, forwards and then backwards.
        var near = [Bool](repeating: false, count: count)
        var last = Int.min / 2
        for i in 0..<count {
            if isMarked(i) { last = i }
            near[i] = i - last <= context
        }
        last = Int.max / 2
        for i in stride(from: count - 1, through: 0, by: -1) {
            if isMarked(i) { last = i }
            if last - i <= context { near[i] = true }
        }
        return segments(count: count, minimumFold: minimumFold) { near[$0] }
    }

    /// Segments covering `0..<count` in order, given which items are near a
    /// marked one: runs of the others of `minimumFold` or more fold.
    private static func segments(count: Int, minimumFold: Int, isNear near: (Int) -> Bool) -> [Segment] {
        var segments: [Segment] = []
        func add(_ range: Range<Int>, folded: Bool) {
            if !folded, case .show(let previous)? = segments.last {
                segments[segments.count - 1] = .show(previous.lowerBound..<range.upperBound)
            } else {
                segments.append(folded ? .fold(range) : .show(range))
            }
        }
        var start = 0
        while start < count {
            var end = start + 1
            let isNear = near(start)
            while end < count && near(end) == isNear { end += 1 }
            add(start..<end, folded: !isNear && end - start >= minimumFold)
            start = end
        }
        return segments
    }
}
