import Foundation
import Testing

/// Habits a new user brings from diff and git, each tried as they type it.
@Suite("Rough edges")
struct RoughEdgeTests {
    private let old = BentoProcess.fixture("pharmacy/old.json"), new = BentoProcess.fixture("pharmacy/new.json")

    @Test("-U without its number says -U needs a number of lines, exit 2")
    func contextWithoutNumber() throws {
        let run = try BentoProcess.run(["diff", "-U", old, new])
        #expect(run.status == 2 && run.stdout == "")
        #expect(run.stderr.contains("-U (--context) needs a number of lines"), "\(run.stderr)")
        #expect(!run.stderr.contains("missing file operand"))
    }

    @Test("bento help diff extra is bad usage, exit 2")
    func helpExtraOperand() throws {
        let run = try BentoProcess.run(["help", "diff", "extra"])
        #expect(run.status == 2 && run.stdout == "")
        #expect(run.stderr.contains("unexpected operand 'extra'"), "\(run.stderr)")
        #expect(try BentoProcess.run(["help", "diff"]).status == 0)
    }

    @Test("validate: a file that cannot be read is trouble, exit 2, and the other files are still checked")
    func validateUnreadable() throws {
        let scratch = try ScratchDirectory()
        let invalid = try scratch.write("bad.json", "{\"box\": {\"sections\": [{\"id\": \"a\", \"row\": []}]}}\n")
        let run = try BentoProcess.run(["validate", "nope.json", old, invalid])
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 2, "\(run.stderr)")
        #expect(run.stderrLines.first?.hasPrefix("bento: nope.json: ") == true)
        #expect(run.stderr.contains("did you mean \"rows\""), "the invalid file after it is still checked")
        #expect(try BentoProcess.run(["validate", old, invalid]).status == 1)
    }

    @Test("-r and --recursive are accepted: directories are always compared recursively")
    func recursive() throws {
        for flag in ["-r", "--recursive"] {
            let run = try BentoProcess.run(["diff", flag, "-q", old, new])
            #expect(run.status == 1, "\(flag): \(run.stderr)")
        }
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("a/deep"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("b/deep"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: old, toPath: scratch.url.appendingPathComponent("a/deep/s.json").path)
        try FileManager.default.copyItem(atPath: new, toPath: scratch.url.appendingPathComponent("b/deep/s.json").path)
        let dirs = try BentoProcess.run(
            ["diff", "-r", "--name-only", scratch.url.appendingPathComponent("a").path, scratch.url.appendingPathComponent("b").path])
        #expect(dirs.status == 1 && dirs.stdout == "deep/s.json\n", "\(dirs.stdout)\(dirs.stderr)")
    }
}
