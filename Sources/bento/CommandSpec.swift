import BentoKit

/// A subcommand: its name, help text, options and what it does.
struct CommandSpec: Sendable {
    let name: String
    /// One line for the command list.
    let abstract: String
    /// The operands of each usage form (`OLD NEW`); the options come from
    /// the table (`usageLines`).
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

    /// The widest a line of help is: a terminal's 80 columns.
    static let width = 80

    /// The usage lines: `bento NAME`, every option as it is given (from
    /// the table, so none is left out) and the operands of the first form;
    /// `[options]` and the operands of each other form; wrapped at `width`.
    var usageLines: [String] {
        let options = self.options.filter { $0.long != "help" }.map(\.usage)
        return usage.enumerated().flatMap { k, operands -> [String] in
            let words = (k == 0 ? options : options.isEmpty ? [] : ["[options]"]) + operands.split(separator: " ").map(String.init)
            return Self.wrapped(words, first: "bento \(name)", width: Self.width)
        }
    }

    /// The text of `bento help NAME` and `bento NAME --help`, every line
    /// within `width` columns.
    var help: String {
        var s = "OVERVIEW: \(abstract)\n\nUSAGE:\n"
        for line in usageLines { s += "  \(line)\n" }
        if !discussion.isEmpty { s += "\n" + discussion.trimmingTrailingNewlines + "\n" }
        s += "\nOPTIONS:\n"
        let column = min(options.map(\.synopsis.count).max() ?? 0, 24) + 4
        for option in options {
            var help = option.help
            if !option.choices.isEmpty { help += " (" + option.choices.joined(separator: ", ") + ")" }
            let lead = "  \(option.synopsis)"
            let lines = Self.wrapped(help.split(separator: " ").map(String.init), first: "", width: Self.width - column)
            if lead.count + 2 <= column {
                s += lead.padding(column - 1) + lines[0].dropFirst() + "\n"
            } else {
                s += lead + "\n" + String(repeating: " ", count: column) + lines[0].dropFirst() + "\n"
            }
            for line in lines.dropFirst() { s += String(repeating: " ", count: column) + line.dropFirst() + "\n" }
        }
        if !examples.isEmpty {
            s += "\nEXAMPLES:\n"
            for (line, what) in examples {
                s += "  \(line)\n"
                for text in Self.wrapped(what.split(separator: " ").map(String.init), first: "", width: Self.width - 6) {
                    s += "     " + text + "\n"
                }
            }
        }
        return s
    }

    /// `first`, then `words`, joined by spaces into lines of at most
    /// `width` columns; lines after the first are indented to stand under
    /// the first word after `first`.
    static func wrapped(_ words: [String], first: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: first.count)
        var lines: [String] = [], line = first
        for word in words {
            if line.count + 1 + word.count > width && line.count > indent.count {
                lines.append(line)
                line = indent
            }
            line += " " + word
        }
        lines.append(line)
        return lines
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
