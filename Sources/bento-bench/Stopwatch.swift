import BentoJSON

/// Monotonic wall-clock timing and medians.
enum Stopwatch {
    /// Seconds on the monotonic clock.
    static func now() -> Double { Platform.now() }

    /// The seconds `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    /// The median of `values` (the mean of the middle two for an even count).
    static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty)
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
