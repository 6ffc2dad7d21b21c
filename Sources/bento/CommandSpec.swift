import BentoKit

/// A subcommand: its name, help text, options and what it does.
struct CommandSpec: Sendable {
    let name: String
    /// One line for the command list.
    let abstract: String
    /// Usage lines, without the leading `bento `.
    let usage: [String]
    /// Paragraphs after the usage in `--help`.
    let discussion: String
    let options: [OptionSpec]
    /// (command line, what it does)
    let examples: [(String, String)]
    /// What the shell completes for an operand.
    let operands: OperandCompletion
    /// Where the operands begin, for a command that can tell them by their
    /// shape (git's arguments to `git-diff`), so that an operand starting
    /// with `-` is not taken for an option; nil: anywhere.
    let operandsBegin: (@Sendable ([String]) -> Int?)?
    let run: @Sendable (ArgumentParser.Result, Terminal) throws -> CommandExit

    init(
        name: String, abstract: String, usage: [String], discussion: String = "", options: [OptionSpec],
        examples: [(String, String)] = [], operands: OperandCompletion = .files,
        operandsBegin: (@Sendable ([String]) -> Int?)? = nil,
        run: @escaping @Sendable (ArgumentParser.Result, Terminal) throws -> CommandExit
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.options = options + [OptionSpec("help", short: "h", help: "Show help for this command.")]
        self.examples = examples
        self.operands = operands
        self.operandsBegin = operandsBegin
        self.run = run
    }

    /// The text of `bento help NAME` and `bento NAME --help`.
    var help: String {
        var s = "OVERVIEW: \(abstract)\n\nUSAGE:\n"
        for line in usage { s += "  bento \(line)\n" }
        if !discussion.isEmpty { s += "\n" + discussion.trimmingTrailingNewlines + "\n" }
        s += "\nOPTIONS:\n"
        let width = options.map(\.synopsis.count).max() ?? 0
        for option in options {
            let pad = String(repeating: " ", count: width - option.synopsis.count + 2)
            var help = option.help
            if !option.choices.isEmpty { help += " (" + option.choices.joined(separator: ", ") + ")" }
            s += "  \(option.synopsis)\(pad)\(help)\n"
        }
        if !examples.isEmpty {
            s += "\nEXAMPLES:\n"
            for (line, what) in examples { s += "  \(line)\n      \(what)\n" }
        }
        return s
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
