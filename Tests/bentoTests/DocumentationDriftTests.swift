import Foundation
import Testing

import BentoKit
@testable import bento

/// The README, `--help` and the completion scripts against the command table
/// (`CommandSpec`): what the parser accepts is what users read about. The
/// man page has its own suite (`ManPageTests`).
@Suite("Documentation drift")
struct DocumentationDriftTests {
    static let readme: String = {
        (try? String(contentsOf: BentoProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The README's table rows: lines that start with `|`.
    static let tableRows = readme.split(separator: "\n").filter { $0.hasPrefix("|") }.map(String.init)

    @Test("every command has a row in the README's command table", arguments: Commands.all.map(\.name))
    func commandRow(_ name: String) {
        #expect(Self.tableRows.contains { $0.hasPrefix("| `bento \(name)") }, "no row for bento \(name)")
    }

    @Test("every option of diff is a row of the README's options table")
    func diffOptions() {
        for option in DiffCommand.spec.options {
            #expect(Self.tableRows.contains { $0.hasPrefix("| ") && $0.contains("`--\(option.long)") }, "--\(option.long)")
        }
    }

    @Test("every option of every command is in the README")
    func everyOption() {
        for command in Commands.all {
            for option in command.options {
                #expect(Self.readme.contains("--\(option.long)"), "bento \(command.name) --\(option.long)")
            }
        }
    }

    @Test("every format is in the README's --format row, in diff's help and in the completions", arguments: OutputFormat.names)
    func format(_ name: String) throws {
        let row = try #require(Self.tableRows.first { $0.hasPrefix("| `-f`, `--format FORMAT`") })
        #expect(row.contains("`\(name)`"))
        let help = try BentoProcess.run(["help", "diff"]).stdout
        #expect(help.split(separator: "\n").contains { $0.hasPrefix("  \(name) ") }, "not described in bento help diff")
        for shell in ["bash", "zsh", "fish"] {
            #expect(try BentoProcess.run(["completions", shell]).stdout.contains(name), "\(shell)")
        }
        let bash = try ExternalProgram.run(
            "bash",
            [
                "--norc", "-c",
                "source <(bento completions bash); COMP_WORDS=(bento diff --format ''); COMP_CWORD=3; _bento; "
                    + "printf '%s\\n' \"${COMPREPLY[@]}\"",
            ])
        #expect(bash.stdout.split(separator: "\n").contains(Substring(name)))
    }

    @Test("the README's completion sample lists every format, as bash lays them out")
    func completionSample() {
        let sorted = OutputFormat.names.sorted()
        let line = "    " + sorted.map { $0.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined()
        let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
        #expect(Self.readme.contains("\n" + trimmed + "\n"), "expected: \(trimmed)")
    }
}
