/// A `bento` command against `bento diff --format json` on the same pair,
/// runs interleaved (json, the command, json, …) so that both see the same
/// load: the other formats, `apply` of the JSON changeset, and the like.
struct FormatBench {
    struct Result {
        /// Medians.
        var seconds: Double
        var jsonSeconds: Double
        /// The command against the JSON diff, run by run (`Stopwatch.pairedRatio`).
        var ratio: Double
    }

    let bento: String
    let pair: GeneratedPair

    /// Where each command timed writes its output (the last one's stays).
    var outputPath: String { pair.oldPath + ".format.out" }

    /// Medians of `runs` runs of `bento ARGUMENTS` (which must exit with
    /// `status`) and of the JSON diff, taken in turn, and the median of
    /// their ratios, run by run.
    func measure(_ arguments: [String], status: Int32, runs: Int) -> Result {
        let json = ChildProcess(executable: bento, arguments: ["diff", "--format", "json", pair.oldPath, pair.newPath])
        let command = ChildProcess(executable: bento, arguments: arguments)
        // Each writes a file of its own, made anew for each run.
        let jsonOutput = pair.oldPath + ".json-turn.out"
        var times: [Double] = [], jsonTimes: [Double] = []
        for _ in 0..<runs {
            jsonTimes.append(json.run(outputPath: jsonOutput).seconds)
            let outcome = command.run(outputPath: outputPath)
            guard outcome.status == status else {
                BenchOptions.fail("bento \(arguments.joined(separator: " ")) exited with \(outcome.status), expected \(status)")
            }
            times.append(outcome.seconds)
        }
        return Result(
            seconds: Stopwatch.median(times), jsonSeconds: Stopwatch.median(jsonTimes),
            ratio: Stopwatch.pairedRatio(times, jsonTimes))
    }
}
