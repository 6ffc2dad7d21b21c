import BentoJSON
import BentoKit

/// The `bento` command line: picks the subcommand and runs it.
enum Tool {
    static let overview = """
        OVERVIEW: Compare screen definitions (Bento/Carbon screens as JSON) by identity.

        USAGE: bento <command> [options]

        COMMANDS:
        \(Commands.all.map { "  " + $0.name.padding(12) + $0.abstract }.joined(separator: "\n"))

        OPTIONS:
          -h, --help  Show help.
          --version   Show the version.

          See 'bento help <command>' for a command's options and examples.

        """

    /// The short usage that `bento` alone prints on standard error.
    static let usage = """
        usage: bento <command> [options] [operands]
        commands: \(Commands.names.joined(separator: ", "))
        See 'bento --help' for an overview and 'bento help <command>' for a command.

        """

    /// Runs the tool on the arguments after the program name.
    /// - Returns: the exit status, and what the command made, which the
    ///   caller keeps until the process exits (see `CommandExit`).
    static func run(_ arguments: [Argument], terminal: Terminal) -> CommandExit {
        var status: Int32
        var kept: [Any] = []
        do {
            let exit = try dispatch(arguments, terminal)
            kept = exit.kept
            status = exit.status
        } catch let error as UsageError {
            terminal.error(error.message)
            let help = error.command.map { "bento help \($0.name)" } ?? "bento --help"
            terminal.error("see '\(help)'")
            status = 2
        } catch {
            terminal.error("\(error)")
            status = 2
        }
        if !terminal.flush() { status = 2 }
        return CommandExit(status, keeping: kept)
    }

    private static func dispatch(_ arguments: [Argument], _ terminal: Terminal) throws -> CommandExit {
        guard let first = arguments.first?.text else {
            // As diff and git do: bento alone is bad usage, not a request for help.
            terminal.errorText(usage)
            return 2
        }
        switch first {
        case "-h", "--help", "--version", "-V":
            if arguments.count > 1 {
                throw UsageError("unexpected operand '\(arguments[1].text)'", command: nil)
            }
            terminal.write(first == "-h" || first == "--help" ? overview : "bento \(Bento.version)\n")
            return 0
        default:
            guard let command = Commands.named(first) else {
                if first.hasPrefix("-") {
                    var message = "unknown option '\(first)'"
                    if let near = NearestName.suggestion(for: first, among: ["--help", "--version"]) {
                        message += "; did you mean '\(near)'?"
                    }
                    throw UsageError(message, command: nil)
                }
                throw unknownCommand(first)
            }
            let parsed = try ArgumentParser(command: command).parse(Array(arguments.dropFirst()))
            if parsed.has("help") {
                terminal.write(command.help)
                return 0
            }
            return try command.run(parsed, terminal)
        }
    }

    static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        if let near = NearestName.suggestion(for: name, among: Commands.names) {
            message += "; did you mean '\(near)'?"
        }
        return UsageError(message, command: nil)
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
