import BenchmarkScreens
import BentoKit
import Foundation

// `swift run -c release bento-bench`: see BenchOptions.usage.

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--phases-once" {
    // A child of this program: see PipelineBench. Its heap is set up as
    // `bento` sets up its own (PipelineBench.heapEnvironment).
    print(PipelineBench.runOnce(old: CommandLine.arguments[2], new: CommandLine.arguments[3]), terminator: "")
    exit(0)
}

if CommandLine.arguments.count >= 4 && CommandLine.arguments[1] == "--peak-of" {
    ChildProcess.peakOf(Array(CommandLine.arguments.dropFirst(2)))
}

let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
let runs = options.runs

func progress(_ message: String) { BenchOptions.standardError("bento-bench: \(message)\n") }

/// This program, to run the phases in fresh processes.
let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]

/// The `bento` built next to this program (same configuration).
let bento: String = {
    let path = (program as NSString).deletingLastPathComponent + "/bento"
    guard FileManager.default.isExecutableFile(atPath: path) else {
        BenchOptions.fail("no bento next to bento-bench at \(path); build it first: swift build -c release")
    }
    return path
}()

#if DEBUG
    progress("warning: this is a debug build; measure with `swift run -c release bento-bench`")
#endif

let endToEndRows = options.rows ?? (options.quick ? 1_000 : 100_000)
let engineRows = endToEndRows
let scalingRows = options.rows.map { [$0] } ?? (options.quick ? [1_000, 2_000] : [1_000, 10_000, 100_000, 1_000_000])
let judged = !options.quick && endToEndRows == 100_000 && options.references

print("bento-bench: \(MachineInfo.cpuModel), \(MachineInfo.cores) cores, load \(MachineInfo.load) at start")
print("medians of \(runs) run\(runs == 1 ? "" : "s"); figures from this run only\n")

var table = BenchTable()
var phaseRows: [[String]] = []

// MARK: End to end, against diff -u

progress("generating \(Format.count(endToEndRows)) rows")
let typical = GeneratedPair(
    name: "typical-\(endToEndRows)", screens: TypicalScreens(rows: endToEndRows), in: options.workDirectory)

/// Every command on the adversarial inputs: rows of `table`, and a table of their times.
@MainActor func adversarialCommands() -> String {
    let rows = AdversarialCommandBench(bento: bento, directory: options.workDirectory).report(
        into: &table, typical: .init(old: typical.oldPath, new: typical.newPath, bytes: typical.totalSize),
        runs: runs, quick: options.quick, judged: !options.quick && endToEndRows == 100_000)
    return BenchTable.markdown(header: ["input", "OLD + NEW"] + AdversarialCommandBench.commands, body: rows)
}
if options.adversarialOnly {
    let times = adversarialCommands()
    print(table.render())
    print("Adversarial inputs, every command (medians):\n")
    print(times)
    exit(table.allPassed ? 0 : 1)
}
progress("end to end: bento and diff -u, \(runs) run(s) each")
let e2e = EndToEndBench(bento: bento, pair: typical, helper: program)
    .measure(runs: runs, withReference: options.references)

let sizeLabel = "2 × \(Format.megabytes(typical.totalSize / 2))"
let referenceLabel = e2e.referenceSeconds.map { "diff -u: \(Format.seconds($0))" } ?? "(not run)"
let diffRatio = e2e.referenceSeconds.map { $0 / e2e.seconds }
table.add(
    .init(
        workload: "end to end, \(Format.count(endToEndRows)) rows (\(sizeLabel)), `diff --format json`",
        bento: Format.seconds(e2e.seconds), target: "≥ 25× diff -u", reference: referenceLabel,
        ratio: diffRatio.map(Format.ratio) ?? "", passed: judged ? diffRatio! >= 25 : nil))
let memoryRatio = Double(e2e.peakMemory) / Double(typical.totalSize)
table.add(
    .init(
        workload: "same, peak memory (max RSS)", bento: Format.megabytes(e2e.peakMemory),
        target: "≤ 1.6× input (\(Format.megabytes(Int(1.6 * Double(typical.totalSize)))))",
        reference: "input: \(Format.megabytes(typical.totalSize))", ratio: Format.ratio(memoryRatio),
        passed: judged ? memoryRatio <= 1.6 : nil))

// MARK: Other formats end to end, against the JSON changeset

