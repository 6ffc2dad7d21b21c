import Foundation
import Testing

import BentoKit
@testable import bento

/// `bento completions`: the scripts load in the real shells and complete
/// what the command table says.
@Suite("Shell completions")
struct CompletionTests {
    /// What bash's `_bento` offers for the words typed so far (the last
    /// one being completed), run in a real bash.
    static func bashComplete(_ words: [String], in directory: URL? = nil) throws -> [String] {
        let quoted = words.map(CompletionScript.shellQuote).joined(separator: " ")
        let script = """
            source <(bento completions bash) || exit 3
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _bento
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ExternalProgram.run("bash", ["--norc", "--noprofile", "-c", script], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash: commands, options, option values and files")
    func bash() throws {
        #expect(try Self.bashComplete(["bento", "di"]) == ["diff"])
        #expect(try Self.bashComplete(["bento", "co"]) == ["completions"])
        #expect(try Self.bashComplete(["bento", "--v"]) == ["--version"])
        #expect(try Self.bashComplete(["bento", "diff", "--fo"]) == ["--format"])
        #expect(try Self.bashComplete(["bento", "diff", "--format", ""]) == OutputFormat.names)
        #expect(try Self.bashComplete(["bento", "diff", "-f", "j"]) == ["json"])
        #expect(try Self.bashComplete(["bento", "diff", "-U", ""]).isEmpty)
        #expect(try Self.bashComplete(["bento", "git-diff", "--format", ""]) == OutputFormat.names)
        #expect(try Self.bashComplete(["bento", "diff", "--format", "=", "un"]) == ["unified"])
        #expect(try Self.bashComplete(["bento", "diff", "--format", "=", "ui"]) == ["uikit"])
        #expect(try Self.bashComplete(["bento", "diff", "--color", "n"]) == ["never"])
        #expect(try Self.bashComplete(["bento", "diff", "--ignore", ""]).isEmpty)
        #expect(try Self.bashComplete(["bento", "help", "v"]) == ["validate"])
        #expect(try Self.bashComplete(["bento", "completions", "f"]) == ["fish"])

        let dir = try ScratchDirectory()
        try dir.write("{}", to: "screen one.json")
        try dir.write("{}", to: "screens/two.json")
        #expect(try Self.bashComplete(["bento", "diff", "scr"], in: dir.url).sorted() == ["screen one.json", "screens"])
        #expect(try Self.bashComplete(["bento", "validate", "screens/"], in: dir.url) == ["screens/two.json"])
        // An option whose value is a file completes file names too.
        #expect(try Self.bashComplete(["bento", "apply", "-o", "scr"], in: dir.url).sorted() == ["screen one.json", "screens"])
    }

    @Test("the command table names each command by its spec's own name, and finds each by it")
    func commandTableNames() {
        #expect(Commands.names == Commands.all.map(\.name))
        #expect(Set(Commands.names).count == Commands.names.count)
        for name in Commands.names { #expect(Commands.named(name)?.name == name) }
        #expect(Commands.named("dif") == nil)
    }

    @Test("bash: every option of every command is offered after '-'")
    func bashOffersEveryOption() throws {
        for command in Commands.all {
            let offered = Set(try Self.bashComplete(["bento", command.name, "-"]))
            for option in command.options {
                #expect(offered.contains("--\(option.long)"), "\(command.name) --\(option.long)")
                if let short = option.short { #expect(offered.contains("-\(short)"), "\(command.name) -\(short)") }
            }
        }
    }

    @Test("fish: loads and completes", .enabled(if: ExternalProgram.available("fish")))
    func fish() throws {
        let script = """
            bento completions fish | source
            complete -C'bento di'
            complete -C'bento diff --format '
            complete -C'bento diff --col'
            """
        let result = try ExternalProgram.run("fish", ["--no-config", "-c", script])
        #expect(result.status == 0, "\(result.stderr)")
        let firstWords = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        // --color takes an optional value: fish offers it bare and with `=`.
        #expect(firstWords == ["diff"] + OutputFormat.names.sorted() + ["--color", "--color="])
    }

    @Test("zsh: the script parses", .enabled(if: ExternalProgram.available("zsh")))
    func zsh() throws {
        let dir = try ScratchDirectory()
        let script = try BentoProcess.run(["completions", "zsh"])
        #expect(script.status == 0)
        #expect(script.stdout.hasPrefix("#compdef bento\n"))
        try dir.write(script.stdout, to: "_bento")
        let parsed = try ExternalProgram.run("zsh", ["-n", dir.path("_bento")])
        #expect(parsed.status == 0, "\(parsed.stderr)")
    }

    @Test("zsh and fish scripts name every command and option")
    func scriptsCoverTheTable() {
        let zsh = CompletionScript.zsh(Commands.all), fish = CompletionScript.fish(Commands.all)
        for command in Commands.all {
            #expect(zsh.contains("\n        \(command.name))\n"), "\(command.name)")
            #expect(fish.contains("-a \(command.name) -d"), "\(command.name)")
            for option in command.options {
                #expect(zsh.contains("--\(option.long)"))
                #expect(fish.contains("__fish_seen_subcommand_from \(command.name)' -\(option.short.map { "s \($0) -" } ?? "")l \(option.long)"))
            }
        }
    }

    @Test("an unknown shell is bad usage")
    func unknownShell() throws {
        let result = try BentoProcess.run(["completions", "bsh"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("did you mean 'bash'?"))
    }
}
