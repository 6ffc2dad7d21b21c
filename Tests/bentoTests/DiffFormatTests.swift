import Foundation
import Testing

@Suite("bento diff --format unified and patch")
struct DiffFormatTests {
    /// Two small screens in a temporary folder.
    private func pair() throws -> (scratch: ScratchDirectory, old: String, new: String) {
        let scratch = try ScratchDirectory()
        let dir = scratch.url
        let old = dir.appendingPathComponent("old.json"), new = dir.appendingPathComponent("new.json")
        try ScratchDirectory.write(
            #"{"box": {"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T"}}, {"id": "b", "component": {"type": "T"}}]}]}}"#,
            to: old)
        try ScratchDirectory.write(
            #"{"box": {"sections": [{"id": "s", "rows": [{"id": "b", "component": {"type": "T"}}, {"id": "a", "component": {"type": "T"}}]}]}}"#,
            to: new)
        return (scratch, old.path, new.path)
    }

    @Test("-u, --format unified and -U 3 print the same report; exit 1")
    func unifiedSpellings() throws {
        let (scratch, old, new) = try pair()
        defer { withExtendedLifetime(scratch) {} }
        let runs = try [["-u"], ["--format", "unified"], ["-f", "unified"], ["-U", "3"], ["--context=3"], ["-uU3"]].map {
            try BentoProcess.run(["diff"] + $0 + [old, new])
        }
        for run in runs {
            #expect(run.status == 1)
            #expect(run.stdout == runs[0].stdout)
        }
        #expect(runs[0].stdout.hasPrefix("--- \(old)\n+++ \(new)\n@@ -1,6 +1,6 @@\n"))
        #expect(!runs[0].stdout.contains("\u{1B}["), "no colour in a pipe")
    }

    @Test("-U 0 drops the context; --color always colours")
    func contextAndColour() throws {
        let (scratch, old, new) = try pair()
        defer { withExtendedLifetime(scratch) {} }
        let bare = try BentoProcess.run(["diff", "-U0", old, new])
        #expect(bare.stdout.split(separator: "\n").filter { $0.hasPrefix(" ") }.isEmpty)
        let coloured = try BentoProcess.run(["diff", "-u", "--color", "always", old, new])
        #expect(coloured.stdout.contains("\u{1B}[36m@@"))
        let noColor = try BentoProcess.run(["diff", "-u", "--color", "auto", old, new], environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}["))
    }

    @Test("bad context lengths are usage errors")
    func usage() throws {
        let (scratch, old, new) = try pair()
        defer { withExtendedLifetime(scratch) {} }
        for arguments in [["-U", "x"], ["-U", "-1"], ["--context", ""]] {
            let run = try BentoProcess.run(["diff"] + arguments + [old, new])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.hasPrefix("bento: "), "\(arguments)")
        }
    }

    @Test("the last format flag wins, as in GNU diff: -u -f json is json, -f json -u is unified")
    func lastFormatWins() throws {
        let (scratch, old, new) = try pair()
        defer { withExtendedLifetime(scratch) {} }
        let json = try BentoProcess.run(["diff", "-u", "-f", "json", old, new])
        #expect(json.status == 1 && json.stdout.hasPrefix("{\n  \"version\": 1"))
        let patch = try BentoProcess.run(["diff", "-U2", "--format", "patch", old, new])
        #expect(patch.status == 1 && patch.stdout.hasPrefix("["))
        let unified = try BentoProcess.run(["diff", "-f", "json", "-U", "1", old, new])
        #expect(unified.status == 1 && unified.stdout.hasPrefix("--- "))
        let text = try BentoProcess.run(["diff", "-f", "json", "--format=text", old, new])
        #expect(text.status == 1 && text.stdout.hasPrefix("\(old) → \(new)"))
    }

    @Test("identical screens: exit 0, an empty report, an empty patch")
    func identical() throws {
        let (scratch, old, _) = try pair()
        defer { withExtendedLifetime(scratch) {} }
        let unified = try BentoProcess.run(["diff", "-u", old, old])
        #expect(unified.status == 0 && unified.stdout.isEmpty)
        let patch = try BentoProcess.run(["diff", "-f", "patch", old, old])
        #expect(patch.status == 0 && patch.stdout == "[]\n")
    }

    @Test("--format patch: one move, exit 1; -q prints nothing")
    func patch() throws {
        let (scratch, old, new) = try pair()
        defer { withExtendedLifetime(scratch) {} }
        let run = try BentoProcess.run(["diff", "--format", "patch", old, new])
        #expect(run.status == 1)
        #expect(run.stdout == "[\n  {\"op\": \"move\", \"from\": \"/box/sections/0/rows/1\", \"path\": \"/box/sections/0/rows/0\"}\n]\n")
        let quiet = try BentoProcess.run(["diff", "-q", "--format", "patch", old, new])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty)
    }

    @Test("invalid input in the patch and unified formats: exit 2, nothing on stdout")
    func invalid() throws {
        let (scratch, old, _) = try pair()
        defer { withExtendedLifetime(scratch) {} }
        for format in ["patch", "unified"] {
            let run = try BentoProcess.run(["diff", "-f", format, old, "-"], stdin: Array("{\"box\": 1}".utf8))
            #expect(run.status == 2)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("bento: -:1:9: box: "), "\(run.stderr)")
        }
    }
}
