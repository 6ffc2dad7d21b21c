import BentoJSON
import BentoKit

/// The options that shape a report, shared by `diff` and `git-diff`, and
/// how they combine: the last output flag wins (`-u -f json` is json, as
/// GNU diff has it), so does the last of `--color` and `--no-color`, and a
/// listing (`--name-only`, `--name-status`, `--stat`) replaces the report.
struct ReportOptions {
    var format: OutputFormat
    /// `--name-only`, `--name-status` or `--stat`: a listing instead of a report.
    var listing: ListingRenderer.Style?
    var context: Int
    var rules: IgnoreRules
    var palette: Palette
    /// `--label`, as `diff --label` takes it: the first names the old side,
    /// the second the new one.
    var labels: [String]
    /// `--no-hints`: no identity hints in the text and HTML reports.
    var hints: Bool
    /// `--max-size`: the most characters of a Markdown report.
    var maxSize: Int

    // MARK: The options

    static let format = OptionSpec(
        "format", short: "f", value: "FORMAT", choices: OutputFormat.names,
        help: "Output format: text for people, json for tools, unified or patch, html for a visual report, "
            + "uikit for batch updates, markdown for a pull request, github for annotations.")
    static let unified = OptionSpec("unified", short: "u", help: "Same as --format unified.")
    static let context = OptionSpec(
        "context", short: "U", value: "N",
        help: "Lines of context in the unified format (default 3); implies --format unified.")
    static let ignore = OptionSpec(
        "ignore", value: "POINTER", repeatable: true,
        help: "Ignore a field: a JSON Pointer within each row, section or screen; '*' matches one segment. "
            + "Repeatable.")
    static let color = OptionSpec(
        "color", value: "WHEN", choices: ["auto", "always", "never"], implicitValue: "always",
        help: "Colour the text and unified output: auto (the default) on a terminal unless NO_COLOR is set; "
            + "--color alone is always.")
    static let noColor = OptionSpec("no-color", help: "Same as --color=never.")
    static let label = OptionSpec(
        "label", value: "LABEL", repeatable: true,
        help: "Name a side in headers and in the changeset's old/new instead of its path; "
            + "give it twice, for OLD then NEW (as diff --label).")
    static let noHints = OptionSpec(
        "no-hints",
        help: "Leave out the hints about ids that probably changed (a row deleted and another inserted at its "
            + "place with the same content) from the text and html reports.")
    static let maxSize = OptionSpec(
        "max-size", value: "N",
        help: "The most characters of a markdown report (default 65536, a pull request comment's limit; "
            + "at least 1024); the changes past it are counted on a last line.")
    static let exitCode = OptionSpec(
        "exit-code", help: "Exit with 1 when the screens differ (bento's default; accepted as git diff takes it).")
    static let listings: [(option: OptionSpec, style: ListingRenderer.Style)] = [
        (OptionSpec("name-only", help: "List the paths of the screens that differ, one per line, in path order."), .nameOnly),
        (
            OptionSpec(
                "name-status", help: "List them with a status: M (changed), A (added), D (deleted), a tab, the path."),
            .nameStatus
        ),
        (OptionSpec("stat", help: "A line per screen that differs, with what changed in it, and a total line."), .stat),
    ]

    /// Every option above, in the order help lists them.
    static let all: [OptionSpec] =
        [format, unified, context, ignore, color, noColor, label] + listings.map(\.option) + [noHints, maxSize, exitCode]

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
            format: try format(arguments, command),
            listing: arguments.last(of: Set(listings.map(\.option.long))).flatMap { last in
                listings.first { $0.option.long == last.long }?.style
            },
            context: try context(arguments, command), rules: try ignoreRules(arguments, command),
            palette: terminal.palette(for: color, pagerCounts: pagerCounts), labels: labels,
            hints: !arguments.has("no-hints"), maxSize: try maxSize(arguments, command))
        if options.format == .patch && !options.rules.isEmpty && options.listing == nil {
            throw UsageError(
                "--ignore cannot be used with --format patch: a patch must give the whole new document", command: command)
        }
        return options
    }

    /// The format of the last output flag: `--format`, or `unified` for
    /// `-u`, `-U` and `--context`; text when none is given.
    private static func format(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError)
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
    private static func context(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError) -> Int {
        guard let text = arguments.value("context") else { return 3 }
        guard let n = count(text, atLeast: 0) else {
            throw UsageError(
                "invalid context length '\(text)': -U (--context) needs a number of lines, 0 or more (-U 5)", command: command)
        }
        return n
    }

    /// `--max-size N`: a count of characters, at least
    /// `MarkdownRenderer.smallestMaxSize`.
    private static func maxSize(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError) -> Int {
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
    private static func ignoreRules(_ arguments: ArgumentParser.Result, _ command: CommandSpec) throws(UsageError)
        -> IgnoreRules
    {
        do {
            return try IgnoreRules(arguments.all("ignore"))
        } catch {
            throw UsageError(error.description, command: command)
        }
    }

    /// Whether the report patches the documents as written (`--format
    /// patch`, not replaced by a listing), which must then be read too.
    var needsDocuments: Bool { listing == nil && format.needsDocuments }

    /// The sides of a pair: its two paths, named by `--label` where given.
    func sides(_ old: Argument, _ new: Argument) -> (ScreenComparison.Side, ScreenComparison.Side) {
        (
            ScreenComparison.Side(old.path, name: labels.first ?? old.path.description),
            ScreenComparison.Side(new.path, name: labels.count > 1 ? labels[1] : new.path.description)
        )
    }
}
