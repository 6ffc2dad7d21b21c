import BentoJSON
import BentoKit

/// The whole `bento diff --format json OLD NEW` process, as a user runs it,
/// and `diff -u OLD NEW` on the same files in the same run.
struct EndToEndBench {
    struct Result {
        var seconds: Double
        /// The highest peak resident set size of the runs, bytes.
        var peakMemory: Int
        /// `diff -u`, if it was run.
        var referenceSeconds: Double?
    }

    let bento: String
    let pair: GeneratedPair
    /// This program, to measure memory from a small process (`ChildProcess.measuredAlone`).
    let helper: String
    /// The `--format` measured; the JSON changeset is also checked.
    var format = "json"

    func measure(runs: Int, withReference: Bool) -> Result {
        let output = pair.oldPath + ".\(format).out"
        let child = ChildProcess(executable: bento, arguments: ["diff", "--format", format, pair.oldPath, pair.newPath])
        let reference = withReference ? ChildProcess.find("diff").map { diff in
            ChildProcess(executable: diff, arguments: ["-u", pair.oldPath, pair.newPath])
        } : nil
        var times: [Double] = [], referenceTimes: [Double] = []
        var peak = 0
        // One untimed run first: the first process to read the files just
        // written starts colder than any after it.
        _ = child.run(outputPath: output)
        // bento and diff -u take turns, run after run, so that both see
        // the same load (the machine is shared, and its speed drifts).
        for run in 0..<runs {
            let outcome = child.run(outputPath: output)
            guard outcome.status == 1 else {
                BenchOptions.fail("\(pair.name): bento diff exited with \(outcome.status), expected 1")
            }
            if run == 0 && format == "json" { verify(output) }
            times.append(outcome.seconds)
            // Memory from separate runs, each from a small process of its own.
            peak = max(peak, child.measuredAlone(outputPath: output, helper: helper).peakMemory)
            if let reference { referenceTimes.append(reference.run(outputPath: pair.oldPath + ".diff").seconds) }
        }
        return Result(
            seconds: Stopwatch.median(times), peakMemory: peak,
            referenceSeconds: referenceTimes.isEmpty ? nil : Stopwatch.median(referenceTimes))
    }

    /// The changeset bento wrote reads back, and has the deletes and inserts
    /// the generator made.
    private func verify(_ path: String) {
        do {
            let changeset = try ChangesetDocument(try InputFile.read(path)).changeset
            let summary = changeset.summary
            guard summary[.row, .delete] == pair.expectedDeletes, summary[.row, .insert] == pair.expectedInserts
            else {
                BenchOptions.fail(
                    "\(pair.name): bento reported \(summary[.row, .delete]) deletes and \(summary[.row, .insert]) inserts; the generator made \(pair.expectedDeletes) and \(pair.expectedInserts)"
                )
            }
        } catch {
            BenchOptions.fail("\(pair.name): bento's changeset does not read back: \(error)")
        }
    }
}
