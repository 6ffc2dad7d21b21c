import Foundation
import Testing

/// `bento merge` run as a user or git runs it: exit status, streams, `-o`,
/// `--favor`, and the markers that `bento validate` flags.
@Suite("bento merge")
struct MergeCommandTests {
    private func fixture(_ name: String, _ file: String) -> String { BentoProcess.fixture("merge/\(name)/\(file)") }

    private func merge(_ name: String, _ options: [String] = []) throws -> BentoProcess.Outcome {
        try BentoProcess.run(
            ["merge"] + options + [fixture(name, "ours.json"), fixture(name, "base.json"), fixture(name, "theirs.json")])
    }

    @Test("a clean merge: exit 0, the merged screen on standard output, nothing on standard error")
    func clean() throws {
        let result = try merge("clean-move-and-edit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == (try String(contentsOfFile: fixture("clean-move-and-edit", "merged.json"), encoding: .utf8)))
    }

    @Test("conflicts: exit 1, one line each on standard error, markers that bento validate flags")
    func conflicts() throws {
        let scratch = try ScratchDirectory()
        let result = try merge("conflict-deleted")
        #expect(result.status == 1)
        #expect(
            result.stderrLines == [
                #"bento: conflict in box, section "header", row "phone": deleted in OURS, changed in THEIRS"#,
                #"bento: conflict in box, section "prescriptions", row {"prescription":{"id":"41"}}: deleted in THEIRS, moved in OURS"#,
            ])
        #expect(result.stdout.contains("\n<<<<<<< OURS\n") && result.stdout.contains("\n>>>>>>> THEIRS\n"))
        let file = try scratch.write("merged.json", result.stdout)
        let validate = try BentoProcess.run(["validate", file])
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("unresolved merge conflict marker"), "\(validate.stderr)")
        let quiet = try merge("conflict-deleted", ["-q"])
        #expect(quiet.status == 1 && quiet.stderr == "" && quiet.stdout == result.stdout)
    }

    @Test("--favor resolves every conflict to one side: exit 0, valid JSON, the side's version kept")
    func favor() throws {
        for side in ["ours", "theirs"] {
            let result = try merge("conflict-changed-on-both", ["--favor", side])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("<<<<<<<"))
            #expect(result.stdout.contains(side == "ours" ? "Open until 19:00" : "Open until 20:00"))
            #expect(result.stderrLines.count == 1, "the conflict is still named")
        }
        let wrong = try merge("conflict-changed-on-both", ["--favor=mine"])
        #expect(wrong.status == 2 && wrong.stdout == "")
        #expect(wrong.stderr.contains("mine"), "\(wrong.stderr)")
    }

    @Test("a long box merged a run of sections at a time: the same text to -o and to standard output, both sides' changes in it")
    func longBox() throws {
        let scratch = try ScratchDirectory()
        let base = try scratch.write("base.json", ApplyCommandTests.longScreen(sections: 150) { s, r in "row \(s).\(r)" })
        let ours = try scratch.write(
            "ours.json", ApplyCommandTests.longScreen(sections: 150) { s, r in s % 7 == 0 && r == 1 ? "ours \(s)" : "row \(s).\(r)" })
        let theirs = try scratch.write(
            "theirs.json", ApplyCommandTests.longScreen(sections: 150) { s, r in s % 5 == 0 && r == 3 ? "theirs \(s)" : "row \(s).\(r)" })
        let expected = ApplyCommandTests.longScreen(sections: 150) { s, r in
            s % 7 == 0 && r == 1 ? "ours \(s)" : s % 5 == 0 && r == 3 ? "theirs \(s)" : "row \(s).\(r)"
        }
        let printed = try BentoProcess.run(["merge", ours, base, theirs])
        #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed.stderr)")
        #expect(printed.stdout == expected)
        let out = scratch.path("merged.json")
        #expect(try BentoProcess.run(["merge", "-o", out, ours, base, theirs]).status == 0)
        #expect((try String(contentsOfFile: out, encoding: .utf8)) == expected)
    }

    @Test("long sections in a long box: every row of a section merged in a run is written, a side a file or standard input")
    func longSections() throws {
        let scratch = try ScratchDirectory()
        let (sections, rows) = (70, 80)
        func screen(_ title: (Int, Int) -> String?) -> String { ApplyCommandTests.longScreen(sections: sections, rows: rows, title) }
        let base = try scratch.write("base.json", screen { s, r in "row \(s).\(r)" })
        let ours = try scratch.write("ours.json", screen { s, r in s % 2 == 0 && r == 5 ? "ours \(s)" : "row \(s).\(r)" })
        let theirsText = screen { s, r in s % 3 == 0 && r == 70 ? nil : "row \(s).\(r)" }
        let theirs = try scratch.write("theirs.json", theirsText)
        let expected = screen { s, r in s % 3 == 0 && r == 70 ? nil : s % 2 == 0 && r == 5 ? "ours \(s)" : "row \(s).\(r)" }
        let printed = try BentoProcess.run(["merge", ours, base, theirs])
        #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed.stderr)")
        #expect(printed.stdout == expected)
        let fromInput = try BentoProcess.run(["merge", ours, base, "-"], stdin: Array(theirsText.utf8))
        #expect(fromInput.status == 0 && fromInput.stdout == expected)
    }

    @Test("a side that left BASE as it was gives the other side byte for byte, BASE a file or standard input")
    func unchangedSide() throws {
        let scratch = try ScratchDirectory()
        let base = try scratch.write("base.json", "{\n    \"box\": {\"sections\": []}\n}\n")
        let same = try scratch.write("same.json", "{\n    \"box\": {\"sections\": []}\n}\n")
        let edited = try scratch.write("edited.json", "{ \"title\": \"x\" ,\n  \"box\": {\"sections\": []} }")
        for (ours, theirs, expected) in [(same, edited, edited), (edited, same, edited)] {
            let fromFile = try BentoProcess.run(["merge", ours, base, theirs])
            let text = try String(contentsOfFile: expected, encoding: .utf8)
            #expect(fromFile.status == 0 && fromFile.stdout == text)
            let baseText = try String(contentsOfFile: base, encoding: .utf8)
            let fromInput = try BentoProcess.run(["merge", ours, "-", theirs], stdin: Array(baseText.utf8))
            #expect(fromInput.status == 0 && fromInput.stdout == fromFile.stdout)
        }
        // An invalid side with BASE read from its file: BASE's text is in the line merge.
        let bad = try scratch.write("bad.json", "{\"box\": \n")
        let lines = try BentoProcess.run(["merge", bad, base, edited])
        #expect(lines.status == 1 && lines.stdout.contains("<<<<<<< ") && lines.stderr.contains("OURS is not a valid screen"), "\(lines.stderr)")
    }

    @Test("-o may name OURS: the file is replaced atomically with the merge, as git's driver asks")
    func outputInPlace() throws {
        let scratch = try ScratchDirectory()
        let name = "clean-cross-section"
        let ours = try scratch.write("ours.json", try String(contentsOfFile: fixture(name, "ours.json"), encoding: .utf8))
        let result = try BentoProcess.run(["merge", "-o", ours, ours, fixture(name, "base.json"), fixture(name, "theirs.json")])
        #expect(result.status == 0 && result.stdout == "" && result.stderr == "")
        #expect(
            (try String(contentsOfFile: ours, encoding: .utf8))
                == (try String(contentsOfFile: fixture(name, "merged.json"), encoding: .utf8)))
    }

    @Test("an invalid side: a line merge as git merge-file writes it, exit 1, the side named with line and column")
    func invalidInput() throws {
        let scratch = try ScratchDirectory()
        let bad = try scratch.write("bad.json", "{\"box\": {\"sections\": [}}\n")
        let target = try scratch.write("target.json", "keep me\n")
        let name = "clean-move-and-edit"
        let result = try BentoProcess.run(
            ["merge", "-o", target, "-L", "main", "-L", "base", "-L", "feature", fixture(name, "ours.json"), bad, fixture(name, "theirs.json")])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first?.hasPrefix("bento: BASE is not a valid screen: base:1:23: ") == true, "\(result.stderr)")
        let merged = try String(contentsOfFile: target, encoding: .utf8)
        #expect(merged.contains("<<<<<<< main\n") && merged.contains(">>>>>>> feature\n"), "\(merged)")
        let validate = try BentoProcess.run(["validate", target])
        #expect(validate.status == 1 && validate.stderr.contains("unresolved merge conflict marker"))
        let usage = try BentoProcess.run(["merge", fixture(name, "ours.json"), fixture(name, "base.json")])
        #expect(usage.status == 2 && usage.stderr.contains("expected OURS, BASE and THEIRS"))
    }

    @Test("an empty BASE (a file added on both branches) is an empty screen; '-' reads standard input")
    func emptyBaseAndStandardInput() throws {
        let scratch = try ScratchDirectory()
        let empty = try scratch.write("empty.json", "")
        let name = "clean-move-and-edit"
        let same = try BentoProcess.run(["merge", fixture(name, "ours.json"), empty, fixture(name, "ours.json")])
        #expect(same.status == 0, "\(same.stderr)")
        let differ = try BentoProcess.run(["merge", fixture(name, "ours.json"), empty, fixture(name, "theirs.json")])
        #expect(differ.status == 1, "added on both sides with different content")
        let theirs = try Data(contentsOf: URL(fileURLWithPath: fixture(name, "theirs.json")))
        let piped = try BentoProcess.run(
            ["merge", fixture(name, "ours.json"), fixture(name, "base.json"), "-"], stdin: Array(theirs))
        let direct = try merge(name)
        #expect(piped.status == 0 && piped.stdout == direct.stdout)
    }

    @Test("bento-changeset(5) MERGE: /dev/null or an empty file as any side is an empty screen")
    func emptySides() throws {
        let scratch = try ScratchDirectory()
        let empty = try scratch.write("empty.json", "")
        let name = "clean-move-and-edit"
        let (ours, base) = (fixture(name, "ours.json"), fixture(name, "base.json"))
        for nothing in ["/dev/null", empty] {
            // THEIRS deleted the file, OURS left it as it was: the empty screen,
            // written by editing OURS' text (its attributes go, as THEIRS has none).
            let deleted = try BentoProcess.run(["merge", base, base, nothing])
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(deleted.stderr == "")
            let merged = try scratch.write("merged.json", deleted.stdout)
            let emptied = try BentoProcess.run(["diff", "-q", merged, "/dev/null"])
            #expect(emptied.status == 0, "\(deleted.stdout)")
            // OURS deleted it and THEIRS changed it: conflicts, written as
            // --reformat writes them (there is no text of OURS to edit).
            let conflict = try BentoProcess.run(["merge", nothing, base, ours])
            #expect(conflict.status == 1, "\(conflict.stderr)")
            #expect(conflict.stderrLines.allSatisfy { $0.hasPrefix("bento: conflict in ") }, "\(conflict.stderr)")
            #expect(conflict.stdout.hasPrefix("{\n  \"box\": {\n"), "\(conflict.stdout)")
            let resolved = try BentoProcess.run(["merge", "--theirs", nothing, base, ours])
            #expect(resolved.status == 0)
            let theirs = try scratch.write("theirs-side.json", resolved.stdout)
            let valid = try BentoProcess.run(["validate", theirs])
            #expect(valid.status == 0, "\(resolved.stdout)")
            // Added on one branch only.
            let added = try BentoProcess.run(["merge", nothing, nothing, ours])
            let oursText = try String(contentsOfFile: ours, encoding: .utf8)
            #expect(added.status == 0 && added.stdout == oursText)
        }
    }

    @Test("a line merge with one conflict says '1 conflict'")
    func oneConflictWord() throws {
        let scratch = try ScratchDirectory()
        let base = try scratch.write("base.json", "{\"box\": {\"sections\": []}}\nline\n")
        let ours = try scratch.write("ours.json", "{\"box\": {\"sections\": []}}\nours\n")
        let theirs = try scratch.write("theirs.json", "{\"box\": {\"sections\": []}}\ntheirs\n")
        let result = try BentoProcess.run(["merge", ours, base, theirs])
        #expect(result.status == 1)
        #expect(result.stderr.contains("with 1 conflict;"), "\(result.stderr)")
    }

    @Test("bento help merge explains the order rule, the markers and the git driver")
    func help() throws {
        let result = try BentoProcess.run(["help", "merge"])
        #expect(result.status == 0)
        for text in [
            "OURS BASE THEIRS", "<<<<<<< OURS", "--favor", "merge.bento.driver", "Exit status", "editing OURS' text",
            "Unlike 'git merge-file'", "-L %X -L %S -L %Y --marker-size %L", "not a valid screen", "--marker-size N", "--ours",
        ] {
            #expect(result.stdout.contains(text), "\(text)")
        }
    }
}

