import Foundation
import Testing

/// A limit on memory (bento-screen(5), RESOURCES AND INTERRUPTION) is an
/// error like any other: one line naming the file, exit 2, nothing on
/// standard output and no file written; never a trace or a crash.
///
/// The sweep over limits runs against the release build, as users run it
/// (`.ci/run` sets BENTO_EXECUTABLE): a debug build's allocations differ.
@Suite("A limit on memory", .serialized)
struct MemoryLimitTests {
    /// A pair of screens of about 1.7 MB each per thousand sections, its
    /// changeset, and THEIRS (another change of OLD) for a merge.
    final class Inputs {
        let scratch: ScratchDirectory
        let old: String, new: String, theirs: String, changeset: String, trees: (String, String)

        init(sections: Int = 1_000) throws {
            scratch = try ScratchDirectory()
            func screen(_ title: (Int, Int) -> String?) -> String {
                ApplyCommandTests.longScreen(sections: sections, rows: 20) { s, r in title(s, r) }
            }
            old = try scratch.write("old.json", screen { s, r in "row \(s).\(r)" })
            new = try scratch.write("new.json", screen { s, r in s % 3 == 0 && r == 1 ? nil : s % 4 == 0 ? "new \(s).\(r)" : "row \(s).\(r)" })
            theirs = try scratch.write("theirs.json", screen { s, r in s % 5 == 0 ? "theirs \(s).\(r)" : "row \(s).\(r)" })
            changeset = try scratch.write("c.json", bytes: try BentoRun.run(["diff", "-f", "json", old, new]).stdout)
            for (tree, file) in [("a", old), ("b", new)] {
                try FileManager.default.createDirectory(atPath: scratch.path(tree), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: file, toPath: scratch.path("\(tree)/screen.json"))
            }
            trees = (scratch.path("a"), scratch.path("b"))
        }

        /// Every command, as arguments, with the file `-o` writes where it writes one.
        var commands: [(arguments: [String], output: String?)] {
            let formats = ["json", "text", "unified", "patch", "html", "uikit", "markdown", "github"]
            let target = scratch.path("target.json")
            return formats.map { (["diff", "-f", $0, old, new], nil) } + [
                (["apply", "-o", target, old, changeset], target),
                (["merge", "-o", target, new, old, theirs], target),
                (["validate", old, new], nil), (["show", old], nil), (["diff", trees.0, trees.1], nil),
            ]
        }
    }

