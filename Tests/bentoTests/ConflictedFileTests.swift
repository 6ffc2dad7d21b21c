import Foundation
import Testing

/// `bento diff FILE` with one operand (bento-screen(5), CONFLICTS): a file
/// with conflict markers read as its sides, and what separates OURS from
/// THEIRS shown by identity.
@Suite("A conflicted screen, read by identity")
struct ConflictedFileTests {
    private func fixture(_ name: String, _ file: String) -> String { BentoProcess.fixture("merge/\(name)/\(file)") }

    private func merged(_ options: [String], _ scratch: ScratchDirectory) throws -> String {
        let name = "conflict-changed-on-both"
        let run = try BentoProcess.run(
            ["merge"] + options + [fixture(name, "ours.json"), fixture(name, "base.json"), fixture(name, "theirs.json")])
        #expect(run.status == 1)
        return try scratch.write("conflicted.json", run.stdout)
    }

    @Test("bento-screen(5) CONFLICTS: bento's markers, the sides named by their labels, in every format")
    func bentoMarkers() throws {
        let scratch = try ScratchDirectory()
        for options in [["-L", "HEAD", "-L", "base", "-L", "feature"], ["--diff3", "-L", "HEAD", "-L", "base", "-L", "feature"], ["-L", "HEAD", "-L", "base", "-L", "feature", "--marker-size", "9"]] {
            let file = try merged(options, scratch)
            let text = try BentoRun.run(["diff", file])
            #expect(text.status == 1, "\(options): \(text)")
            #expect(
                text.standardOutput == """
                    HEAD → feature
                    box
                      · section "header" [0]
                        ~ row "hours" IconTitleDetails at [0, 1]
                            /component/title: "Open until 19:00" → "Open until 20:00"
                    1 row updated

                    """, "\(options): \(text)")
            let json = try BentoRun.run(["diff", "-f", "json", file])
            let changeset = try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any]
            #expect(changeset?["old"] as? String == "HEAD" && changeset?["new"] as? String == "feature")
            for format in ["unified", "patch", "html", "uikit", "markdown", "github"] {
                let run = try BentoRun.run(["diff", "-f", format, file])
                #expect(run.status == 1 && run.stderr.isEmpty, "\(format): \(run)")
            }
        }
    }

    @Test("the annotations of a conflicted file stand at THEIRS' lines in it")
    func annotationLines() throws {
        let scratch = try ScratchDirectory()
        let file = try merged(["--diff3"], scratch)
        let run = try BentoRun.run(["diff", "-f", "github", file])
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let theirsStart = lines.firstIndex { $0.hasPrefix("=======") }!
        let hours = lines.indices.first { $0 > theirsStart && lines[$0].contains("\"id\": \"hours\"") }!
        #expect(run.standardOutput.contains("file=\(file),line=\(hours + 1),"), "\(run.standardOutput)")
    }

    @Test("git merge-file's markers and git's own line merge are read too")
    func gitMarkers() throws {
        let repo = try GitDriverTests.Repository()
        let name = "conflict-changed-on-both"
        try repo.scratch.write(try String(contentsOfFile: fixture(name, "base.json"), encoding: .utf8), to: "s.screen.json")
        try repo.commitAll("base")
        try repo.git("branch", "-M", "main")
        for (branch, file) in [("topic", "theirs.json"), ("main", "ours.json")] {
            try repo.git("checkout", "-q", branch == "main" ? "main" : "-b", branch == "main" ? "--" : branch)
            try repo.scratch.write(try String(contentsOfFile: fixture(name, file), encoding: .utf8), to: "s.screen.json")
            try repo.commitAll(branch)
            if branch == "topic" { try repo.git("checkout", "-q", "main") }
        }
        let merge = try repo.git("merge", "--no-edit", "topic")
        #expect(merge.status != 0, "git's own line merge conflicts")
        let diff = try ExternalProgram.run("bento", ["diff", "s.screen.json"], in: repo.root)
        #expect(diff.status == 1, "\(diff.stdout)\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("HEAD → topic\n") && diff.stdout.contains("/component/title: \"Open until 19:00\" → \"Open until 20:00\""), "\(diff.stdout)")
        // git diff --cached gives the driver the unmerged path alone: the same report.
        try repo.git("config", "diff.bento.command", "bento git-diff")
        let cached = try repo.git("diff", "--cached")
        #expect(cached.status == 0 && cached.stdout == diff.stdout, "\(cached.stdout)\(cached.stderr)")
    }

    @Test("a side that is no valid screen is named, at its line and column in the conflicted file")
    func invalidSide() throws {
        let scratch = try ScratchDirectory()
        let file = try merged(["-L", "HEAD", "-L", "base", "-L", "feature"], scratch)
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        let theirs = lines.firstIndex { $0.hasPrefix("=======") }!
        let title = lines.indices.first { $0 > theirs && lines[$0].contains("\"title\"") }!
        lines[title] = lines[title].replacingOccurrences(of: "\"title\"", with: "\"title\" \"x\"")
        try lines.joined(separator: "\n").write(toFile: file, atomically: false, encoding: .utf8)
        let run = try BentoRun.run(["diff", file])
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        // The token at fault, "x", at its line and column in the conflicted file.
        let column = lines[title].distance(from: lines[title].startIndex, to: lines[title].range(of: "\"x\"")!.lowerBound) + 1
        #expect(run.errorLines.first?.hasPrefix("bento: \(file):\(title + 1):\(column): expected ':'") == true, "\(run)")
        #expect(run.standardError.contains("THEIRS, feature"), "\(run)")
    }

    @Test("a file without markers is bad usage; markers out of order are an error at their line")
    func noMarkers() throws {
        let plain = try BentoRun.run(["diff", BentoRun.fixture("pharmacy/old.json")])
        #expect(plain.status == 2 && plain.standardError.contains("one operand needs a file with conflict markers"), "\(plain)")
        let scratch = try ScratchDirectory()
        let broken = try scratch.write("b.json", "{\n<<<<<<< a\n\"box\": 1,\n>>>>>>> b\n}\n")
        let run = try BentoRun.run(["diff", broken])
        #expect(run.status == 2 && run.errorLines.first?.hasPrefix("bento: \(broken):4:1: ") == true, "\(run)")
    }
}
