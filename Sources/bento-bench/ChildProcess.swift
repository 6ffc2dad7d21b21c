import BentoJSON

/// Runs a program as a child process, standard output to a file, and
/// measures it as the shell's `time` would: wall time and peak memory (the
/// child's maximum resident set size, from wait4).
///
/// The peak memory is only the child's own when this process is small:
/// `posix_spawn` starts the child in this process's memory, and Linux counts
/// that memory's high-water mark into the child's peak when it runs the
/// program. `measuredAlone` runs it from a fresh, small process instead.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var seconds: Double
        /// Peak resident set size, bytes.
        var peakMemory: Int
    }

    let executable: String
    let arguments: [String]
    /// Variables added to this process's environment for the child.
    var environment: [String] = []

    /// Runs the program once; its standard output goes to `outputPath`,
    /// standard error to `errorPath`, or is kept. The output is a new file:
    /// one an earlier run left there is removed before the clock starts, as
    /// freeing its pages is no part of this run.
    func run(outputPath: String, errorPath: String? = nil) -> Outcome {
        for path in [outputPath, errorPath].compactMap({ $0 }) where path != "/dev/null" {
            _ = Platform.removeFile(FilePath(path))
        }
        let start = Stopwatch.now()
        let exit = Platform.run(
            [executable] + arguments, environment: environment + Platform.environmentEntries(), searchingPath: false,
            input: .null, output: .file(outputPath), error: errorPath.map { .file($0) } ?? .inherited)
        let seconds = Stopwatch.now() - start
        guard let exit else { fatalError("bento-bench: cannot run \(executable)") }
        return Outcome(status: exit.status, seconds: seconds, peakMemory: exit.peakMemory)
    }

    /// Runs the program once, as `run` does, from a fresh copy of this
    /// program (`--peak-of`), so that the peak memory is the child's own and
    /// not this process's.
    func measuredAlone(outputPath: String, helper: String) -> Outcome {
        let peakPath = outputPath + ".peak"
        let outcome = ChildProcess(
            executable: helper, arguments: ["--peak-of", outputPath, executable] + arguments, environment: environment
        ).run(outputPath: peakPath)
        let peak = Int((MachineInfo.readText(peakPath) ?? "").split(separator: "\n").first ?? "") ?? 0
        return Outcome(status: outcome.status, seconds: outcome.seconds, peakMemory: peak)
    }

    /// `--peak-of OUTPUT PROGRAM ARGS…`: runs the program with its standard
    /// output to OUTPUT, prints its peak memory in bytes, exits with its status.
    static func peakOf(_ arguments: [String]) -> Never {
        let outcome = ChildProcess(executable: arguments[1], arguments: Array(arguments.dropFirst(2)))
            .run(outputPath: arguments[0])
        print(outcome.peakMemory)
        Platform.exit(outcome.status)
    }

    /// Whether `bento diff -q` finds the screens at `a` and `b` the same:
    /// how a command's text is checked before its time counts.
    static func sameScreens(_ a: String, _ b: String, bento: String) -> Bool {
        ChildProcess(executable: bento, arguments: ["diff", "-q", a, b]).run(outputPath: "/dev/null").status == 0
    }

    /// The full path of `name` on PATH, if any.
    static func find(_ name: String) -> String? {
        let path = Platform.environmentVariable("PATH") ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if Platform.isExecutable(FilePath(candidate)) { return candidate }
        }
        return nil
    }
}
