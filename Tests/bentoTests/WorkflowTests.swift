import Foundation
import Testing

/// The pull request workflow of the README, its review step run as GitHub
/// runs it: bash, in a checkout of the pull request's head, with the base
/// commit in the history and `GITHUB_STEP_SUMMARY` pointing at a file.
@Suite("the README's pull request workflow", .enabled(if: ExternalProgram.available("git")))
struct WorkflowTests {
    /// The `run: |` scripts of the README's workflow, by step name.
    static func steps() throws -> [String: String] {
        let readme = try String(contentsOf: BentoProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- pull-request-workflow -->\n```yaml\n"))
        let yaml = readme[start.upperBound...].prefix { _ in true }
        let end = try #require(yaml.range(of: "\n```\n"))
        var steps: [String: String] = [:], name = "", script: [Substring]? = nil, indent = 0
        func close() {
            if let lines = script { steps[name] = lines.joined(separator: "\n") + "\n" }
            script = nil
        }
        for line in yaml[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            let depth = line.prefix { $0 == " " }.count
            if script != nil {
                if line.trimmingCharacters(in: .whitespaces).isEmpty || depth >= indent {
                    script!.append(line.dropFirst(min(indent, depth)))
                    continue
                }
                close()
            }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("- name: ") { name = String(text.dropFirst("- name: ".count)) }
            if text == "run: |" {
                script = []
                indent = depth + 2
            }
        }
        close()
        return steps
    }

    @Test("the review step writes the Markdown to the summary, annotates the lines, and fails on an invalid screen")
    func reviewStep() throws {
        let script = try #require(try Self.steps()["Review screen changes"])
        let repo = try GitDriverTests.Repository()
        let pharmacy = try String(contentsOfFile: BentoProcess.fixture("pharmacy/old.json"), encoding: .utf8)
        try repo.scratch.write(pharmacy, to: "screens/home.screen.json")
        try repo.scratch.write(SampleScreens.old, to: "screens/gone.screen.json")
        try repo.scratch.write(SampleScreens.old, to: "screens/same.screen.json")
        try repo.scratch.write(#"{"name": "not a screen"}"#, to: "package.json")
        try repo.commitAll("base")
        let trunk = try repo.git("rev-parse", "--abbrev-ref", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repo.git("checkout", "-q", "-b", "feature")
        let newHome = try String(contentsOfFile: BentoProcess.fixture("pharmacy/new.json"), encoding: .utf8)
        try repo.scratch.write(newHome, to: "screens/home.screen.json")
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent("screens/gone.screen.json"))
        try repo.scratch.write(SampleScreens.new, to: "screens/added.screen.json")
        try repo.scratch.write(SampleScreens.invalid, to: "screens/bad.screen.json")
        try repo.scratch.write(#"{"name": "still not a screen"}"#, to: "package.json")
        try repo.commitAll("feature")
        // main moves on after the branch: the review is of the branch's own changes.
        #expect(try repo.git("checkout", "-q", trunk).status == 0)
        try repo.scratch.write(SampleScreens.retagged, to: "screens/same.screen.json")
        try repo.commitAll("main moves on")
        let mainHead = try repo.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try repo.git("checkout", "-q", "feature").status == 0)

        let runner = try ScratchDirectory()
        let summary = runner.url.appendingPathComponent("summary.md")
        try ScratchDirectory.write("", to: summary)
        let run = try ExternalProgram.run(
            // As GitHub runs a `run:` step: bash --noprofile --norc -eo pipefail.
            "bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: repo.root,
            environment: [
                "BASE_SHA": mainHead, "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": runner.url.path,
                "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
            ])
        #expect(run.status == 1, "an invalid screen fails the step: \(run.stderr)")

        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.contains("### bento: `screens/home.screen.json (base)` → `screens/home.screen.json`\n"))
        #expect(markdown.contains("| `screens/home.screen.json` |  | 0 | 0 | 0 | 1 | 1 | 1 | 2 | 2 |"))
        #expect(markdown.contains("| `screens/added.screen.json` | updated | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |"))
        #expect(markdown.contains("### bento: `/dev/null` → `screens/added.screen.json`\n"), "an added screen has no base")
        #expect(markdown.contains("### bento: `screens/gone.screen.json (base)` → `screens/gone.screen.json`\n"))
        #expect(!markdown.contains("same.screen.json"), "main's own change is not the pull request's")
        #expect(!markdown.contains("package.json"))

        // Every annotation names a file of the pull request, at a line that holds an id.
        let notices = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::notice ") }
        #expect(notices.count == 7 + 2 + 2, "home: 7 changes; added and gone: the title and a section each")
        for notice in notices where notice.contains("file=screens/home.screen.json,") {
            let line = try #require(notice.split(separator: ",").first { $0.hasPrefix("line=") }.flatMap { Int($0.dropFirst(5)) })
            let text = newHome.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
            #expect(text.contains("\"id\""), "\(notice) → line \(line): \(text)")
        }
        #expect(run.stdout.contains("::error file=screens/bad.screen.json,line=1,"))
    }

    @Test("the workflow builds bento and reviews with it: both steps are there")
    func stepsArePresent() throws {
        let steps = try Self.steps()
        #expect(steps["Build bento"]?.contains("swift build -c release") == true)
        #expect(steps["Review screen changes"]?.contains("bento validate --format github") == true)
    }
}
