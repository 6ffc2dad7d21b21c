import Foundation
import Testing

/// The habits of diff and git users, and their files as they are: each point
/// of the daily-driver issue, run through the built binary.
@Suite("Daily driver")
struct DailyDriverTests {
    static func pair() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        try dir.write("old.json", SampleScreens.old)
        try dir.write("new.json", SampleScreens.new)
        return dir
    }

    // MARK: Files

    @Test("a file name that is not UTF-8 is opened as given, and shown escaped")
    func nonUTF8Names() throws {
        let dir = try Self.pair()
        let cd = "cd '\(dir.url.path)' && "
        let show = try BentoRun.shell(cd + "cp old.json \"$(printf 'bad\\377name.json')\" && bento show \"$(printf 'bad\\377name.json')\" | head -1")
        #expect(show.standardOutput == "screen {\"title\":\"Pick\"}\n", "\(show.standardError)")
        let missing = try BentoRun.shell(cd + "bento show \"$(printf 'no\\377such.json')\"; echo \"status $?\"")
        #expect(missing.standardError == "bento: no\\xFFsuch.json: No such file or directory\n")
        #expect(missing.standardOutput == "status 2\n")
        let directories = try BentoRun.shell(
            cd + "mkdir a b && cp old.json \"a/$(printf 'x\\377.json')\" && cp new.json \"b/$(printf 'x\\377.json')\" && "
                + "bento diff --name-status a b")
        #expect(directories.standardOutput == "M\tx\\xFF.json\n", "\(directories.standardError)")
    }

    @Test(
        "a directory that cannot be read is one that could not be read, not a count of files",
        .enabled(if: getuid() == 0 && ExternalProgram.available("setpriv"), "needs root and setpriv to run as nobody"))
    func unreadableDirectory() throws {
        let dir = try Self.pair()
        let run = try BentoRun.shell(
            "cd '\(dir.url.path)' && chmod 755 . && mkdir d1 d2 && cp old.json d1/a.json && cp new.json d2/a.json && "
                + "chmod 644 d1/a.json && chmod 000 d2 && "
                + "setpriv --reuid=65534 --regid=65534 --clear-groups bento diff d1 d2; echo \"status $?\"")
        #expect(run.standardOutput == "0 of 0 screens differ; 1 directory could not be read\nstatus 2\n")
        #expect(run.standardError == "bento: d2: Permission denied\n")
    }

    // MARK: Directory listings

    static func trees() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        try dir.write(SampleScreens.old, to: "old/changed.screen.json")
        try dir.write(SampleScreens.new, to: "new/changed.screen.json")
        try dir.write(SampleScreens.old, to: "old/same.json")
        try dir.write(SampleScreens.old, to: "new/same.json")
        try dir.write(SampleScreens.old, to: "old/sub/gone.json")
        try dir.write(SampleScreens.new, to: "new/added.json")
        return dir
    }

    @Test("--name-only, --name-status and --stat list what differs, in path order, as git diff does")
    func listings() throws {
        let dir = try Self.trees()
        let (old, new) = (dir.path("old"), dir.path("new"))
        let names = try BentoProcess.run(["diff", "--name-only", old, new])
        #expect(names.status == 1)
        #expect(names.stdout == "added.json\nchanged.screen.json\nsub/gone.json\n")
        let status = try BentoProcess.run(["diff", "--name-status", old, new])
        #expect(status.stdout == "A\tadded.json\nM\tchanged.screen.json\nD\tsub/gone.json\n")
        let stat = try BentoProcess.run(["diff", "--stat", old, new])
        #expect(
            stat.stdout == """
                 added.json          | added: screen updated, 1 section inserted
                 changed.screen.json | 1 row inserted, 1 row moved, 1 row updated
                 sub/gone.json       | deleted: screen updated, 1 section deleted
                 3 screens changed (1 added, 1 deleted): 2 screens updated, 1 section inserted, 1 section deleted, 1 row inserted, 1 row moved, 1 row updated

                """)
        // The last listing option wins; -q alone prints nothing.
        #expect(try BentoProcess.run(["diff", "--stat", "--name-only", old, new]).stdout == names.stdout)
        let quiet = try BentoProcess.run(["diff", "-q", old, new])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        // A pair of files lists its new path.
        let files = try BentoProcess.run(["diff", "--name-status", dir.path("old/changed.screen.json"), dir.path("new/changed.screen.json")])
        #expect(files.stdout == "M\t\(dir.path("new/changed.screen.json"))\n")
    }

    // MARK: Options

    @Test("--color alone is always, --color WHEN takes a value, --no-color, and the last one wins")
    func colour() throws {
        let dir = try Self.pair()
        let (old, new) = (dir.path("old.json"), dir.path("new.json"))
        let escape = "\u{1B}["
        #expect(try BentoProcess.run(["diff", "--color", old, new]).stdout.contains(escape))
        #expect(try BentoProcess.run(["diff", "--color=always", old, new]).stdout.contains(escape))
        #expect(try BentoProcess.run(["diff", "--color", "always", old, new]).stdout.contains(escape))
        #expect(!(try BentoProcess.run(["diff", "--color", "never", old, new]).stdout.contains(escape)))
        #expect(!(try BentoProcess.run(["diff", "--color", "--no-color", old, new]).stdout.contains(escape)))
        #expect(try BentoProcess.run(["diff", "--no-color", "--color", old, new]).stdout.contains(escape))
        #expect(!(try BentoProcess.run(["diff", old, new], environment: ["TERM": "xterm"]).stdout.contains(escape)))
    }

    @Test("--label names the sides, in every header and in the changeset (as diff --label)")
    func labels() throws {
        let dir = try Self.pair()
        let (old, new) = (dir.path("old.json"), dir.path("new.json"))
        let text = try BentoProcess.run(["diff", "--label", "before", "--label", "after", old, new])
        #expect(text.stdout.hasPrefix("before → after\n"))
        let json = try BentoProcess.run(["diff", "-f", "json", "--label=before", "--label=after", old, new])
        #expect(json.stdout.contains("\"old\": \"before\",\n  \"new\": \"after\""))
        let unified = try BentoProcess.run(["diff", "-u", "--label", "a", "--label", "b", old, new])
        #expect(unified.stdout.hasPrefix("--- a\n+++ b\n"))
        let substitution = try BentoRun.shell("bento diff --label old --label new '\(old)' <(cat '\(new)') | head -1")
        #expect(substitution.standardOutput == "old → new\n")
        let three = try BentoProcess.run(["diff", "--label", "a", "--label", "b", "--label", "c", old, new])
        #expect(three.status == 2 && three.stderr.hasPrefix("bento: --label is given at most twice"))
    }

    @Test("--exit-code is accepted and means what bento always does")
    func exitCode() throws {
        let dir = try Self.pair()
        #expect(try BentoProcess.run(["diff", "--exit-code", "-q", dir.path("old.json"), dir.path("new.json")]).status == 1)
        #expect(try BentoProcess.run(["diff", "--exit-code", "-q", dir.path("old.json"), dir.path("old.json")]).status == 0)
    }

    @Test("did you mean: only for a long option that is close; never for one letter")
    func suggestions() throws {
        let dir = try Self.pair()
        let old = dir.path("old.json")
        let show = try BentoProcess.run(["show", "-f", old])
        #expect(show.status == 2 && show.stderrLines.first == "bento: unknown option '-f'")
        // -r is diff's own now (accepted, as in GNU diff); -N is another letter diff users type.
        let newFile = try BentoProcess.run(["diff", "-N", old, old])
        #expect(newFile.stderrLines.first == "bento: unknown option '-N'")
        let output = try BentoProcess.run(["diff", "--output", "x", old, old])
        #expect(output.stderrLines.first == "bento: unknown option '--output'")
        let typo = try BentoProcess.run(["diff", "--colour", old, old])
        #expect(typo.stderrLines.first == "bento: unknown option '--colour'; did you mean '--color'?")
    }

    @Test("bento alone is bad usage: a short usage on standard error, exit 2; extra operands are refused alike")
    func usage() throws {
        let bare = try BentoProcess.run([])
        #expect(bare.status == 2 && bare.stdout.isEmpty)
        #expect(bare.stderr.hasPrefix("usage: bento <command> [options] [operands]\n"))
        for arguments in [["--version", "extra"], ["--help", "extra"], ["schema", "extra"]] {
            let run = try BentoProcess.run(arguments)
            #expect(run.status == 2 && run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderrLines.first == "bento: unexpected operand 'extra'", "\(arguments)")
        }
    }

    // MARK: Reports people read

    @Test("bidirectional controls and invisible format characters are escaped in every text-like format")
    func invisibleCharacters() throws {
        let dir = try ScratchDirectory()
        let sneaky = "{\"box\": {\"sections\": [{\"id\": \"s\", \"rows\": [{\"id\": \"a\u{202E}b\", \"component\": {\"type\": \"T\", \"title\": \"x\u{200B}y\u{2066}\"}}]}]}}"
        let old = try dir.write("old.json", #"{"box": {"sections": [{"id": "s", "rows": []}]}}"#)
        let new = try dir.write("new.json", sneaky)
        for arguments in [["diff", old, new], ["diff", "-u", old, new], ["show", new], ["diff", "--stat", old, new]] {
            let run = try BentoProcess.run(arguments)
            #expect(!run.stdout.unicodeScalars.contains { [0x202E, 0x200B, 0x2066].contains($0.value) }, "\(arguments)")
        }
        let text = try BentoProcess.run(["diff", old, new])
        #expect(text.stdout.contains(#"+ row "a\u202eb" T at [0, 0]"#))
        #expect(try BentoProcess.run(["show", new]).stdout.contains(#"row "a\u202eb" T {"title":"x\u200by\u2066"}"#))
        // The JSON changeset keeps the text as it is.
        #expect(try BentoProcess.run(["diff", "-f", "json", old, new]).stdout.contains("a\u{202E}b"))
    }

    @Test("without colour, an unchanged section is marked, and a cross-section move names the section it left")
    func textLayout() throws {
        let run = try BentoProcess.run(["diff", BentoProcess.fixture("pharmacy/old.json"), BentoProcess.fixture("pharmacy/new.json")])
        #expect(run.stdout.contains("\n  · section \"delivery\" [2]\n"))
        #expect(run.stdout.contains("↕ row \"locker-collection\" IconTitleDetails from section \"delivery\" [2, 2] → [1, 3]\n"))
        // A move across sections that lands at the same numbers still reads as one.
        let dir = try ScratchDirectory()
        let old = try dir.write(
            "old.json", #"{"box": {"sections": [{"id": "a", "rows": [{"id": "x", "component": {"type": "T"}}]}, {"id": "b"}]}}"#)
        let new = try dir.write(
            "new.json", #"{"box": {"sections": [{"id": "b", "rows": [{"id": "x", "component": {"type": "T"}}]}, {"id": "a"}]}}"#)
        #expect(try BentoProcess.run(["diff", old, new]).stdout.contains("↕ row \"x\" T from section \"a\" [0, 0] → [0, 0]\n"))
    }

    // MARK: apply

    @Test("a changeset made with --ignore is applied with a warning that the ignored fields were not carried")
    func ignoredFieldsWarning() throws {
        let dir = try Self.pair()
        let run = try BentoRun.shell(
            "cd '\(dir.url.path)' && bento diff -f json --ignore /component/props/title old.json new.json > change.json; "
                + "bento apply old.json change.json > applied.json; echo \"status $?\"")
        #expect(run.standardOutput == "status 0\n")
        #expect(
            run.standardError
                == "bento: warning: change.json was made with --ignore '/component/props/title'; changes to those fields are not in it and were not applied\n")
    }

    // MARK: CI

    @Test("validate --format github writes annotations that mark the lines")
    func githubAnnotations() throws {
        let dir = try ScratchDirectory()
        let bad = try dir.write("bad.json", "{\"box\": {\"sections\": [\n  {\"id\": 1, \"rows\": {}}]}}")
        let run = try BentoProcess.run(["validate", "--format", "github", bad, BentoProcess.fixture("pharmacy/old.json")])
        #expect(run.status == 1 && run.stderr.isEmpty)
        #expect(run.stdout == "::error file=\(bad),line=2,col=21::box.sections[0].rows: expected an array, found an object\n")
        #expect(try BentoProcess.run(["validate", "-f", "github", BentoProcess.fixture("pharmacy/old.json")]).status == 0)
    }

    @Test("the pre-commit hooks run bento validate on *.screen.json, as pre-commit runs them")
    func preCommitHooks() throws {
        let yaml = try String(contentsOf: BentoProcess.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let hooks = Self.hooks(yaml)
        #expect(hooks.map(\.id) == ["bento-validate", "bento-validate-system"])
        let dir = try ScratchDirectory()
        try dir.write(SampleScreens.old, to: "screens/home.screen.json")
        try dir.write(SampleScreens.invalid, to: "screens/broken.screen.json")
        try dir.write("package.json", "{\"name\": \"not a screen\"}")
        for hook in hooks {
            // pre-commit passes the staged files that match `files`, after the entry.
            let regex = try Regex(hook.files)
            let staged = ["package.json", "screens/broken.screen.json", "screens/home.screen.json"]
            let matching = staged.filter { $0.contains(regex) }
            #expect(matching == ["screens/broken.screen.json", "screens/home.screen.json"], "\(hook.id)")
            let run = try BentoRun.shell("cd '\(dir.url.path)' && \(hook.entry) \(matching.joined(separator: " "))")
            #expect(run.status == 1, "\(hook.id)")
            #expect(run.standardError.hasPrefix("bento: screens/broken.screen.json:1:"), "\(hook.id)")
            let clean = try BentoRun.shell("cd '\(dir.url.path)' && \(hook.entry) screens/home.screen.json")
            #expect(clean.status == 0 && clean.standardError.isEmpty, "\(hook.id)")
        }
    }

    /// The hooks of a `.pre-commit-hooks.yaml` as this repository writes it
    /// (a list of flat maps): id, entry and files.
    static func hooks(_ yaml: String) -> [(id: String, entry: String, files: String)] {
        var hooks: [(id: String, entry: String, files: String)] = []
        for line in yaml.split(separator: "\n") where !line.hasPrefix("#") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            func value(_ key: String) -> String? {
                guard trimmed.hasPrefix(key + ":") else { return nil }
                return trimmed.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            }
            if let id = value("- id") {
                hooks.append((id, "", ""))
            } else if let entry = value("entry"), !hooks.isEmpty {
                hooks[hooks.count - 1].entry = entry
            } else if let files = value("files"), !hooks.isEmpty {
                hooks[hooks.count - 1].files = files
            }
        }
        return hooks
    }
}
