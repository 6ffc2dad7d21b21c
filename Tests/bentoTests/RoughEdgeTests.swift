import Foundation
import Testing

/// Habits a new user brings from diff and git, each tried as they type it.
@Suite("Rough edges")
struct RoughEdgeTests {
    private let old = BentoProcess.fixture("pharmacy/old.json"), new = BentoProcess.fixture("pharmacy/new.json")

    /// Directories `a` and `b` in a new scratch directory, with `files`
    /// copied in: each a fixture path and the path it takes under the scratch.
    private func trees(_ files: [(from: String, to: String)]) throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent(side), withIntermediateDirectories: true)
        }
        for file in files {
            try FileManager.default.copyItem(atPath: file.from, toPath: scratch.url.appendingPathComponent(file.to).path)
        }
        return scratch
    }

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

    @Test("a UTF-16 or UTF-32 file is named as such, not as invalid UTF-8")
    func otherEncodings() throws {
        let scratch = try ScratchDirectory()
        let text = Array(#"{"sections": []}"#.utf16)
        let little = try scratch.write("le.json", bytes: [0xFF, 0xFE] + text.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let big = try scratch.write("be.json", bytes: [0xFE, 0xFF] + text.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let run = try BentoProcess.run(["validate", little, big])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["bento: \(little):1:1: UTF-16 (little-endian); bento reads UTF-8",
                                    "bento: \(big):1:1: UTF-16 (big-endian); bento reads UTF-8"], "\(run.stderr)")
    }

    @Test("a FIFO named *.json in a compared directory is named on standard error as skipped; the status is unchanged")
    func fifoSkipped() throws {
        let scratch = try trees([(old, "a/s.json"), (old, "b/s.json")])
        let fifo = scratch.url.appendingPathComponent("a/pipe.json").path
        #expect(try ExternalProgram.run("mkfifo", [fifo], in: scratch.url).status == 0)
        let run = try BentoProcess.run(["diff", scratch.url.appendingPathComponent("a").path, scratch.url.appendingPathComponent("b").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines == ["bento: \(fifo): skipped: not a regular file"], "\(run.stderr)")
    }

    @Test("--label in directory mode names the two roots in headers and listings")
    func labelsInDirectoryMode() throws {
        let scratch = try trees([(old, "a/s.json"), (new, "b/s.json"), (old, "a/gone.json")])
        let (a, b) = (scratch.url.appendingPathComponent("a").path, scratch.url.appendingPathComponent("b").path)
        let text = try BentoProcess.run(["diff", "--label", "base", "--label", "head", a, b])
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("Only in base: gone.json\n\nbase/s.json → head/s.json\n"), "\(text.stdout)")
        #expect(!text.stdout.contains(a) && !text.stdout.contains(b))
        let unified = try BentoProcess.run(["diff", "--label", "base", "--label", "head", "-u", a, b])
        #expect(unified.stdout.contains("--- base/s.json\n+++ head/s.json\n"), "\(unified.stdout)")
        let json = try BentoProcess.run(["diff", "--label", "base", "--label", "head", "-f", "json", a, b])
        #expect(json.stdout.contains(#""old": "base","#) && json.stdout.contains(#""new": "head","#))
    }

    @Test("validate and diff report every duplicate id of a file, each with both positions, in document order")
    func everyDuplicateID() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write(
            "dup.json",
            """
            {"box": {"sections": [
              {"id": "a", "rows": [{"id": "x", "component": {"type": "T"}}, {"id": "x", "component": {"type": "T"}}]},
              {"id": "a", "rows": []},
              {"id": "b", "rows": [{"id": 1, "component": {"type": "T"}}, {"id": 1, "component": {"type": "T"}}]}
            ]}}

            """)
        let expected = [
            "bento: \(file):2:72: box.sections[0].rows[1].id: duplicate row id \"x\" (first at 2:31, box.sections[0].rows[0].id)",
            "bento: \(file):3:10: box.sections[1].id: duplicate section id \"a\" (first at 2:10, box.sections[0].id)",
            "bento: \(file):4:70: box.sections[2].rows[1].id: duplicate row id 1 (first at 4:31, box.sections[2].rows[0].id)",
        ]
        let validate = try BentoProcess.run(["validate", file])
        #expect(validate.status == 1 && validate.stderrLines == expected, "\(validate.stderr)")
        let diff = try BentoProcess.run(["diff", file, old])
        #expect(diff.status == 2 && diff.stderrLines == expected, "\(diff.stderr)")
    }

    @Test("a change between NFC and NFD says it differs only in Unicode normalization, in text, unified and HTML")
    func normalization() throws {
        let scratch = try ScratchDirectory()
        let nfc = try scratch.write("nfc.json", #"{"box":{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","title":"Caf\u00e9"}}]}]}}"#)
        let nfd = try scratch.write("nfd.json", #"{"box":{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","title":"Cafe\u0301"}}]}]}}"#)
        let hint = "(differs only in Unicode normalization: U+00E9 → U+0065 U+0301)"
        for format in ["text", "unified", "html"] {
            let run = try BentoProcess.run(["diff", "-f", format, nfc, nfd])
            #expect(run.status == 1 && run.stdout.contains(hint), "\(format): \(run.stdout)")
        }
    }

    @Test("a move whose positions read the same says where it went, in text and HTML")
    func moveInPlace() throws {
        let scratch = try ScratchDirectory()
        let a = try scratch.write("a.json", #"{"box":{"sections":[{"id":"s","rows":[{"id":"x","component":{"type":"T"}},{"id":"y","component":{"type":"T"}},{"id":"z","component":{"type":"T"}}]}]}}"#)
        let b = try scratch.write("b.json", #"{"box":{"sections":[{"id":"s","rows":[{"id":"z","component":{"type":"T"}},{"id":"y","component":{"type":"T"}},{"id":"x","component":{"type":"T"}}]}]}}"#)
        let text = try BentoProcess.run(["diff", a, b])
        #expect(text.stdout.contains("↕ row \"y\" T [0, 1] → [0, 1] (now after \"z\")\n"), "\(text.stdout)")
        let html = try BentoProcess.run(["diff", "-f", "html", a, b])
        #expect(html.stdout.contains("[0, 1] → [0, 1] (now after &quot;z&quot;)</div>") || html.stdout.contains("[0, 1] → [0, 1] (now after \"z\")</div>"), "html")
    }

    @Test("a file name with a newline or an escape is quoted as git quotes it, wherever a path is printed")
    func controlCharactersInNames() throws {
        let scratch = try trees([(old, "a/new\nline.json"), (new, "b/new\nline.json"), (old, "a/esc\u{1B}x.json")])
        let (a, b) = ("a", "b")
        func run(_ arguments: [String]) throws -> BentoProcess.Outcome {
            try BentoProcess.run(["diff"] + arguments + [a, b], currentDirectory: scratch.url)
        }
        #expect(try run(["--name-only"]).stdout == "\"esc\\033x.json\"\n\"new\\nline.json\"\n")
        #expect(try run(["--name-status"]).stdout == "D\t\"esc\\033x.json\"\nM\t\"new\\nline.json\"\n")
        #expect(try run(["--stat"]).stdout.hasPrefix(" \"esc\\033x.json\"  | deleted"))
        let text = try run([]).stdout
        #expect(text.hasPrefix("Only in a: \"esc\\033x.json\"\n\n\"a/new\\nline.json\" → \"b/new\\nline.json\"\n"), "\(text)")
        let unified = try run(["-u"]).stdout
        #expect(unified.contains("\n--- \"a/new\\nline.json\"\n+++ \"b/new\\nline.json\"\n"), "\(unified)")
        #expect(!text.contains("\u{1B}") && !unified.contains("\u{1B}"))
    }

    @Test("memory: a device that never ends is refused, and a limit on memory is a one-line error, exit 2, no trace")
    func memory() throws {
        let run = try BentoRun.shell(
            "ulimit -v 800000; bento diff /dev/zero '\(old)'; echo \"status $?\"; bento validate /dev/random; echo \"status $?\"; "
                + "head -c 700000000 /dev/zero | bento validate -; echo \"status $?\"; "
                // JSON text whose reading fits, but whose tape would not.
                + "{ printf '['; yes '0,' 2>/dev/null | head -c 300000000; printf '0]'; } | bento validate -; echo \"status $?\"")
        #expect(run.standardOutput == "status 2\nstatus 2\nstatus 2\nstatus 2\n", "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(2)) == [
                "bento: /dev/zero: a character device that does not end (more than 1 MiB read); bento reads files and pipes",
                "bento: /dev/random: a character device that does not end (more than 1 MiB read); bento reads files and pipes",
            ])
        #expect(lines.count == 4)
        for line in lines.dropFirst(2) {
            #expect(line.hasPrefix("bento: -: not enough memory: needs about ") && line.contains(" MB, the limit leaves "), "\(line)")
        }
        let empty = try BentoProcess.run(["validate", "/dev/null"])
        #expect(empty.status == 1 && empty.stderr.contains("empty document"), "/dev/null still reads, as an empty file")
    }
}
