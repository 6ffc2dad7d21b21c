import Foundation
import Testing

/// `bento diff --format markdown` and `--format github`, as a workflow runs them.
@Suite("bento diff --format markdown and github")
struct PullRequestFormatTests {
    @Test("markdown: the report and exit 1; identical screens print nothing and exit 0")
    func markdown() throws {
        let (old, new) = (BentoProcess.fixture("pharmacy/old.json"), BentoProcess.fixture("pharmacy/new.json"))
        let run = try BentoProcess.run(["diff", "--format=markdown", "--label", "a", "--label", "b", old, new])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("### bento: `a` → `b`\n\n| Screen |"))
        #expect(run.stdout.contains("\n| `b` |  | 0 | 0 | 0 | 1 | 1 | 1 | 2 | 2 |\n"))
        let same = try BentoProcess.run(["diff", "-f", "markdown", old, old])
        #expect(same.status == 0 && same.stdout.isEmpty)
        let quiet = try BentoProcess.run(["diff", "-q", "-f", "markdown", old, new])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty)
    }

    @Test("--max-size cuts the report and counts the rest; a bad size is a usage error")
    func maxSize() throws {
        let (old, new) = (BentoProcess.fixture("markdown/old.json"), BentoProcess.fixture("markdown/new.json"))
        let whole = try BentoProcess.run(["diff", "-f", "markdown", old, new])
        let cut = try BentoProcess.run(["diff", "-f", "markdown", "--max-size", "1500", old, new])
        #expect(cut.status == 1)
        #expect(cut.stdout.utf16.count <= 1500 && whole.stdout.utf16.count > 1500)
        #expect(cut.stdout.contains("\n… and ") && cut.stdout.hasSuffix(" more changes: run bento diff on the same files without --format markdown to see them all, or raise --max-size.\n"))
        #expect(!whole.stdout.contains("… and "))
        for bad in ["10", "x", "-5", "", "1e5"] {
            let run = try BentoProcess.run(["diff", "-f", "markdown", "--max-size", bad, old, new])
            #expect(run.status == 2 && run.stdout.isEmpty, "\(bad)")
            #expect(run.stderr.hasPrefix("bento: invalid size '\(bad)': --max-size needs a number of characters"), "\(bad)")
        }
    }

    @Test("github: --label names the file; a comma or colon in it is escaped")
    func github() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", SampleScreens.old)
        let new = try scratch.write("a,b:c.json", SampleScreens.new)
        let named = try BentoProcess.run(["diff", "-f", "github", old, new])
        #expect(named.status == 1)
        #expect(named.stdout.hasPrefix("::notice file=\(new.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")),line="))
        let labelled = try BentoProcess.run(["diff", "-f", "github", "--label", "x", "--label", "./screens/pick.screen.json", old, new])
        let lines = labelled.stdout.split(separator: "\n")
        #expect(lines.count == 3, "lloyds updated, well moved, asda inserted: \(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("::notice file=screens/pick.screen.json,line=") })
        let inserted = try #require(lines.first { $0.contains("row inserted") })
        let line = try #require(Int(inserted.split(separator: ",")[1].dropFirst("line=".count)))
        #expect(SampleScreens.new.split(separator: "\n", omittingEmptySubsequences: false)[line - 1].contains(#""id": "asda""#))
    }

    @Test("directory mode: markdown has a row per changed screen; github names each file by its path")
    func directories() throws {
        let scratch = try ScratchDirectory.holding([
            "base/s/pick.json": SampleScreens.old, "head/s/pick.json": SampleScreens.new,
            "base/same.json": SampleScreens.old, "head/same.json": SampleScreens.old, "head/new.json": SampleScreens.old,
        ])
        let base = scratch.url.appendingPathComponent("base").path, head = scratch.url.appendingPathComponent("head").path
        let markdown = try BentoProcess.run(["diff", "-f", "markdown", "--label", "base", "--label", "head", base, head])
        #expect(markdown.status == 1)
        #expect(markdown.stdout.hasPrefix("### bento: `base` → `head`\n"))
        #expect(markdown.stdout.contains("\n| `new.json` (added) | updated | 1 |"))
        #expect(markdown.stdout.contains("\n| `s/pick.json` |  | 0 |"))
        #expect(!markdown.stdout.contains("same.json"))
        #expect(markdown.stdout.contains("\n#### `s/pick.json`\n"))
        let github = try BentoProcess.run(["diff", "-f", "github", "--label", "base", "--label", "screens", base, head])
        let files = Set(github.stdout.split(separator: "\n").map { $0.split(separator: ",")[0] })
        #expect(files == ["::notice file=screens/new.json", "::notice file=screens/s/pick.json"])
        // Lines from each new file's outline, kept from the directory read.
        let lines = SampleScreens.new.split(separator: "\n", omittingEmptySubsequences: false)
        for notice in github.stdout.split(separator: "\n") where notice.hasPrefix("::notice file=screens/s/pick.json,") {
            let line = try #require(Int(notice.split(separator: ",")[1].dropFirst("line=".count)))
            #expect(line == 1 || lines[line - 1].contains("\"id\""), "\(notice)")
        }
        let same = try BentoProcess.run(["diff", "-f", "markdown", base + "/same.json", head + "/same.json"])
        #expect(same.status == 0 && same.stdout.isEmpty)
    }
}
