import Foundation
import Testing

/// `bento git-diff` as git's external diff driver, and `bento diff` under
/// `git difftool`, in real repositories made for each test.
@Suite("git integration", .enabled(if: ExternalProgram.available("git")))
struct GitDriverTests {
    /// A repository with the driver set up as the README says.
    struct Repository {
        let scratch: ScratchDirectory
        var root: URL { scratch.url }

        init(driver: String = "bento git-diff") throws {
            scratch = try ScratchDirectory()
            try git("init", "-q")
            try git("config", "diff.bento.command", driver)
            try scratch.write("*.screen.json diff=bento\n", to: ".gitattributes")
        }

        /// Runs git with no user or system configuration in the way.
        @discardableResult
        func git(_ arguments: String...) throws -> BentoProcess.Outcome {
            try ExternalProgram.run("git", arguments, in: root,
                environment: [
                    "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_PAGER": "cat",
                    "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
                    "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
                ])
        }

        func commitAll(_ message: String) throws {
            try git("add", "-A")
            let result = try git("commit", "-q", "-m", message)
            #expect(result.status == 0, "\(result.stderr)")
        }

        /// A repository whose `pick.screen.json` went from the old sample
        /// screen (committed) to the new one (in the work tree).
        static func changed(driver: String = "bento git-diff") throws -> Repository {
            let repo = try Repository(driver: driver)
            try repo.scratch.write(SampleScreens.old, to: "pick.screen.json")
            try repo.commitAll("first")
            try repo.scratch.write(SampleScreens.new, to: "pick.screen.json")
            return repo
        }

    }

    @Test("git diff runs the driver: changed, added and deleted screens; other files as usual")
    func gitDiff() throws {
        let repo = try Repository()
        try repo.scratch.write(SampleScreens.old, to: "screens/pick.screen.json")
        try repo.scratch.write(SampleScreens.old, to: "screens/gone.screen.json")
        try repo.scratch.write("hello\n", to: "README.txt")
        try repo.commitAll("first")
        try repo.scratch.write(SampleScreens.new, to: "screens/pick.screen.json")
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent("screens/gone.screen.json"))
        try repo.scratch.write(SampleScreens.new, to: "screens/added.screen.json")
        try repo.scratch.write("hello, world\n", to: "README.txt")
        try repo.git("add", "-A")

