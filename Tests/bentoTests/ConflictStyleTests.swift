import Foundation
import Testing

/// Conflicts as git users read them (bento-changeset(5), MERGE): the diff3
/// and zdiff3 styles, git's `merge.conflictStyle`, labels a git too old to
/// expand them leaves, and markers of any length.
@Suite("Conflict styles")
struct ConflictStyleTests {
    private func fixture(_ name: String, _ file: String) -> String { BentoProcess.fixture("merge/\(name)/\(file)") }

    /// Each conflicting fixture: OURS, BASE, THEIRS.
    private let conflicting = ["conflict-changed-on-both", "conflict-deleted"]

    /// `text` with every conflict resolved to one block (0 OURS, 1 BASE, 2
    /// THEIRS): its lines kept, the other blocks and the markers dropped.
    static func resolved(_ text: String, keeping block: Int) -> String {
        var kept: [Substring] = []
        var current: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<<<<<<<") { current = 0; continue }
            if line.hasPrefix("|||||||") { current = 1; continue }
            if line.hasPrefix("=======") && current != nil { current = 2; continue }
            if line.hasPrefix(">>>>>>>") { current = nil; continue }
            if current == nil || current == block { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    @Test(
        "bento-changeset(5) MERGE: --diff3, --zdiff3 and --conflict=diff3 add BASE's block; each block kept alone is valid JSON",
        arguments: [["--diff3"], ["--zdiff3"], ["--conflict=diff3"], ["--conflict", "zdiff3"]])
    func diff3(_ options: [String]) throws {
        let scratch = try ScratchDirectory()
        for name in conflicting {
            for reformat in [false, true] {
                let run = try BentoProcess.run(
                    ["merge"] + options + (reformat ? ["--reformat"] : []) + ["-L", "main", "-L", "base", "-L", "topic"]
                        + [fixture(name, "ours.json"), fixture(name, "base.json"), fixture(name, "theirs.json")])
                #expect(run.status == 1, "\(name): \(run.stderr)")
                let lines = run.stdout.split(separator: "\n").map(String.init)
                #expect(lines.contains("<<<<<<< main") && lines.contains("||||||| base") && lines.contains(">>>>>>> topic"), "\(run.stdout)")
                #expect(lines.filter { $0 == "||||||| base" }.count == lines.filter { $0 == "<<<<<<< main" }.count)
                for block in 0..<3 {
                    let file = try scratch.write("resolved.json", Self.resolved(run.stdout, keeping: block))
                    let validate = try BentoProcess.run(["validate", file])
                    #expect(validate.status == 0, "\(name), block \(block)\(reformat ? ", --reformat" : ""): \(validate.stderr)")
                }
            }
        }
    }

    @Test("the merge style has no BASE block; --conflict=merge overrides git's diff3")
    func mergeStyle() throws {
        let repo = try GitDriverTests.Repository()
        try repo.git("config", "merge.conflictStyle", "diff3")
        let name = "conflict-changed-on-both"
        let arguments = ["merge", fixture(name, "ours.json"), fixture(name, "base.json"), fixture(name, "theirs.json")]
        let followed = try ExternalProgram.run("bento", arguments, in: repo.root)
        #expect(followed.stdout.contains("\n||||||| BASE\n"), "bento follows merge.conflictStyle inside the repository")
        let overridden = try ExternalProgram.run("bento", [arguments[0], "--conflict=merge"] + arguments.dropFirst(), in: repo.root)
        #expect(!overridden.stdout.contains("|||||||") && overridden.stdout.contains("\n<<<<<<< OURS\n"))
        let scratch = try ScratchDirectory()
        let outside = try ExternalProgram.run(
            "bento", arguments, in: scratch.url, environment: ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"])
        #expect(!outside.stdout.contains("|||||||"), "no setting: the merge style")
    }

    @Test("labels git left unexpanded (%X, %S, %Y, %L) are no labels: the markers say OURS, BASE, THEIRS")
    func placeholders() throws {
        let name = "conflict-changed-on-both"
        let run = try BentoProcess.run(
            ["merge", "--diff3", "-L", "%X", "-L", "%S", "-L", "%Y", "--marker-size", "%L"]
                + [fixture(name, "ours.json"), fixture(name, "base.json"), fixture(name, "theirs.json")])
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("<<<<<<< OURS") && lines.contains("||||||| BASE") && lines.contains(">>>>>>> THEIRS"), "\(run.stdout)")
        #expect(!run.stdout.contains("%X") && !run.stderr.contains("%"), "\(run.stderr)")
    }

    @Test("git's merge driver, one line for every git: with merge.conflictStyle=diff3 the file shows BASE's block")
    func driver() throws {
        let repo = try GitDriverTests.Repository()
        try repo.git("config", "merge.bento.driver", "bento merge -o %A -L %X -L %S -L %Y --marker-size %L %A %O %B")
        try repo.git("config", "merge.conflictStyle", "diff3")
        try repo.scratch.write("*.screen.json merge=bento\n", to: ".gitattributes")
        let name = "conflict-changed-on-both"
        try repo.scratch.write(try String(contentsOfFile: fixture(name, "base.json"), encoding: .utf8), to: "s.screen.json")
        try repo.commitAll("base")
        try repo.git("branch", "-M", "main")
        for (branch, file) in [("topic", "theirs.json"), ("mine", "ours.json")] {
            try repo.git("checkout", "-q", "-b", branch, "main")
            try repo.scratch.write(try String(contentsOfFile: fixture(name, file), encoding: .utf8), to: "s.screen.json")
            try repo.commitAll(branch)
        }
        let merge = try repo.git("merge", "--no-edit", "topic")
        #expect(merge.status != 0)
        let text = try String(contentsOfFile: repo.root.appendingPathComponent("s.screen.json").path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("|||||||") || lines.contains { $0.hasPrefix("||||||| ") }, "\(text)")
        #expect(!text.contains("%X") && !text.contains("%S"), "\(text)")
        let flagged = try ExternalProgram.run("bento", ["validate", "s.screen.json"], in: repo.root)
        #expect(flagged.status == 1 && flagged.stderr.contains("unresolved merge conflict marker"), "\(flagged.stderr)")
    }

    @Test("bento validate flags a ||||||| marker, and markers longer than seven")
    func validateFlags() throws {
        let scratch = try ScratchDirectory()
        for marker in ["|||||||", "<<<<<<<<<< OURS", "||||||||||| BASE"] {
            let file = try scratch.write("m.json", "{\"box\": {\"sections\": [\n\(marker)\n]}}\n")
            let run = try BentoProcess.run(["validate", file])
            #expect(run.status == 1 && run.stderr.contains("unresolved merge conflict marker"), "\(marker): \(run.stderr)")
        }
    }

    @Test("the line merge of an invalid side gets the style too")
    func lineMergeStyle() throws {
        let scratch = try ScratchDirectory()
        let base = try scratch.write("base.json", "{\"box\": {\"sections\": []}}\nline\n")
        let ours = try scratch.write("ours.json", "{\"box\": {\"sections\": []}}\nours\n")
        let theirs = try scratch.write("theirs.json", "{\"box\": {\"sections\": []}}\ntheirs\n")
        let run = try BentoProcess.run(["merge", "--diff3", ours, base, theirs])
        #expect(run.status == 1)
        #expect(run.stdout.contains("\n||||||| BASE\nline\n=======\n"), "\(run.stdout)")
    }
}
