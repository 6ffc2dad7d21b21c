import Foundation

/// The whole `bento merge OURS BASE THEIRS` process, as git's merge driver
/// runs it, on two generated branches of one screen.
struct MergeBench {
    struct Result {
        var seconds: Double
        /// The conflicts bento named (the branches change some rows alike).
        var conflicts: Int
    }

    let bento: String
    let ours: String
    let base: String
    let theirs: String

    func measure(runs: Int) -> Result {
        let output = base + ".merged.json"
        let child = ChildProcess(executable: bento, arguments: ["merge", "-q", "-o", output, ours, base, theirs])
        var times: [Double] = []
        for _ in 0..<runs {
            let outcome = child.run(outputPath: "/dev/null")
            guard outcome.status == 0 || outcome.status == 1 else {
                BenchOptions.fail("bento merge exited with \(outcome.status)")
            }
            times.append(outcome.seconds)
        }
        // Once more, untimed, to count the conflicts it names.
        let counted = ChildProcess(executable: bento, arguments: ["merge", "-o", output, ours, base, theirs])
        let errors = base + ".merge-errors"
        _ = counted.run(outputPath: "/dev/null", errorPath: errors)
        let lines = (try? String(contentsOfFile: errors, encoding: .utf8))?.split(separator: "\n") ?? []
        return Result(seconds: Stopwatch.median(times), conflicts: lines.filter { $0.hasPrefix("bento: conflict") }.count)
    }
}