/// A row timed against `diff --format json` on the same pair, within
/// `limit` times its time: `ratio`, run by run.
@MainActor func addAgainstJSON(_ workload: String, seconds: Double, json: Double, ratio: Double, limit: Double?, target: String) {
    table.add(
        .init(
            workload: workload, bento: Format.seconds(seconds), target: target,
            reference: "json: \(Format.seconds(json))", ratio: Format.ratio(ratio),
            passed: judged ? limit.map { ratio <= $0 } : nil))
}

let formatBench = FormatBench(bento: bento, pair: typical)
for format in ["text", "unified", "patch", "html", "uikit", "markdown", "github"] {
    progress("end to end: --format \(format) against --format json, \(runs) run(s) each, in turn")
    let result = formatBench.measure(
        ["diff", "--format", format, typical.oldPath, typical.newPath], status: 1, runs: runs)
    addAgainstJSON(
        "end to end, \(Format.count(endToEndRows)) rows, `diff --format \(format)`", seconds: result.seconds,
        json: result.jsonSeconds, ratio: result.ratio, limit: 1.5, target: "≤ 1.5× --format json")
}
progress("end to end: bento apply of the JSON changeset, \(runs) run(s)")
let changesetPath = typical.oldPath + ".json.out"  // written by the end-to-end runs above
let applied = formatBench.measure(["apply", typical.oldPath, changesetPath], status: 0, runs: runs)
// An apply that loses rows must not be timed as one that works: its text is NEW.
if !ChildProcess.sameScreens(typical.newPath, formatBench.outputPath, bento: bento) {
    BenchOptions.fail("bento apply of the JSON changeset did not write the new screen")
}
addAgainstJSON(
    "`bento apply` of that changeset to the old screen (\(Format.count(endToEndRows)) rows)", seconds: applied.seconds,
    json: applied.jsonSeconds, ratio: applied.ratio, limit: 1.5, target: "≤ 1.5× the diff that made it")
// Its memory from separate runs, each from a small process of its own.
let applyChild = ChildProcess(executable: bento, arguments: ["apply", typical.oldPath, changesetPath])
let applyPeak = (0..<runs).map { _ in applyChild.measuredAlone(outputPath: typical.oldPath + ".apply.out", helper: program).peakMemory }
    .max() ?? 0
let applyInputs = typical.oldSize + (MachineInfo.readText(changesetPath)?.utf8.count ?? 0)
let applyMemoryRatio = Double(applyPeak) / Double(applyInputs)
table.add(
    .init(
        workload: "same, peak memory of `bento apply` (max RSS)", bento: Format.megabytes(applyPeak),
        target: "≤ 1.6× its inputs (\(Format.megabytes(Int(1.6 * Double(applyInputs)))))",
        reference: "OLD and the changeset: \(Format.megabytes(applyInputs))", ratio: Format.ratio(applyMemoryRatio),
        passed: judged ? applyMemoryRatio <= 1.6 : nil))

// MARK: Merge, against one diff of the same size

progress("end to end: bento merge of two branches of the \(Format.count(endToEndRows))-row screen against --format json, \(runs) run(s) each, in turn")
let theirsPath = typical.oldPath.replacingOccurrences(of: "old.json", with: "theirs.json")
GeneratedPair.write(
    TypicalScreens(rows: endToEndRows, seed: 2025, firstInserted: 2 * endToEndRows).newText(), to: theirsPath)
let merge = MergeBench(bento: bento, ours: typical.newPath, base: typical.oldPath, theirs: theirsPath)
    .measure(runs: runs, inTurnWith: formatBench)
addAgainstJSON(
    "`bento merge`, two branches of \(Format.count(endToEndRows)) rows (10% del/ins/move/update each, \(Format.count(merge.conflicts)) conflicts)",
    seconds: merge.seconds, json: merge.jsonSeconds, ratio: merge.ratio, limit: 3, target: "≤ 3× one diff --format json")

// MARK: Phases, and parse + decode against Foundation's JSONDecoder

// MARK: Phases at every size (the scaling row), in fresh processes

