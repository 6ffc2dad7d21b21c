import BenchmarkScreens

/// Every format, `apply` and `merge` on the inputs of `AdversarialInputs`,
/// at a size and at twice it: a step slower than O(n log n) shows as a
/// format far behind the JSON diff, a command slower per byte than on the
/// typical pair, or a time that more than doubles with the input.
struct AdversarialCommandBench {
    /// The commands timed, by name: each format of `diff`, then `apply`
    /// and `merge`.
    static let formats = ["json", "text", "unified", "patch", "html", "uikit", "markdown", "github"]
    static let commands = formats + ["apply", "merge"]

    /// One input's files, and its changeset (the JSON diff's output).
    struct Files {
        let kind: AdversarialInputs.Kind
        let size: Int
        let old: String, new: String, theirs: String, changeset: String
        /// OLD and NEW, in bytes.
        let bytes: Int
    }

    let bento: String
    let directory: String

    /// Writes the texts of `kind` at `size`, and the changeset from OLD to NEW.
    func files(_ kind: AdversarialInputs.Kind, size: Int) -> Files {
        let texts = AdversarialInputs.texts(kind, size: size)
        let dir = "\(directory)/adversarial-\(kind.rawValue)-\(size)"
        GeneratedPair.makeDirectory(dir)
        let (old, new, theirs) = (dir + "/old.json", dir + "/new.json", dir + "/theirs.json")
        let bytes = GeneratedPair.write(texts.old, to: old) + GeneratedPair.write(texts.new, to: new)
        GeneratedPair.write(texts.theirs, to: theirs)
        let changeset = dir + "/changeset.json"
        let made = ChildProcess(executable: bento, arguments: ["diff", "-f", "json", old, new]).run(outputPath: changeset)
        guard made.status == 1 else { BenchOptions.fail("bento diff of adversarial \(kind.rawValue) exited with \(made.status)") }
        return Files(kind: kind, size: size, old: old, new: new, theirs: theirs, changeset: changeset, bytes: bytes)
    }

    /// The arguments of command `name` on `files`, its output to `output`
    /// where it writes a file, and the status it must exit with.
    func arguments(_ name: String, _ files: Files, output: String) -> (arguments: [String], status: Int32) {
        switch name {
        case "apply": (["apply", "-o", output, files.old, files.changeset], 0)
        case "merge": (["merge", "-q", "-o", output, files.new, files.old, files.theirs], 0)
        default: (["diff", "--format", name, files.old, files.new], 1)
        }
    }

    /// The typical pair, whose JSON diff is the measure of time per byte.
    struct Typical {
        let old: String, new: String
        /// OLD and NEW, in bytes.
        let bytes: Int
    }

    /// The times of `runs` runs of every command on each of `inputs` (an
    /// input at its size, then at twice it), the commands and inputs taking
    /// turns run after run, so that all see the same load, in an order
    /// turned by one each turn: a command runs
    /// on an input at its size and at twice it one right after the other,
    /// so that a growth is measured as much as can be under one load. By
    /// input, then by command, turn by turn; and those of the JSON diff of
    /// `typical`, run once in each turn, so that the time per byte it
    /// stands for is taken under the same load as the others.
    func measure(_ inputs: [Files], typical: Typical, runs: Int) -> (times: [[String: [Double]]], typical: [Double]) {
        var times = [[String: [Double]]](repeating: [:], count: inputs.count)
        var typicalTimes: [Double] = []
        for turn in 0..<runs {
            let output = typical.old + ".adversarial-turn.out"
            let outcome = ChildProcess(executable: bento, arguments: ["diff", "--format", "json", typical.old, typical.new])
                .run(outputPath: output)
            guard outcome.status == 1 else { BenchOptions.fail("bento diff of the typical pair exited with \(outcome.status)") }
            typicalTimes.append(outcome.seconds)
            // The commands in an order turned by one each turn: the command
            // run first on an input follows the heaviest work of the turn
            // (the typical pair, or the last command on the inputs before),
            // while the system still settles from it, and no command should
            // always be that one.
            let first = turn % Self.commands.count
            let order = Array(Self.commands[first...] + Self.commands[..<first])
            for pair in stride(from: 0, to: inputs.count, by: 2) {
                for name in order {
                    for k in pair..<min(pair + 2, inputs.count) {
                        let files = inputs[k]
                        let output = files.old + ".\(name).out"
                        let (arguments, status) = arguments(name, files, output: output)
                        let outcome = ChildProcess(executable: bento, arguments: arguments).run(outputPath: output)
                        guard outcome.status == status else {
                            BenchOptions.fail(
                                "bento \(arguments.joined(separator: " ")) exited with \(outcome.status), expected \(status)")
                        }
                        times[k][name, default: []].append(outcome.seconds)
                    }
                }
            }
        }
        // What apply and merge wrote must be the screens they stand for.
        for files in inputs {
            if !ChildProcess.sameScreens(files.new, files.old + ".apply.out", bento: bento) {
                BenchOptions.fail("bento apply on adversarial \(files.kind.rawValue) did not write the new screen")
            }
        }
        return (times, typicalTimes)
    }
}

