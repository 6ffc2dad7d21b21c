import BentoKit

/// Every subcommand, in the order `bento --help` lists them.
enum Commands {
    /// Each command's name, and its spec. A run makes the spec of the
    /// command it runs, not all nine: each is its help, its options and its
    /// wrapped text, and making them all took a tenth of a small diff.
    static let table: [(name: String, spec: @Sendable () -> CommandSpec)] = [
        ("diff", { DiffCommand.spec }), ("show", { ShowCommand.spec }), ("apply", { ApplyCommand.spec }),
        ("merge", { MergeCommand.spec }), ("validate", { ValidateCommand.spec }), ("git-diff", { GitDiffCommand.spec }),
        ("schema", { SchemaCommand.spec }), ("completions", { CompletionsCommand.spec }), ("help", { HelpCommand.spec }),
    ]

    static var all: [CommandSpec] { table.map { $0.spec() } }

    static var names: [String] { table.map(\.name) }

    static func named(_ name: String) -> CommandSpec? { table.first { $0.name == name }?.spec() }
}

/// `bento help [COMMAND]`
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for bento or one of its commands.",
        usage: ["[COMMAND]"],
        options: [],
        operands: .commands,
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        guard let name = arguments.operands.first?.text else {
            terminal.write(Tool.overview)
            return 0
        }
        guard let command = Commands.named(name) else { throw Tool.unknownCommand(name) }
        guard arguments.operands.count == 1 else {
            throw UsageError("unexpected operand '\(arguments.operands[1].text)': 'bento help' takes one command", command: spec)
        }
        terminal.write(command.help)
        return 0
    }
}
