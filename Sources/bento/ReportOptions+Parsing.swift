import BentoJSON
import BentoKit

/// The report options as the command line reads them (`ReportFlags`), and
/// how they combine: the last output flag wins (`-u -f json` is json, as
/// GNU diff has it), so does the last of `--color` and `--no-color`, and a
/// listing (`--name-only`, `--name-status`, `--stat`) replaces the report.
extension ReportOptions {
    // MARK: Reading them

    /// The options given to `command`.
    /// - Parameter pagerCounts: output into git's pager counts as a
    ///   terminal (`git-diff`).
    static func parse(
        _ arguments: ArgumentParser.Result, _ command: CommandSpec, _ terminal: Terminal, pagerCounts: Bool = false
    ) throws(UsageError) -> ReportOptions {
        let labels = arguments.all("label")
        guard labels.count <= 2 else {
            throw UsageError("--label is given at most twice: for OLD, then NEW", command: command)
        }
        var color = arguments.last(of: ["color", "no-color"]).map { $0.long == "no-color" ? "never" : $0.value }
        if pagerCounts, color == nil { color = GitColor.choice(terminal) }
        let options = ReportOptions(
            format: try parseFormat(arguments, command),
            listing: arguments.last(of: ReportFlags.listings.map(\.option.long)).flatMap { last in
                ReportFlags.listings.first { $0.option.long == last.long }?.style
            },
            context: try parseContext(arguments, command), rules: try parseIgnoreRules(arguments, command),
            palette: terminal.palette(for: color, pagerCounts: pagerCounts), labels: labels,
            hints: !arguments.has("no-hints"), maxSize: try parseMaxSize(arguments, command))
        if options.format == .patch && !options.rules.isEmpty && options.listing == nil {
            throw UsageError(
                "--ignore cannot be used with --format patch: a patch must give the whole new document", command: command)
        }
        return options
    }

    /// The format of the last output flag: `--format`, or `unified` for
    /// `-u`, `-U` and `--context`; text when none is given.
    private static func parseFormat(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError)
        -> OutputFormat
    {
        guard let last = arguments.last(of: ["format", "unified", "context"]) else { return .text }
        guard last.long == "format" else { return .unified }
        // The parser has checked the value against the option's choices.
        guard let format = OutputFormat(rawValue: last.value) else {
            throw UsageError("unknown format '\(last.value)'", command: command)
        }
        return format
    }

    /// `-U N`: a count of lines, 0 or more.
    private static func parseContext(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError) -> Int {
        guard let text = arguments.value("context") else { return 3 }
        guard let n = count(text, atLeast: 0) else {
            throw UsageError(
                "invalid context length '\(text)': -U (--context) needs a number of lines, 0 or more (-U 5)", command: command)
        }
        return n
    }

    /// `--max-size N`: a count of characters, at least
    /// `MarkdownRenderer.smallestMaxSize`.
    private static func parseMaxSize(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError) -> Int {
        guard let text = arguments.value("max-size") else { return MarkdownRenderer.defaultMaxSize }
        let least = MarkdownRenderer.smallestMaxSize
        guard let n = count(text, atLeast: least) else {
            throw UsageError(
                "invalid size '\(text)': --max-size needs a number of characters, \(least) or more (--max-size 60000)",
                command: command)
        }
        return n
    }

    /// `text` as a count written in decimal digits alone (no sign, no
    /// spaces), `least` or more; nil for anything else.
    private static func count(_ text: String, atLeast least: Int) -> Int? {
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let n = Int(text), n >= least
        else { return nil }
        return n
    }

    /// The `--ignore` rules, or a usage error naming the bad pointer.
    private static func parseIgnoreRules(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError)
        -> IgnoreRules
    {
        do {
            return try IgnoreRules(arguments.all("ignore"))
        } catch {
            throw UsageError(error.description, command: command)
        }
    }

    /// The sides of a pair: its two paths, named by `--label` where given.
    func sides(_ old: Argument, _ new: Argument) -> (ScreenComparison.Side, ScreenComparison.Side) {
        (
            ScreenComparison.Side(old.path, name: labels.first ?? old.path.description),
            ScreenComparison.Side(new.path, name: labels.count > 1 ? labels[1] : new.path.description)
        )
    }
}
