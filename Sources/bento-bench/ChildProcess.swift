#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// standard error to `errorPath`, or is kept.
    func run(outputPath: String, errorPath: String? = nil) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let errorPath { posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        var variables: [String] = environment
        var entry = environ
        while let pointer = entry.pointee {
            variables.append(String(cString: pointer))
            entry += 1
        }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for p in envp { free(p) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            fatalError("bento-bench: cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Stopwatch.now() - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exitStatus, seconds: seconds, peakMemory: Int(usage.ru_maxrss) * 1024)
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
        exit(outcome.status)
    }

    /// Whether `bento diff -q` finds the screens at `a` and `b` the same:
    /// how a command's text is checked before its time counts.
    static func sameScreens(_ a: String, _ b: String, bento: String) -> Bool {
        ChildProcess(executable: bento, arguments: ["diff", "-q", a, b]).run(outputPath: "/dev/null").status == 0
    }

    /// The full path of `name` on PATH, if any.
    static func find(_ name: String) -> String? {
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
