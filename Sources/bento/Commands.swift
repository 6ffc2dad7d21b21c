import BentoKit

/// Every subcommand, in the order `bento --help` lists them.
enum Commands {
    static let all: [CommandSpec] = [
        DiffCommand.spec, ShowCommand.spec, ApplyCommand.spec, MergeCommand.spec, ValidateCommand.spec, GitDiffCommand.spec,
        SchemaCommand.spec, CompletionsCommand.spec, HelpCommand.spec,
    ]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
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
