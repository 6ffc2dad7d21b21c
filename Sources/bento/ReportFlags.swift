import BentoJSON
import BentoKit

/// The options of a report (`ReportOptions`) as the command line spells
/// them, shared by `diff` and `git-diff`: one table for help, parsing and
/// completions.
enum ReportFlags {
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
}
