import Foundation

/// The whole `bento merge OURS BASE THEIRS` process, as git's merge driver
/// runs it, on two generated branches of one screen.
struct MergeBench {
    struct Result {
        var seconds: Double
        /// The JSON diff of the same size, timed in turn with the merge.
        var jsonSeconds: Double
        /// The merge against the JSON diff, run by run (`Stopwatch.pairedRatio`).
        var ratio: Double
        /// The conflicts bento named (the branches change some rows alike).
        var conflicts: Int
    }

    let bento: String
    let ours: String
    let base: String
    let theirs: String

    /// Medians of `runs` merges, each in turn with a JSON diff of the
    /// pair `formats` measures, so that both see the same load (as the
    /// other formats are timed).
    func measure(runs: Int, inTurnWith formats: FormatBench) -> Result {
        let output = base + ".merged.json"
        // The branches change some rows apart: the merge has conflicts (exit 1).
        let timed = formats.measure(["merge", "-q", "-o", output, ours, base, theirs], status: 1, runs: runs)
        // Once more, untimed, to count the conflicts it names.
        let counted = ChildProcess(executable: bento, arguments: ["merge", "-o", output, ours, base, theirs])
        let errors = base + ".merge-errors"
        _ = counted.run(outputPath: "/dev/null", errorPath: errors)
        let lines = (try? String(contentsOfFile: errors, encoding: .utf8))?.split(separator: "\n") ?? []
        // A merge that loses rows must not be timed as one that works: with
        // each conflict resolved for OURS, the text edited is the screen
        // the canonical writer writes.
        let edited = base + ".merged-ours.json", rendered = base + ".merged-ours-reformatted.json"
        for (arguments, path) in [(["--ours"], edited), (["--ours", "--reformat"], rendered)] {
            let status = ChildProcess(executable: bento, arguments: ["merge", "-q"] + arguments + ["-o", path, ours, base, theirs])
                .run(outputPath: "/dev/null").status
            if status != 0 { BenchOptions.fail("bento merge \(arguments.joined(separator: " ")) exited with \(status), expected 0") }
        }
        if !ChildProcess.sameScreens(rendered, edited, bento: bento) { BenchOptions.fail("bento merge --ours wrote another screen than bento merge --ours --reformat") }
        return Result(
            seconds: timed.seconds, jsonSeconds: timed.jsonSeconds, ratio: timed.ratio,
            conflicts: lines.filter { $0.hasPrefix("bento: conflict") }.count)
    }
}