        let diff = try repo.git("diff", "--cached")
        #expect(diff.status == 0, "\(diff.stderr)")
        let out = diff.stdout
        #expect(out.contains("a/screens/pick.screen.json → b/screens/pick.screen.json\n"))
        #expect(out.contains(#"↕ row "well" IconTitleDetails [0, 2] → [0, 0]"#))
        #expect(out.contains(#"/component/props/title: "Lloyds" → "LloydsPharmacy""#))
        #expect(out.contains(#"+ row "asda" IconTitleDetails at [0, 3]"#))
        #expect(out.contains("/dev/null → b/screens/added.screen.json\n"))
        #expect(out.contains("a/screens/gone.screen.json → /dev/null\n"))
        #expect(out.contains(#"- section "pharmacies" from [0], 3 rows"#))
        // Files without the attribute keep git's own diff.
        #expect(out.contains("diff --git a/README.txt b/README.txt"))
        #expect(out.contains("+hello, world"))
        // A blank line separates the reports of successive files.
        #expect(out.contains("screen updated, 1 section inserted\n\na/screens/gone.screen.json → /dev/null\n"))
        // git still knows the files differ.
        #expect(try repo.git("diff", "--cached", "--exit-code").status == 1)
        // And the plain diff is one flag away.
        #expect(try repo.git("diff", "--cached", "--no-ext-diff").stdout.contains("diff --git a/screens/pick.screen.json"))
    }

    @Test("git-diff takes -U and the format options; a deleted file's unified diff has only - lines")
    func unifiedUnderGit() throws {
        let repo = try Repository(driver: "bento git-diff -U 1")
        try repo.scratch.write(SampleScreens.old, to: "pick.screen.json")
        try repo.scratch.write(SampleScreens.old, to: "gone.screen.json")
        try repo.commitAll("first")
        try repo.scratch.write(SampleScreens.new, to: "pick.screen.json")
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent("gone.screen.json"))
        try repo.git("add", "-A")
        let diff = try repo.git("diff", "--cached")
        #expect(diff.status == 0, "\(diff.stderr)")
        let reports = diff.stdout.components(separatedBy: "--- ")
        let gone = try #require(reports.first { $0.hasPrefix("a/gone.screen.json") })
        let lines = gone.split(separator: "\n").dropFirst(2)
        #expect(lines.first?.hasPrefix("@@ -1,") == true && lines.first?.hasSuffix(" +0,0 @@") == true, "\(gone)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("-") }, "\(gone)")
        let pick = try #require(reports.first { $0.hasPrefix("a/pick.screen.json") })
        // One line of context: the context lines around each change are one.
        #expect(pick.contains("@@"))
        let stat = try Repository.changed(driver: "bento git-diff --stat")
        #expect(try stat.git("diff").stdout.hasPrefix(" b/pick.screen.json | 1 row inserted, 1 row moved, 1 row updated\n"))
    }

    @Test("git's own colour settings decide under git-diff: color.ui never and always, given with git -c")
    func gitColourSettings() throws {
        let repo = try Repository.changed()
        let escape = "\u{1B}["
        #expect(try repo.git("-c", "color.ui=always", "diff").stdout.contains(escape))
        #expect(!(try repo.git("-c", "color.ui=never", "diff").stdout.contains(escape)))
        #expect(!(try repo.git("diff").stdout.contains(escape)))
        // An explicit option to the driver wins over git's settings.
        let never = try Repository.changed(driver: "bento git-diff --no-color")
        #expect(!(try never.git("-c", "color.ui=always", "diff").stdout.contains(escape)))
    }

    @Test("options go in the driver command: --format json, --ignore")
    func driverOptions() throws {
        let repo = try Repository(driver: "bento git-diff --format json --ignore /component/props/analyticsId")
        try repo.scratch.write(SampleScreens.old, to: "pick.screen.json")
        try repo.commitAll("first")
        try repo.scratch.write(SampleScreens.retagged, to: "pick.screen.json")
        let diff = try repo.git("diff")
        #expect(diff.status == 0, "\(diff.stderr)")
        let changeset = try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any]
        #expect(changeset?["identical"] as? Bool == true)
        #expect(changeset?["old"] as? String == "a/pick.screen.json")
        let summary = changeset?["summary"] as? [String: Any]
        #expect(summary?["ignored"] as? [String] == ["/component/props/analyticsId"])
    }

    @Test("a rename names the new path; equal screens say so")
    func rename() throws {
        let repo = try Repository()
        try repo.scratch.write(SampleScreens.old, to: "old.screen.json")
        try repo.commitAll("first")
        try repo.git("mv", "old.screen.json", "new.screen.json")
        let diff = try repo.git("diff", "--cached", "-M")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == "a/old.screen.json → b/new.screen.json: the screens are equal\n")
    }

    @Test("bento-screen(5) GIT: an invalid screen gets a note and a line diff, and git goes on to the next file")
    func invalidScreen() throws {
        let repo = try Repository()
        try repo.scratch.write(SampleScreens.old, to: "a.screen.json")
        try repo.scratch.write(SampleScreens.old, to: "b.screen.json")
        try repo.scratch.write(SampleScreens.old, to: "c.screen.json")
        try repo.commitAll("first")
        try repo.scratch.write(SampleScreens.invalid, to: "a.screen.json")
        try repo.scratch.write(SampleScreens.new, to: "b.screen.json")
        // And a screen deleted after it.
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent("c.screen.json"))
        let diff = try repo.git("diff")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(!diff.stderr.contains("external diff died"), "\(diff.stderr)")
        let lines = diff.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first == "bento: b/a.screen.json:1:43: box.sections[0].rows: expected an array, found an object; showing a line diff",
            "\(diff.stdout)")
        #expect(lines.dropFirst().prefix(2) == ["--- a/a.screen.json", "+++ b/a.screen.json"], "\(diff.stdout)")
        // The next file is reported by identity, the deleted one as deleted.
        #expect(diff.stdout.contains("a/b.screen.json → b/b.screen.json"), "\(diff.stdout)")
        #expect(diff.stdout.contains("a/c.screen.json → /dev/null"), "\(diff.stdout)")
        // The line diff is a patch: applied to the old text, it gives the new.
        let patch = diff.stdout.components(separatedBy: "\n").dropFirst()
            .prefix { !$0.hasPrefix("a/b.screen.json") && !$0.isEmpty }.joined(separator: "\n") + "\n"
        let scratch = try ScratchDirectory()
        try scratch.write("a.screen.json", SampleScreens.old)
        try scratch.write("fix.diff", patch)
        let applied = try ExternalProgram.run("patch", ["-p1", "-F0", "-i", "fix.diff"], in: scratch.url, environment: [:])
        #expect(applied.status == 0, "\(applied.stdout)\(applied.stderr)")
        let patched = try String(contentsOfFile: scratch.path("a.screen.json"), encoding: .utf8)
        #expect(patched == SampleScreens.invalid)
    }

    @Test("an added file that is not a valid screen: a line diff against /dev/null")
    func invalidAdded() throws {
        let repo = try Repository()
        try repo.scratch.write("x\n", to: "README.txt")
        try repo.commitAll("first")
        try repo.scratch.write("{\"box\": [}", to: "new.screen.json")
        try repo.git("add", "-N", "new.screen.json")
        let diff = try repo.git("diff")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(
            diff.stdout == """
                bento: b/new.screen.json:1:10: expected a value, found character '}'; showing a line diff
                --- /dev/null
                +++ b/new.screen.json
                @@ -0,0 +1 @@
                +{"box": [}
                \\ No newline at end of file

                """, "\(diff.stdout)")
    }

    @Test("git difftool -x 'bento diff' compares the two sides")
    func difftool() throws {
        let repo = try Repository()
        try repo.git("config", "--unset", "diff.bento.command")
        try repo.scratch.write(SampleScreens.old, to: "pick.screen.json")
        try repo.commitAll("first")
        try repo.scratch.write(SampleScreens.new, to: "pick.screen.json")
        let diff = try repo.git("difftool", "-y", "-x", "bento diff")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("→ pick.screen.json\n"))
        #expect(diff.stdout.contains(#"+ row "asda" IconTitleDetails at [0, 3]"#))
    }

    @Test("called as git calls it: 1 argument for an unmerged path, --exit-code, bad argument counts")
    func directCalls() throws {
        let dir = try ScratchDirectory()
        try dir.write(SampleScreens.old, to: "old.json")
        try dir.write(SampleScreens.new, to: "new.json")
        let unmerged = try BentoProcess.run(["git-diff", "screens/x.screen.json"])
        #expect(unmerged.status == 0)
        #expect(unmerged.stdout == "* Unmerged path screens/x.screen.json\n")

        let hex = String(repeating: "0", count: 40)
        let args = ["x.screen.json", dir.path("old.json"), hex, "100644", dir.path("new.json"), hex, "100644"]
        let plain = try BentoProcess.run(["git-diff"] + args)
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("a/x.screen.json → b/x.screen.json\n"))
        #expect(try BentoProcess.run(["git-diff", "--exit-code"] + args).status == 1)
        let same = args[0...1] + [hex, "100644"] + args[1...3]
        #expect(try BentoProcess.run(["git-diff", "--exit-code"] + same).status == 0)

        // A path that starts with '-' is git's argument, not an option.
        let dashed = try BentoProcess.run(["git-diff", "-odd.screen.json"] + args.dropFirst())
        #expect(dashed.status == 0, "\(dashed.stderr)")
        #expect(dashed.stdout.hasPrefix("a/-odd.screen.json → b/-odd.screen.json\n"))

        let wrong = try BentoProcess.run(["git-diff", "a", "b", "c"])
        #expect(wrong.status == 2)
        #expect(wrong.stdout.isEmpty)
        #expect(wrong.stderr.hasPrefix("bento: expected the 7 arguments git passes"))
    }

    @Test("colour follows git's pager: GIT_PAGER_IN_USE colours on auto, NO_COLOR wins")
    func pagerColour() throws {
        let dir = try ScratchDirectory()
        try dir.write(SampleScreens.old, to: "old.json")
        try dir.write(SampleScreens.new, to: "new.json")
        let hex = String(repeating: "0", count: 40)
        let args = ["git-diff", "x.json", dir.path("old.json"), hex, "100644", dir.path("new.json"), hex, "100644"]
        #expect(!(try BentoProcess.run(args, environment: ["GIT_PAGER_IN_USE": "", "TERM": "xterm"]).stdout.contains("\u{1B}[")))
        #expect(try BentoProcess.run(args, environment: ["GIT_PAGER_IN_USE": "true", "TERM": "xterm"]).stdout.contains("\u{1B}["))
        #expect(
            !(try BentoProcess.run(args, environment: ["GIT_PAGER_IN_USE": "true", "TERM": "xterm", "NO_COLOR": "1"]).stdout
                .contains("\u{1B}[")))
    }
}
