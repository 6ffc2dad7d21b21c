import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A signal during a write with `-o`
/// (bento-screen(5), RESOURCES AND INTERRUPTION): the temporary file (and the
/// line merge's private folder) is removed, the target is left whole, and
/// bento ends by that signal.
///
/// Each test freezes bento (SIGSTOP) at a chosen moment of its write, once
/// the temporary file has been seen, so that the file provably existed
/// before the signal; then sends the signal and lets it go on (SIGCONT).
@Suite("Signals during a write with -o", .serialized)
struct SignalTests {
    /// A screen of `sections` sections of 20 rows, every row's title `title`.
    static func screen(sections: Int, title: String) -> String {
        ApplyCommandTests.longScreen(sections: sections, rows: 20) { s, r in "\(title) \(s).\(r)" }
    }

    /// The moments of the write the signal comes at: the temporary file
    /// just made, and about a third and two thirds of it written.
    static let moments: [Double] = [0, 1.0 / 3, 2.0 / 3]

    static let signals: [(name: String, number: Int32)] = [
        ("SIGINT", SIGINT), ("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP), ("SIGPIPE", SIGPIPE),
    ]

    @Test(
        "apply -o: the temporary file goes, the target stays whole, bento ends by the signal",
        arguments: signals.flatMap { signal in moments.map { (signal, $0) } })
    func apply(_ signal: (name: String, number: Int32), at moment: Double) throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.screen(sections: 1000, title: "old"))
        let new = try scratch.write("new.json", Self.screen(sections: 1000, title: "new"))
        let changeset = try scratch.write("c.json", bytes: try BentoRun.run(["diff", "-f", "json", old, new]).stdout)
        let target = try scratch.write("target.json", "the target, as it was\n")
        let size = try FileManager.default.attributesOfItem(atPath: new)[.size] as! Int
        let outcome = try Interrupted.run(
            ["apply", "-o", target, old, changeset], in: scratch, watching: ".target.json.bento-",
            until: Int(Double(size) * moment), signal: signal.number)
        #expect(outcome.sawTemporary, "\(signal.name) at \(moment): the temporary file was never seen")
        #expect(outcome.signaled == signal.number, "\(signal.name) at \(moment): \(outcome)")
        #expect(outcome.leftOver.isEmpty, "\(signal.name) at \(moment): left \(outcome.leftOver.joined(separator: ", "))")
        let kept = try String(contentsOfFile: target, encoding: .utf8)
        #expect(kept == "the target, as it was\n", "\(signal.name) at \(moment)")
    }

    @Test("merge -o, as git's driver runs it: SIGTERM halfway leaves OURS whole and nothing beside it")
    func merge() throws {
        let scratch = try ScratchDirectory()
        let base = try scratch.write("base.json", Self.screen(sections: 3000, title: "base"))
        let ours = try scratch.write("ours.json", Self.screen(sections: 3000, title: "ours"))
        let theirs = try scratch.write(
            "theirs.json", ApplyCommandTests.longScreen(sections: 3000, rows: 21) { s, r in "base \(s).\(r)" })
        let before = try Data(contentsOf: URL(fileURLWithPath: ours))
        let outcome = try Interrupted.run(
            ["merge", "-o", ours, ours, base, theirs], in: scratch, watching: ".ours.json.bento-",
            until: before.count / 2, signal: SIGTERM)
        #expect(outcome.sawTemporary && outcome.signaled == SIGTERM && outcome.leftOver.isEmpty, "\(outcome)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: ours)) == before)
    }

    @Test("the line merge of an invalid side: SIGINT while git merges removes bento's private folder")
    func lineMerge() throws {
        let scratch = try ScratchDirectory()
        let temporary = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let big = Self.screen(sections: 6000, title: "x")
        let ours = try scratch.write("ours.json", big + "not json\n")
        let base = try scratch.write("base.json", big)
        let theirs = try scratch.write("theirs.json", big.replacingOccurrences(of: "x 1", with: "y 1"))
        let outcome = try Interrupted.run(
            ["merge", "-o", ours, ours, base, theirs], in: scratch, watching: "tmp/bento-merge-", until: 0, signal: SIGINT,
            environment: ["TMPDIR": temporary])
        #expect(outcome.sawTemporary, "\(outcome)")
        #expect(outcome.signaled == SIGINT, "\(outcome)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.isEmpty, "left \(left)")
    }

    @Test("-o keeps the target's mode, and its owner and group where the system allows", .enabled(if: getuid() == 0))
    func ownerAndGroup() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.screen(sections: 2, title: "old"))
        let new = try scratch.write("new.json", Self.screen(sections: 2, title: "new"))
        let changeset = try scratch.write("c.json", bytes: try BentoRun.run(["diff", "-f", "json", old, new]).stdout)
        let target = try scratch.write("target.json", "x\n")
        unsafe #expect(chown(target, 4321, 8765) == 0)
        unsafe #expect(chmod(target, 0o640) == 0)
        let run = try BentoRun.run(["apply", "-o", target, old, changeset])
        #expect(run.status == 0, "\(run)")
        var info = stat()
        unsafe #expect(stat(target, &info) == 0)
        #expect(info.st_uid == 4321 && info.st_gid == 8765, "owner \(info.st_uid):\(info.st_gid)")
        #expect(info.st_mode & 0o7777 == 0o640)
    }
}

