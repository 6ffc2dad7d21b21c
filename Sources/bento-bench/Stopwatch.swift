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

    /// The median of the ratios of runs taken in pairs (`numerators[k]`
    /// beside `denominators[k]`, under one load): what this machine's
    /// swings in speed, which last seconds, move least. The ratio of two
    /// medians pairs a run in a slow moment with one in a quick moment.
    static func pairedRatio(_ numerators: [Double], _ denominators: [Double]) -> Double {
        precondition(numerators.count == denominators.count && !numerators.isEmpty)
        return median(zip(numerators, denominators).map { $0 / $1 })
    }
}