/// `bento merge` as git's merge driver, in real repositories.
@Suite("git merge driver", .enabled(if: ExternalProgram.available("git")))
struct GitMergeDriverTests {
    /// A repository with the driver set up as the README says, a screen
    /// committed on main, and branches `ours` and `theirs` from it.
    private func repository(
        ours: @escaping (inout [String: Any]) -> Void, theirs: @escaping (inout [String: Any]) -> Void
    ) throws
        -> GitDriverTests.Repository
    {
        let repo = try GitDriverTests.Repository()
        try repo.git("config", "merge.bento.driver", "bento merge -o %A %A %O %B")
        try repo.git("config", "merge.bento.name", "bento: merge screens by identity")
        try repo.scratch.write("*.screen.json diff=bento merge=bento\n", to: ".gitattributes")
        let base = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: BentoProcess.fixture("merge/clean-move-and-edit/base.json"))))
            as! [String: Any]
        func write(_ screen: [String: Any]) throws {
            let data = try JSONSerialization.data(withJSONObject: screen, options: [.prettyPrinted, .sortedKeys])
            try repo.scratch.write(String(decoding: data, as: UTF8.self) + "\n", to: "pharmacy.screen.json")
        }
        try write(base)
        try repo.commitAll("base")
        try repo.git("branch", "-M", "main")
        for (branch, edit) in [("theirs", theirs), ("ours", ours)] {
            try repo.git("checkout", "-q", "-b", branch, "main")
            var screen = base
            edit(&screen)
            try write(screen)
            try repo.commitAll(branch)
        }
        return repo
    }

    private static func rows(_ screen: inout [String: Any], _ section: Int, _ edit: (inout [[String: Any]]) -> Void) {
        var box = screen["box"] as! [String: Any]
        var sections = box["sections"] as! [[String: Any]]
        var rows = sections[section]["rows"] as! [[String: Any]]
        edit(&rows)
        sections[section]["rows"] = rows
        box["sections"] = sections
        screen["box"] = box
    }

    private static func retitle(_ rows: inout [[String: Any]], _ k: Int, _ title: String) {
        var component = rows[k]["component"] as! [String: Any]
        component["title"] = title
        rows[k]["component"] = component
    }

    @Test("a row moved on one branch and edited on the other merges cleanly")
    func cleanMerge() throws {
        let repo = try repository(
            ours: { screen in Self.rows(&screen, 0) { rows in rows.append(rows.removeFirst()) } },
            theirs: { screen in Self.rows(&screen, 0) { rows in Self.retitle(&rows, 0, "1 Station Road") } })
        let merge = try repo.git("merge", "--no-edit", "theirs")
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        let show = try ExternalProgram.run("bento", ["show", "pharmacy.screen.json"], in: repo.root)
        let lines = show.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("row \"") }.prefix(3).map { $0.split(separator: " ")[1] } == [#""hours""#, #""phone""#, #""address""#])
        #expect(show.stdout.contains("1 Station Road"))
        let validate = try ExternalProgram.run("bento", ["validate", "pharmacy.screen.json"], in: repo.root)
        #expect(validate.status == 0)
    }

    @Test("a true conflict stops the merge with markers; bento validate flags them until resolved")
    func conflict() throws {
        let repo = try repository(
            ours: { screen in Self.rows(&screen, 0) { rows in Self.retitle(&rows, 1, "Open until 19:00") } },
            theirs: { screen in Self.rows(&screen, 0) { rows in Self.retitle(&rows, 1, "Open until 20:00") } })
        let merge = try repo.git("merge", "--no-edit", "theirs")
        #expect(merge.status != 0)
        #expect((merge.stdout + merge.stderr).contains("pharmacy.screen.json"))
        let file = repo.root.appendingPathComponent("pharmacy.screen.json").path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("\n<<<<<<< OURS\n"))
        let flagged = try ExternalProgram.run("bento", ["validate", "pharmacy.screen.json"], in: repo.root)
        #expect(flagged.status == 1 && flagged.stderr.contains("unresolved merge conflict marker"))
        // Resolve by keeping THEIRS' block, as a user would in an editor.
        var kept: [Substring] = []
        var inBlock: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line {
            case "<<<<<<< OURS": inBlock = "ours"
            case "=======": inBlock = "theirs"
            case ">>>>>>> THEIRS": inBlock = nil
            default: if inBlock != "ours" { kept.append(line) }
            }
        }
        try kept.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let resolved = try ExternalProgram.run("bento", ["validate", "pharmacy.screen.json"], in: repo.root)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let final = try String(contentsOfFile: file, encoding: .utf8)
        #expect(final.contains("Open until 20:00"))
        try repo.commitAll("resolved")
    }

    @Test("an invalid side stops the merge with both sides' text in the file; bento validate flags it until fixed")
    func invalidSide() throws {
        let repo = try repository(
            ours: { screen in Self.rows(&screen, 0) { rows in Self.retitle(&rows, 1, "Open until 19:00") } },
            theirs: { screen in Self.rows(&screen, 0) { rows in Self.retitle(&rows, 0, "1 Station Road") } })
        // THEIRS commits a broken screen: "row" where "rows" belongs.
        try repo.git("checkout", "-q", "theirs")
        let path = repo.root.appendingPathComponent("pharmacy.screen.json").path
        let broken = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"rows\"", with: "\"row\"")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        try repo.commitAll("broken")
        try repo.git("checkout", "-q", "ours")
        // The driver line of the README for git before 2.44, with the labels given by hand.
        try repo.git("config", "merge.bento.driver", "bento merge -o %A -L ours -L base -L theirs --marker-size %L %A %O %B")
        let merge = try repo.git("merge", "--no-edit", "theirs")
        #expect(merge.status != 0)
        #expect(merge.stderr.contains("THEIRS is not a valid screen: theirs:"), "\(merge.stderr)")
        // The lines merged cleanly: no markers, but git still stops (exit 1), with both sides' changes.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("Open until 19:00") && text.contains("1 Station Road") && text.contains("\"row\""), "\(text)")
        #expect((try repo.git("status", "--porcelain")).stdout.contains("UU pharmacy.screen.json"))
        let flagged = try ExternalProgram.run("bento", ["validate", "pharmacy.screen.json"], in: repo.root)
        #expect(flagged.status == 1)
    }

    @Test("git log -p --ext-diff runs the driver; a textconv of bento show gives git log -p and git show outlines")
    func logAndShow() throws {
        let repo = try repository(
            ours: { screen in Self.rows(&screen, 0) { rows in Self.retitle(&rows, 1, "Open until 19:00") } },
            theirs: { screen in Self.rows(&screen, 0) { rows in Self.retitle(&rows, 0, "1 Station Road") } })
        let plain = try repo.git("log", "-p", "-1", "ours")
        #expect(plain.stdout.contains("@@"), "git log -p without --ext-diff is git's own diff")
        let driven = try repo.git("log", "-p", "--ext-diff", "-1", "ours")
        #expect(driven.stdout.contains("~ row \"hours\""), "\(driven.stdout)")
        try repo.git("config", "diff.bento-outline.textconv", "bento show")
        try repo.scratch.write("*.screen.json diff=bento-outline merge=bento\n", to: ".gitattributes")
        let outline = try repo.git("show", "ours", "--", "pharmacy.screen.json")
        #expect(outline.stdout.contains("+    row \"hours\""), "\(outline.stdout)")
        let logged = try repo.git("log", "-p", "-1", "ours")
        #expect(logged.stdout.contains("-    row \"hours\""), "\(logged.stdout)")
    }
}