// Sizes take turns, run after run, so that all see the same load.
var scalingPairs: [GeneratedPair] = []
for rows in scalingRows {
    if rows == endToEndRows {
        scalingPairs.append(typical)
    } else {
        progress("generating \(Format.count(rows)) rows")
        scalingPairs.append(
            GeneratedPair(name: "typical-\(rows)", screens: TypicalScreens(rows: rows), in: options.workDirectory))
    }
}
progress("phases and whole runs of bento diff in fresh processes, sizes in turn, \(runs) run(s) each")
var phaseRuns = [[PipelineBench.Phases]](repeating: [], count: scalingPairs.count)
// The scaling row is end to end, as a user runs bento: the whole process.
var wholeRuns = [[Double]](repeating: [], count: scalingPairs.count)
let wholeDiffs = scalingPairs.map { pair in
    ChildProcess(executable: bento, arguments: ["diff", "--format", "json", pair.oldPath, pair.newPath])
}
for _ in 0..<runs {
    for (k, pair) in scalingPairs.enumerated() {
        phaseRuns[k].append(PipelineBench(pair: pair).runOnce(program: program))
        wholeRuns[k].append(wholeDiffs[k].run(outputPath: pair.oldPath + ".scaling.out").seconds)
    }
}
let scalingPhases = phaseRuns.map(PipelineBench.median)
let phases =
    scalingPairs.firstIndex { $0.rows == endToEndRows }.map { scalingPhases[$0] }
    ?? PipelineBench.median((0..<runs).map { _ in PipelineBench(pair: typical).runOnce(program: program) })
let bentoDecodeRate = Double(typical.totalSize) / phases.decode / 1e6
var foundationRate: Double?
if options.references {
    progress("Foundation JSONDecoder on the old file")
    let oldData = try! Data(contentsOf: URL(fileURLWithPath: typical.oldPath))
    let foundationSeconds = Stopwatch.median(
        (0..<runs).map { _ in Stopwatch.time { _ = try! JSONDecoder().decode(Screen.self, from: oldData) } })
    foundationRate = Double(typical.oldSize) / foundationSeconds / 1e6
}
table.add(
    .init(
        workload: "parse + decode, \(Format.count(endToEndRows)) rows", bento: Format.fixed(bentoDecodeRate, 0) + " MB/s",
        target: "(none)", reference: foundationRate.map { "JSONDecoder: \(Format.fixed($0, 0)) MB/s" } ?? "(not run)",
        ratio: foundationRate.map { Format.ratio(bentoDecodeRate / $0) } ?? "", passed: nil))
// The machine's pace: simdjson parsing the same files, one after the other,
// as bento's phases read them, on one core.
var simdjsonRate: Double?
if options.references {
    progress("simdjson (python's simdjson module) on both files")
    let seconds = [typical.oldPath, typical.newPath].compactMap { SimdjsonReference.parseSeconds(of: $0, runs: runs) }
    if seconds.count == 2 { simdjsonRate = Double(typical.totalSize) / seconds.reduce(0, +) / 1e6 }
}
table.add(
    .init(
        workload: "parse + decode, \(Format.count(endToEndRows)) rows, one core, against simdjson's parse",
        bento: Format.fixed(bentoDecodeRate, 0) + " MB/s",
        target: "(none)",
        reference: simdjsonRate.map { "simdjson: \(Format.fixed($0, 0)) MB/s" }
            ?? (options.references ? "(no simdjson: pip install pysimdjson)" : "(not run)"),
        ratio: simdjsonRate.map { Format.ratio(bentoDecodeRate / $0) } ?? "", passed: nil))

// MARK: Engine, against CollectionDifference

progress("engine: \(Format.count(engineRows)) rows in one section")
let engineScreens = TypicalScreens(rows: engineRows, rowsPerSection: engineRows, mix: .differenceKit)
// A run takes milliseconds: more of them, for a steadier median.
let engine = EngineBench(screens: engineScreens).measure(runs: max(runs * 3, 15), referenceRuns: runs, withReference: options.references)
table.add(
    .init(
        workload:
            "engine, \(Format.count(engineRows)) rows in one section, \(engine.deletes) del / \(engine.inserts) ins / \(engine.moves) moved, string ids",
        bento: "\(Format.seconds(engine.seconds)), \(engine.moves) moves (minimal: \(engine.minimalMoves))",
        target: "≤ 30 ms, minimal moves",
        reference: engine.referenceSeconds.map {
            "CollectionDifference: \(Format.seconds($0)), \(engine.referenceMoves!) moves"
        } ?? "(not run)",
        ratio: engine.referenceSeconds.map { Format.ratio($0 / engine.seconds) } ?? "",
        passed: judged ? engine.seconds <= 0.030 && engine.moves == engine.minimalMoves : nil))

// MARK: Scaling

