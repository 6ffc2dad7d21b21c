import BentoJSON
import BentoKit

/// `bento completions bash|zsh|fish`
enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        usage: ["SHELL"],
        discussion: """
            Prints a script that completes bento's commands, options, option values
            (--format, --color) and file names. It is generated from the same table as
            the help, so it always matches this bento.
            """,
        options: [],
        examples: [
            ("source <(bento completions bash)", "Complete in the current bash."),
            (
                "bento completions bash > ~/.local/share/bash-completion/completions/bento",
                "Install for bash (bash-completion loads it on demand)."
            ),
            ("bento completions zsh > \"${fpath[1]}/_bento\"", "Install for zsh (then restart zsh)."),
            ("bento completions fish > ~/.config/fish/completions/bento.fish", "Install for fish."),
        ],
        operands: .words(shells),
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        guard arguments.operands.count == 1 else {
            throw UsageError(
                arguments.operands.isEmpty ? "missing shell: expected bash, zsh or fish" : "expected one shell",
                command: spec)
        }
        switch arguments.operands[0].text {
        case "bash": terminal.write(CompletionScript.bash(Commands.all))
        case "zsh": terminal.write(CompletionScript.zsh(Commands.all))
        case "fish": terminal.write(CompletionScript.fish(Commands.all))
        case let other:
            var message = "unknown shell '\(other)'; expected bash, zsh or fish"
            if let near = NearestName.suggestion(for: other, among: shells) { message += "; did you mean '\(near)'?" }
            throw UsageError(message, command: spec)
        }
        return 0
    }
}
