import BenchmarkScreens
import BentoJSON
import BentoKit

/// bento's phases one after the other, as `bento diff --format json` runs
/// them: read both files, parse and decode both (one pass each, as
/// `ScreenReader` does), diff, render (streamed in 1 MB pieces, as the
/// command writes to standard output).
///
/// Each run is a fresh process (this program, with `--phases-once`), so that
/// every size pays for fresh memory as a real run does: in one long process,
/// small inputs would reuse memory that large ones must get from the system,
/// and per-row times would not compare. Before its measured run, the process
/// diffs a tiny pair, so that code is warm and only the data is cold.
struct PipelineBench {
    struct Phases {
        /// `decode` is parsing and decoding, which are one pass.
        var read = 0.0, decode = 0.0, diff = 0.0, render = 0.0
        var total: Double { read + decode + diff + render }
    }

    let pair: GeneratedPair

    /// One run in a fresh process.
    func runOnce(program: String) -> Phases {
        let child = ChildProcess(
            executable: program, arguments: ["--phases-once", pair.oldPath, pair.newPath],
            environment: [Self.heapEnvironment])
        let output = pair.oldPath + ".phases"
        let outcome = child.run(outputPath: output)
        let fields = (MachineInfo.readText(output) ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" })
            .compactMap { Double($0) }
        guard outcome.status == 0, fields.count == 4 else {
            BenchOptions.fail("\(pair.name): the phases run failed (exit \(outcome.status))")
        }
        return Phases(read: fields[0], decode: fields[1], diff: fields[2], render: fields[3])
    }

    /// The heap of the phases' process grows as `bento`'s does: glibc reads
    /// `MALLOC_TOP_PAD_` at start-up, as `bento` sets `M_TOP_PAD` with
    /// `mallopt` (64 MB steps).
    static let heapEnvironment = "MALLOC_TOP_PAD_=\(64 << 20)"

    /// The median of each phase.
    static func median(_ runs: [Phases]) -> Phases {
        Phases(
            read: Stopwatch.median(runs.map(\.read)), decode: Stopwatch.median(runs.map(\.decode)),
            diff: Stopwatch.median(runs.map(\.diff)),
            render: Stopwatch.median(runs.map(\.render)))
    }

    /// `--phases-once OLD NEW`: warms up, runs the phases once, prints their
    /// seconds on one line.
    static func runOnce(old: String, new: String) -> String {
        let warmUp = TypicalScreens(rows: 10, rowsPerSection: 4)
        _ = run(SourceText(name: "old.json", bytes: warmUp.oldText()), SourceText(name: "new.json", bytes: warmUp.newText()))
        var p = Phases()
        var sources: [SourceText] = []
        p.read = Stopwatch.time {
            do {
                sources = [try InputFile.read(old), try InputFile.read(new)]
            } catch {
                BenchOptions.fail("\(error)")
            }
        }
        let rest = run(sources[0], sources[1])
        p.decode = rest.decode
        p.diff = rest.diff
        p.render = rest.render
        return [p.read, p.decode, p.diff, p.render].map { "\($0)" }.joined(separator: " ") + "\n"
    }

    private static func run(_ old: SourceText, _ new: SourceText) -> Phases {
        var p = Phases()
        var screens: [Screen] = []
        do {
            p.decode = try Stopwatch.time { screens = try [old, new].map { try ScreenReader.read($0) } }
        } catch {
            BenchOptions.fail("\(error)")
        }
        var changeset: Changeset?
        p.diff = Stopwatch.time {
            changeset = ScreenDiff.changeset(from: screens[0], to: screens[1], oldName: old.name, newName: new.name)
        }
        var written = 0
        p.render = Stopwatch.time { JSONRenderer.write(changeset!, flushingAt: JSONRenderer.streamedBytes) { written += $0.count } }
        precondition(written > 0)
        return p
    }
}
