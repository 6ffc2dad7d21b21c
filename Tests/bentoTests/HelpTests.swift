import Foundation
import Testing

/// Help that shows what there is: usage lines made from the option table
/// (no option left out), every line within a terminal's 80 columns.
@Suite("Help")
struct HelpTests {
    static let commands = ["diff", "show", "apply", "merge", "validate", "git-diff", "schema", "completions", "help"]

    @Test("every line of every help page is within 80 columns", arguments: commands + [""])
    func width(_ command: String) throws {
        let run = try BentoRun.run(command.isEmpty ? ["--help"] : ["help", command])
        #expect(run.status == 0)
        for line in run.standardOutput.split(separator: "\n") {
            #expect(line.unicodeScalars.count <= 80, "\(command): \(line.unicodeScalars.count) columns: \(line)")
        }
    }

    @Test("the usage lines name every option the page lists", arguments: commands)
    func usageNamesEveryOption(_ command: String) throws {
        let page = try BentoRun.run(["help", command]).standardOutput
        let usageText = page.components(separatedBy: "USAGE:\n")[1].components(separatedBy: "\n\n")[0]
        let options = page.components(separatedBy: "OPTIONS:\n")[1].components(separatedBy: "\n\n")[0]
        for line in options.split(separator: "\n") where line.hasPrefix("  -") || line.hasPrefix("      --") {
            let synopsis = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            // The short form where there is one (`-o,`), else the long one.
            let name = synopsis[0].hasSuffix(",") ? String(synopsis[0].dropLast()) : String(synopsis[0])
            guard name != "-h" else { continue }
            let long = name.split(separator: "[").first.map(String.init) ?? name
            #expect(usageText.contains("[\(long)"), "\(command): the usage leaves out \(long)\n\(usageText)")
        }
    }

    @Test("a unified report's --- and +++ lines end with a tab after a name with a space, and patch reads it")
    func namesWithSpaces() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("my old.json", try String(contentsOfFile: BentoRun.fixture("pharmacy/old.json"), encoding: .utf8))
        let new = try scratch.write("my new.json", try String(contentsOfFile: BentoRun.fixture("pharmacy/new.json"), encoding: .utf8))
        let diff = try BentoRun.run(["diff", "-u", "--label", "my old.json", "--label", "my new.json", old, new])
        let lines = diff.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(2) == ["--- my old.json\t", "+++ my new.json\t"], "\(lines.prefix(2))")
        // patch takes the name whole: the outline stands in for the old file.
        try scratch.write("my old.json", try BentoRun.run(["show", new.replacingOccurrences(of: "new", with: "old")]).standardOutput)
        try scratch.write("report.diff", diff.standardOutput)
        let patched = try ExternalProgram.run("patch", ["-p0", "-i", "report.diff"], in: scratch.url)
        #expect(patched.status == 0, "\(patched.stdout)\(patched.stderr)")
        let outline = try BentoRun.run(["show", BentoRun.fixture("pharmacy/new.json")]).standardOutput
        #expect(try String(contentsOfFile: old, encoding: .utf8) == outline)
    }
}