    /// Runs bento under `ulimit -v kilobytes`; the outcome must be the
    /// command's own or the one-line error, and an `-o` target untouched
    /// when it is the error.
    private func check(_ arguments: [String], output: String?, underKilobytes kilobytes: Int, _ inputs: Inputs) throws {
        if let output { try "the target\n".write(toFile: output, atomically: false, encoding: .utf8) }
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let run = try BentoRun.shell("ulimit -v \(kilobytes); exec bento \(quoted)")
        let label = "\(arguments.prefix(3).joined(separator: " ")) under \(kilobytes / 1024) MB"
        #expect(!run.signaled, "\(label): \(run)")
        #expect(!run.standardError.contains("Fatal error") && !run.standardError.contains("stack trace"), "\(label): \(run)")
        if run.status == 2 {
            // One line; validate says it of each file that does not fit.
            let most = arguments[0] == "validate" ? arguments.count - 1 : 1
            #expect((1...most).contains(run.errorLines.count), "\(label): \(run)")
            for line in run.errorLines { #expect(line.contains(": not enough memory: needs about "), "\(label): \(run)") }
            #expect(run.stdout.isEmpty, "\(label)")
            if let output { #expect(try String(contentsOfFile: output, encoding: .utf8) == "the target\n", "\(label)") }
        } else {
            #expect(run.status == 0 || run.status == 1, "\(label): \(run)")
        }
    }

    /// Inputs of about 7 MB each under 40 MB: every command needs several
    /// times its inputs, in a debug build and in the release build alike.
    @Test("a limit far below what the inputs need: every command says so in one line, exit 2, and writes nothing")
    func belowTheInputs() throws {
        let inputs = try Inputs(sections: 4_000)
        for (arguments, output) in inputs.commands {
            let target = output ?? ""
            if let output { try "the target\n".write(toFile: output, atomically: false, encoding: .utf8) }
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            let run = try BentoRun.shell("ulimit -v \(40 * 1024); exec bento \(quoted)")
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.stdout.isEmpty)
            // One line (validate: one for each file it checks).
            let files = arguments[0] == "validate" ? arguments.count - 1 : 1
            #expect(run.errorLines.count == files, "\(arguments): \(run)")
            for line in run.errorLines {
                #expect(line.hasPrefix("bento: ") && line.contains(": not enough memory: needs about "), "\(arguments): \(run)")
            }
            if output != nil { #expect(try String(contentsOfFile: target, encoding: .utf8) == "the target\n") }
        }
    }

    @Test(
        "every command under every limit from 32 MB up: its result or the one line, never a trace",
        .enabled(if: ProcessInfo.processInfo.environment["BENTO_EXECUTABLE"] != nil))
    func sweep() throws {
        let inputs = try Inputs()
        for (arguments, output) in inputs.commands {
            for megabytes in stride(from: 32, through: 160, by: 8) {
                try check(arguments, output: output, underKilobytes: megabytes * 1024, inputs)
            }
        }
    }

    @Test("small screens run under 32 MB", .enabled(if: ProcessInfo.processInfo.environment["BENTO_EXECUTABLE"] != nil))
    func smallScreens() throws {
        let run = try BentoRun.shell(
            "ulimit -v \(32 * 1024); bento diff '\(BentoRun.fixture("pharmacy/old.json"))' '\(BentoRun.fixture("pharmacy/new.json"))'")
        #expect(run.status == 1, "\(run)")
        #expect(run.standardOutput.contains("1 section updated"), "\(run)")
    }

    /// A cgroup (v1's memory controller, or v2 with the controller on)
    /// this test may make, when it runs as root.
    private static var cgroupRoot: String? {
        guard getuid() == 0 else { return nil }
        for root in ["/sys/fs/cgroup/memory", "/sys/fs/cgroup"]
        where FileManager.default.fileExists(atPath: root + "/cgroup.procs")
            && (FileManager.default.fileExists(atPath: root + "/memory.limit_in_bytes")
                || (try? String(contentsOfFile: root + "/cgroup.subtree_control", encoding: .utf8))?.contains("memory") == true)
        {
            return root
        }
        return nil
    }

    @Test("a container's limit (a cgroup's) is weighed too: the result or the one line, never killed", .enabled(if: cgroupRoot != nil))
    func cgroup() throws {
        let inputs = try Inputs()
        let root = Self.cgroupRoot!
        let group = root + "/bento-test-\(getpid())"
        try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: false)
        defer { unsafe rmdir(group) }
        let limitFile = FileManager.default.fileExists(atPath: group + "/memory.limit_in_bytes") ? "memory.limit_in_bytes" : "memory.max"
        for megabytes in [16, 48] {
            try "\(megabytes << 20)\n".write(toFile: group + "/" + limitFile, atomically: false, encoding: .utf8)
            let run = try BentoRun.shell(
                "echo $$ > '\(group)/cgroup.procs' && exec bento diff -f json '\(inputs.old)' '\(inputs.new)' > /dev/null")
            #expect(!run.signaled && run.status != 137, "\(megabytes) MB: \(run)")
            #expect(run.status == 1 || run.standardError.contains("not enough memory"), "\(megabytes) MB: \(run)")
        }
        let small = try BentoRun.shell(
            "echo $$ > '\(group)/cgroup.procs' && exec bento diff -q '\(BentoRun.fixture("pharmacy/old.json"))' '\(BentoRun.fixture("pharmacy/new.json"))'")
        #expect(small.status == 1, "\(small)")
    }
}