extension AdversarialCommandBench {
    /// The sizes timed at (and at twice): OLD of a few to tens of megabytes;
    /// a hundredth in a quick run.
    static func size(_ kind: AdversarialInputs.Kind, quick: Bool) -> Int {
        let full: Int =
            switch kind {
            case .reversedSection, .allMovedAcross: 40_000
            case .oneLine, .oneLinePretty: 40_000
            case .allUpdated: 100_000
            case .hugeString: 10_000_000
            case .wideProps: 100_000
            }
        return quick ? max(100, full / 100) : full
    }

    /// Measures every command on every input at its size and at twice it,
    /// and adds the judged rows to `table`: the slowest format against the
    /// JSON diff (at most 1.5×, as on the typical pair),
    /// the JSON diff's time per byte against the typical pair's, timed in
    /// the same turns (at most 2×), the largest growth at twice the size
    /// (at most 2.3×), and `apply` and `merge` on the one-line file against
    /// the same screens pretty-printed (at most 1.5×). Times are medians;
    /// each ratio is the median of the ratios of the turns
    /// (`Stopwatch.pairedRatio`), whose runs share a load.
    /// - Returns: the detail table's rows, a row per input and size.
    func report(into table: inout BenchTable, typical: Typical, runs: Int, quick: Bool, judged: Bool) -> [[String]] {
        let kinds = AdversarialInputs.Kind.allCases
        var inputs: [Files] = []
        for kind in kinds {
            let n = Self.size(kind, quick: quick)
            BenchOptions.standardError("bento-bench: adversarial inputs: \(kind.rawValue), \(Format.count(n)) and \(Format.count(2 * n))\n")
            inputs.append(files(kind, size: n))
            inputs.append(files(kind, size: 2 * n))
        }
        BenchOptions.standardError("bento-bench: every command on the adversarial inputs, \(runs) run(s) each, in turn\n")
        let (runTimes, typicalRuns) = measure(inputs, typical: typical, runs: runs)
        let times = runTimes.map { $0.mapValues(Stopwatch.median) }
        let typicalPerByte = Stopwatch.median(typicalRuns) / Double(typical.bytes)
        func at(_ kind: AdversarialInputs.Kind, doubled: Bool) -> (files: Files, times: [String: Double], runs: [String: [Double]]) {
            let k = 2 * kinds.firstIndex(of: kind)! + (doubled ? 1 : 0)
            return (inputs[k], times[k], runTimes[k])
        }
        for kind in kinds where kind != .oneLinePretty {
            let (files, t, runs) = at(kind, doubled: false)
            let (_, twice, twiceRuns) = at(kind, doubled: true)
            let json = t["json"]!
            let label = "adversarial \(kind.rawValue) (\(Format.count(files.size)), \(Format.megabytes(files.bytes)))"
            let againstJSON = Self.formats.filter { $0 != "json" }.map { ($0, Stopwatch.pairedRatio(runs[$0]!, runs["json"]!)) }
            let (slowest, formatRatio) = againstJSON.max { $0.1 < $1.1 }!
            table.add(
                .init(
                    workload: "\(label): slowest format against json", bento: "\(slowest): \(Format.seconds(t[slowest]!))",
                    target: "≤ 1.5× --format json", reference: "json: \(Format.seconds(json))",
                    ratio: Format.ratio(formatRatio), passed: judged ? formatRatio <= 1.5 : nil))
            let perByte = json / Double(files.bytes)
            let perByteRatio = Stopwatch.pairedRatio(
                runs["json"]!.map { $0 / Double(files.bytes) }, typicalRuns.map { $0 / Double(typical.bytes) })
            table.add(
                .init(
                    workload: "\(label): json, time per byte", bento: "\(Format.fixed(perByte * 1e9, 2)) ns/byte",
                    target: "≤ 2× the typical pair's", reference: "typical: \(Format.fixed(typicalPerByte * 1e9, 2)) ns/byte",
                    ratio: Format.ratio(perByteRatio), passed: judged ? perByteRatio <= 2 : nil))
            let growths = Self.commands.map { ($0, Stopwatch.pairedRatio(twiceRuns[$0]!, runs[$0]!)) }
            let (steepest, growth) = growths.max { $0.1 < $1.1 }!
            table.add(
                .init(
                    workload: "\(label): every command at twice the size", bento: "\(steepest): \(Format.seconds(twice[steepest]!))",
                    target: "≤ 2.3× as long", reference: "\(Format.count(files.size)): \(Format.seconds(t[steepest]!))",
                    ratio: Format.ratio(growth), passed: judged ? growth <= 2.3 : nil))
        }
        let (line, pretty) = (at(.oneLine, doubled: false), at(.oneLinePretty, doubled: false))
        for name in ["apply", "merge"] {
            let ratio = Stopwatch.pairedRatio(line.runs[name]!, pretty.runs[name]!)
            table.add(
                .init(
                    workload: "adversarial oneLine: `\(name)` against the same screens pretty-printed",
                    bento: Format.seconds(line.times[name]!), target: "≤ 1.5× pretty-printed",
                    reference: "pretty: \(Format.seconds(pretty.times[name]!))", ratio: Format.ratio(ratio),
                    passed: judged ? ratio <= 1.5 : nil))
        }
        return inputs.indices.map { k in
            ["\(inputs[k].kind.rawValue) \(Format.count(inputs[k].size))", Format.megabytes(inputs[k].bytes)]
                + Self.commands.map { Format.seconds(times[k][$0]!) }
        }
    }
}