var perRow: [(rows: Int, nanoseconds: Double)] = []
func phaseRow(_ label: String, _ p: PipelineBench.Phases, rows: Int, bytes: Int) -> [String] {
    [
        label, Format.seconds(p.read), Format.seconds(p.decode), Format.seconds(p.diff),
        Format.seconds(p.render), Format.seconds(p.total), Format.fixed(Double(bytes) / p.total / 1e6, 0),
        Format.fixed(p.total / Double(rows) * 1e9, 0),
    ]
}
for (k, pair) in scalingPairs.enumerated() {
    let p = scalingPhases[k]
    perRow.append((pair.rows, Stopwatch.median(wholeRuns[k]) / Double(pair.rows) * 1e9))
    phaseRows.append(phaseRow("\(Format.count(pair.rows)) rows", p, rows: pair.rows, bytes: pair.totalSize))
}
// The largest size against 100k rows (or the smallest, when there is no 100k).
let baseline = perRow.first { $0.rows == 100_000 } ?? perRow[0], largest = perRow.last!
let growth = largest.nanoseconds / baseline.nanoseconds
table.add(
    .init(
        workload:
            "scaling \(perRow.map { Format.count($0.rows) }.joined(separator: " → ")) rows, `diff --format json` end to end",
        bento: perRow.map { Format.fixed($0.nanoseconds, 0) }.joined(separator: " → ") + " ns/row",
        target: "\(Format.count(largest.rows)) per-row time within 1.2× of \(Format.count(baseline.rows))'s",
        ratio: Format.ratio(growth), passed: judged && options.rows == nil ? growth <= 1.2 : nil))

// MARK: Adversarial pairs, against the typical per-row time

let typicalPerRow = phases.total / Double(typical.rows) * 1e9
var adversarialRows: [[String]] = []
for kind in AdversarialScreens.Kind.allCases {
    progress("adversarial: \(kind.rawValue), \(Format.count(endToEndRows)) rows")
    let pair = AdversarialPair(kind: kind, rows: endToEndRows, in: options.workDirectory)
    let p = PipelineBench.median((0..<runs).map { _ in PipelineBench(pair: pair.files).runOnce(program: program) })
    let perRow = p.total / Double(pair.files.rows) * 1e9
    table.add(
        .init(
            workload: "adversarial: \(kind.rawValue), \(Format.count(pair.files.rows)) rows (\(pair.summary))",
            bento: "\(Format.seconds(p.total)), \(Format.fixed(perRow, 0)) ns/row",
            target: "≤ 2× typical per-row time", reference: "typical: \(Format.fixed(typicalPerRow, 0)) ns/row",
            ratio: Format.ratio(perRow / typicalPerRow), passed: judged ? perRow <= 2 * typicalPerRow : nil))
    adversarialRows.append(phaseRow(kind.rawValue, p, rows: pair.files.rows, bytes: pair.files.totalSize))
}

// MARK: Every command on the adversarial inputs

let adversarialCommandTimes = adversarialCommands()

// MARK: Small screens, whole process

progress("two small screens, whole process")
let small = GeneratedPair(
    name: "small", screens: TypicalScreens(rows: 10, rowsPerSection: 4), in: options.workDirectory)
let smallRun = EndToEndBench(bento: bento, pair: small, helper: program).measure(runs: max(runs, 5) * 4, withReference: false)
table.add(
    .init(
        workload: "two small screens (\(Format.fixed(Double(small.oldSize) / 1000, 1)) KB, \(Format.fixed(Double(small.newSize) / 1000, 1)) KB), whole process",
        bento: Format.seconds(smallRun.seconds), target: "≤ 3 ms", passed: judged ? smallRun.seconds <= 0.003 : nil))

// MARK: Report

print(table.render())
print("Scaling, the judged row: the whole `bento diff --format json` process (medians of fresh processes, sizes in turn):\n")
print(
    BenchTable.markdown(
        header: ["size", "whole process", "ns/row"],
        body: scalingPairs.indices.map { k in
            [
                "\(Format.count(scalingPairs[k].rows)) rows", Format.seconds(Stopwatch.median(wholeRuns[k])),
                Format.fixed(perRow[k].nanoseconds, 0),
            ]
        }))
print("Phases (medians of fresh processes; read and parse + decode are for both files, one after the other):\n")
print(
    BenchTable.markdown(
        header: ["size", "read", "parse + decode", "diff", "render", "total", "MB/s", "ns/row"], body: phaseRows))
print("Adversarial pairs, the same phases:\n")
print(
    BenchTable.markdown(
        header: ["pair", "read", "parse + decode", "diff", "render", "total", "MB/s", "ns/row"], body: adversarialRows))
print("Adversarial inputs, every command (medians):\n")
print(adversarialCommandTimes)
print("load \(MachineInfo.load) at end")
if options.quick {
    print("quick run: a smoke test at \(Format.count(endToEndRows)) rows; targets are judged only in a full run")
}
exit(table.allPassed ? 0 : 1)
