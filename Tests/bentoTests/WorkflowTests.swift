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
        #expect(markdown.contains("### bento: `screens/home.screen.json`\n"), "\(markdown)")
        #expect(markdown.contains("| `screens/home.screen.json` |  | 0 | 0 | 0 | 1 | 1 | 1 | 2 | 2 |"))
        #expect(markdown.contains("| `screens/added.screen.json` | updated | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |"))
        #expect(markdown.contains("### bento: added `screens/added.screen.json`\n"), "\(markdown)")
        #expect(markdown.contains("### bento: deleted `screens/gone.screen.json`\n"), "\(markdown)")
        #expect(markdown.contains("| `screens/gone.screen.json` | updated | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |"), "\(markdown)")
        // An invalid screen is in the summary with its error, named by its path.
        #expect(markdown.contains("### bento: `screens/bad.screen.json` is not a valid screen\n\n```\nbento: screens/bad.screen.json:1:"), "\(markdown)")
        #expect(!markdown.contains("same.screen.json"), "main's own change is not the pull request's")
        #expect(!markdown.contains("package.json"))
        #expect(!markdown.contains("(base)") && !markdown.contains("/dev/null") && !markdown.contains(runner.url.path), "\(markdown)")
        // Every annotation names a path of the repository.
        for line in run.stdout.split(separator: "\n") where line.hasPrefix("::") {
            let file = line.split(separator: ",").first { $0.contains("file=") }.map { String($0.split(separator: "=", maxSplits: 1)[1]) }
            #expect(file?.hasPrefix("screens/") == true && file?.hasSuffix(".screen.json") == true, "\(line)")
        }

        // Every annotation names a file of the pull request, at a line that holds an id.
        let notices = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::notice ") }
        #expect(notices.count == 7 + 2 + 2, "home: 7 changes; added and gone: the title and a section each")
        #expect(notices.contains { $0.contains("file=screens/gone.screen.json,") }, "a deleted screen's annotations name its path")
        for notice in notices where notice.contains("file=screens/home.screen.json,") {
            let line = try #require(notice.split(separator: ",").first { $0.hasPrefix("line=") }.flatMap { Int($0.dropFirst(5)) })
            let text = newHome.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
            #expect(text.contains("\"id\""), "\(notice) → line \(line): \(text)")
        }
        #expect(run.stdout.contains("::error file=screens/bad.screen.json,line=1,"))
    }

    @Test("the workflow gets bento by its one URL, keys the cached build by bento's commit, and builds it")
    func getAndBuild() throws {
        let steps = try Self.steps()
        let get = try #require(steps["Get bento"])
        #expect(steps["Build bento"]?.contains("swift build -c release --package-path \"$RUNNER_TEMP/bento\"") == true)
        let readme = try String(contentsOf: BentoProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("key: bento-${{ runner.os }}-${{ env.BENTO_REVISION }}"))
        #expect(readme.contains("path: ${{ runner.temp }}/bento/.build"))
        // The step as it stands, but for the URL: a clone of this repository.
        let url = "https://example.com/your-fork/bento"
        #expect(get.components(separatedBy: url).count == 2, "one URL to change")
        let runner = try ScratchDirectory()
        let environment = runner.url.appendingPathComponent("env")
        try ScratchDirectory.write("", to: environment)
        let run = try ExternalProgram.run(
            "bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", get.replacingOccurrences(of: url, with: BentoProcess.packageRoot.path)],
            in: runner.url, environment: ["RUNNER_TEMP": runner.url.path, "GITHUB_ENV": environment.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: runner.url.appendingPathComponent("bento/Package.swift").path))
        let written = try String(contentsOf: environment, encoding: .utf8)
        let revision = try ExternalProgram.run("git", ["-C", runner.url.appendingPathComponent("bento").path, "rev-parse", "HEAD"]).stdout
        #expect(written == "BENTO_REVISION=\(revision)", "\(written)")
    }
}
