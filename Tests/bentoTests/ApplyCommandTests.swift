import Foundation
import Testing

@Suite("bento apply")
struct ApplyCommandTests {
    private var pairs: [(name: String, old: String, new: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: BentoProcess.packageRoot.appendingPathComponent("Fixtures").path)) ?? []
        return names.sorted().compactMap { name in
            let old = BentoProcess.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent("\(name)/old.json").path
            let new = BentoProcess.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent("\(name)/new.json").path
            guard FileManager.default.fileExists(atPath: old) && FileManager.default.fileExists(atPath: new) else { return nil }
            return (name, old, new)
        }
    }

    @Test("every fixture: bento diff NEW <(bento apply OLD CHANGESET) exits 0")
    func roundTrip() throws {
        #expect(!pairs.isEmpty, "no fixtures")
        let scratch = try ScratchDirectory()
        defer { withExtendedLifetime(scratch) {} }
        let dir = scratch.url
        for pair in pairs {
            let changeset = try BentoProcess.run(["diff", "-f", "json", pair.old, pair.new])
            #expect(changeset.status == 0 || changeset.status == 1)
            let changesetFile = dir.appendingPathComponent("\(pair.name).changeset.json")
            try ScratchDirectory.write(changeset.stdout, to: changesetFile)
            let applied = try BentoProcess.run(["apply", pair.old, changesetFile.path])
            #expect(applied.status == 0, "\(pair.name): \(applied.stderr)")
            let check = try BentoProcess.run(["diff", pair.new, "-"], stdin: Array(applied.stdout.utf8))
            #expect(check.status == 0, "\(pair.name): \(check.stdout)")
        }
    }

    @Test("the changeset may come from standard input; a one-line OLD stays on one line, --reformat indents")
    func standardInput() throws {
        let scratch = try ScratchDirectory()
        defer { withExtendedLifetime(scratch) {} }
        let dir = scratch.url
        let old = dir.appendingPathComponent("old.json")
        try ScratchDirectory.write(#"{"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T", "n": 1.50}}]}]}"#, to: old)
        let changeset = #"{"version": 1, "changes": [{"kind": "row", "op": "insert", "box": "box", "id": "b", "section": "s", "to": {"section": 0, "row": 1}, "new": {"id": "b", "component": {"type": "U"}}}]}"#
        let run = try BentoProcess.run(["apply", old.path, "-"], stdin: Array(changeset.utf8))
        #expect(run.status == 0)
        #expect(
            run.stdout
                == #"{"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T", "n": 1.50}}, {"id": "b", "component": {"type": "U"}}]}]}"#)
        let reformatted = try BentoProcess.run(["apply", "--reformat", old.path, "-"], stdin: Array(changeset.utf8))
        #expect(reformatted.status == 0)
        #expect(
            reformatted.stdout == """
                {
                  "sections": [
                    {
                      "id": "s",
                      "rows": [
                        {
                          "id": "a",
                          "component": {
                            "type": "T",
                            "n": 1.50
                          }
                        },
                        {
                          "id": "b",
                          "component": {
                            "type": "U"
                          }
                        }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test("-o writes the file atomically; a mismatch writes nothing and exits 2")
    func output() throws {
        let scratch = try ScratchDirectory()
        defer { withExtendedLifetime(scratch) {} }
        let dir = scratch.url
        let old = dir.appendingPathComponent("old.json"), new = dir.appendingPathComponent("new.json")
        let out = dir.appendingPathComponent("out.json"), changeset = dir.appendingPathComponent("c.json")
        try ScratchDirectory.write(#"{"title": "A", "box": {"sections": []}}"#, to: old)
        try ScratchDirectory.write(#"{"title": "B", "box": {"sections": []}}"#, to: new)
        try ScratchDirectory.write(try BentoProcess.run(["diff", "-f", "json", old.path, new.path]).stdout, to: changeset)

        let run = try BentoProcess.run(["apply", "-o", out.path, old.path, changeset.path])
        #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty)
        #expect(try BentoProcess.run(["diff", "-q", new.path, out.path]).status == 0)

        // Applied again to its own result, the from side no longer matches.
        try ScratchDirectory.write("keep me", to: out)
        let refused = try BentoProcess.run(["apply", "--output", out.path, new.path, changeset.path])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr == "bento: \(changeset.path):30:18: changes[0].fields[0].old: the screen has \"B\" at /title in \(new.path), not \"A\"\n")
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["c.json", "new.json", "old.json", "out.json"])
    }

    /// A screen of `sections` sections of four rows, indented four spaces;
    /// `title(s, r)` gives each row's title.
    static func longScreen(sections: Int, rows count: Int = 4, _ title: (Int, Int) -> String?) -> String {
        let parts = (0..<sections).map { s in
            let rows = (0..<count).compactMap { r in
                title(s, r).map { #"{"id": "r\#(s)-\#(r)", "component": {"type": "T", "title": "\#($0)"}}"# }
            }
            return "        {\n            \"id\": \"s\(s)\",\n            \"rows\": [\n                "
                + rows.joined(separator: ",\n                ") + "\n            ]\n        }"
        }
        return "{\n    \"$comment\": \"kept\",\n    \"box\": {\n    \"sections\": [\n" + parts.joined(separator: ",\n") + "\n    ]\n    }\n}\n"
    }

    @Test("a long box, its sections edited a run at a time: the same text to standard output and to -o, untouched sections as written")
    func longBox() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.longScreen(sections: 150) { s, r in "row \(s).\(r)" })
        // Every seventh section changes a title, every eleventh loses a row.
        let new = try scratch.write(
            "new.json",
            Self.longScreen(sections: 150) { s, r in
                s % 11 == 0 && r == 2 ? nil : s % 7 == 0 && r == 1 ? "changed \(s)" : "row \(s).\(r)"
            })
        let changeset = try scratch.write("c.json", try BentoProcess.run(["diff", "-f", "json", old, new]).stdout)
        let printed = try BentoProcess.run(["apply", old, changeset])
        #expect(printed.status == 0, "\(printed.stderr)")
        let out = scratch.path("out.json")
        #expect(try BentoProcess.run(["apply", "-o", out, old, changeset]).status == 0)
        #expect((try String(contentsOfFile: out, encoding: .utf8)) == printed.stdout)
        #expect(try BentoProcess.run(["diff", "-q", new, out]).status == 0)
        // Only the changed sections differ from OLD's text: the result is NEW as written.
        #expect(printed.stdout == (try String(contentsOfFile: new, encoding: .utf8)))
    }

    @Test("long sections in a long box: every row of a section edited in a run is written, OLD a file or standard input")
    func longSections() throws {
        let scratch = try ScratchDirectory()
        // Lists this long are written on all cores, the box's sections and each section's rows.
        let (sections, rows) = (70, 80)
        let old = try scratch.write("old.json", Self.longScreen(sections: sections, rows: rows) { s, r in "row \(s).\(r)" })
        let new = try scratch.write(
            "new.json",
            Self.longScreen(sections: sections, rows: rows) { s, r in
                s % 3 == 0 && r == 70 ? nil : s % 2 == 0 && r == 5 ? "changed \(s)" : "row \(s).\(r)"
            })
        let changeset = try scratch.write("c.json", try BentoProcess.run(["diff", "-f", "json", old, new]).stdout)
        let expected = try String(contentsOfFile: new, encoding: .utf8)
        let printed = try BentoProcess.run(["apply", old, changeset])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == expected)
        let fromInput = try BentoProcess.run(["apply", "-", changeset], stdin: Array(try String(contentsOfFile: old, encoding: .utf8).utf8))
        #expect(fromInput.status == 0 && fromInput.stdout == expected)
        let out = scratch.path("out.json")
        #expect(try BentoProcess.run(["apply", "-o", out, old, changeset]).status == 0)
        #expect((try String(contentsOfFile: out, encoding: .utf8)) == expected)
    }

    @Test("bad usage and bad changesets: exit 2")
    func errors() throws {
        let scratch = try ScratchDirectory()
        defer { withExtendedLifetime(scratch) {} }
        let dir = scratch.url
        let old = dir.appendingPathComponent("old.json")
        try ScratchDirectory.write(#"{"sections": []}"#, to: old)
        for arguments in [["apply"], ["apply", old.path], ["apply", "-", "-"], ["apply", old.path, "a", "b"]] {
            let run = try BentoProcess.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("see 'bento help apply'"), "\(arguments)")
        }
        let notJSON = try BentoProcess.run(["apply", old.path, "-"], stdin: Array("{".utf8))
        #expect(notJSON.status == 2 && notJSON.stdout.isEmpty && notJSON.stderr.hasPrefix("bento: -:1:2: "))
        let version = try BentoProcess.run(["apply", old.path, "-"], stdin: Array(#"{"version": 2, "changes": []}"#.utf8))
        #expect(version.status == 2 && version.stderr.contains("unsupported changeset version 2"))
        let unwritable = try BentoProcess.run(
            ["apply", "-o", dir.appendingPathComponent("no/such/dir/out.json").path, old.path, "-"],
            stdin: Array(#"{"version": 1, "changes": []}"#.utf8))
        #expect(unwritable.status == 2 && unwritable.stderr.contains("No such file or directory"))
    }

    @Test("help has examples and bento --help lists the command")
    func help() throws {
        let help = try BentoProcess.run(["apply", "--help"])
        #expect(help.status == 0 && help.stdout.contains("EXAMPLES:") && help.stdout.contains("-o, --output FILE"))
        #expect(try BentoProcess.run(["--help"]).stdout.contains("  apply "))
    }
}