/// Starts `arguments` (a path, then its arguments) with output to
/// `/dev/null`, the four signals unblocked and at their default action: a
/// test runner may spawn its children with them blocked, where they would
/// never be delivered.
private func spawn(_ arguments: [String], environment: [String: String]) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    unsafe posix_spawnattr_init(&attributes)
    defer { unsafe posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), defaults = sigset_t()
    unsafe sigemptyset(&none)
    unsafe sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { unsafe sigaddset(&defaults, signal) }
    unsafe posix_spawnattr_setsigmask(&attributes, &none)
    unsafe posix_spawnattr_setsigdefault(&attributes, &defaults)
    unsafe posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = unsafe posix_spawn_file_actions_t()
    unsafe posix_spawn_file_actions_init(&actions)
    defer { unsafe posix_spawn_file_actions_destroy(&actions) }
    unsafe posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    unsafe posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = unsafe (arguments.map { unsafe strdup($0) } + [nil])
    defer { for unsafe p in unsafe argv { unsafe free(p) } }
    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let envp: [UnsafeMutablePointer<CChar>?] = unsafe (merged.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil])
    defer { for unsafe p in unsafe envp { unsafe free(p) } }
    var pid = pid_t()
    let spawned = unsafe posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw BentoRun.Failure("posix_spawn: \(spawned)") }
    return pid
}

/// A bento run frozen once a temporary path shows up (and has grown to a
/// size), then sent a signal.
private enum Interrupted {
    struct Outcome: CustomStringConvertible {
        var sawTemporary = false
        /// The signal that ended bento, or 0 when it exited.
        var signaled: Int32 = 0
        var status: Int32 = 0
        /// Temporary paths still there after bento ended.
        var leftOver: [String] = []

        var description: String {
            "saw the temporary: \(sawTemporary), ended by signal \(signaled), status \(status), left \(leftOver)"
        }
    }

    /// Runs bento with `arguments` in `scratch`; once a path starting with
    /// `prefix` (relative to the scratch folder) exists and is `size` bytes
    /// or more, stops bento, sends `signal`, and lets it go on.
    static func run(
        _ arguments: [String], in scratch: ScratchDirectory, watching prefix: String, until size: Int, signal: Int32,
        environment: [String: String] = [:]
    ) throws -> Outcome {
        let folder = (scratch.path(prefix) as NSString).deletingLastPathComponent
        let name = (prefix as NSString).lastPathComponent
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(name) }
        }
        func grown() -> Int? {
            guard let first = temporaries().first else { return nil }
            let path = (folder as NSString).appendingPathComponent(first)
            return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        var outcome = Outcome()
        let pid = try spawn([BentoRun.executable.path] + arguments, environment: environment)
        var status: Int32 = 0
        func exited() -> Bool { unsafe waitpid(pid, &status, WNOHANG) == pid }
        // Watch, freezing bento to look: it runs on in short steps until
        // the temporary path is there and large enough.
        var done = false
        while !done {
            kill(pid, SIGSTOP)
            if let written = grown() {
                outcome.sawTemporary = true
                if written >= size {
                    kill(pid, signal)
                    kill(pid, SIGCONT)
                    break
                }
            }
            kill(pid, SIGCONT)
            done = exited()
            if !done { usleep(outcome.sawTemporary ? 300 : 50) }
        }
        if !done { while unsafe waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
        // WIFSIGNALED and WTERMSIG, which Swift does not import.
        if status & 0x7F != 0 && status & 0x7F != 0x7F { outcome.signaled = status & 0x7F }
        outcome.status = (status >> 8) & 0xFF
        outcome.leftOver = temporaries()
        return outcome
    }
}

