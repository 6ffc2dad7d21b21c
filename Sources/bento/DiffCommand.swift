import BentoKit

/// `bento diff [options] OLD NEW`
enum DiffCommand {
    static let formats = ["text", "json", "html"]

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two screens, matched by identity.",
        usage: ["diff [options] OLD NEW"],
        discussion: """
            Compares two screen files (JSON; '-' reads standard input) by the ids of
            their sections and rows: inserts, deletes, moves (the fewest possible) and
            updates with their field changes.

            Exit status: 0 if the screens are the same, 1 if they differ, 2 on trouble
            (invalid input, unreadable file, bad usage).
            """,
        options: [
            OptionSpec(
                "format", short: "f", value: "FORMAT", choices: formats,
                help: "Output format: text for people, json for tools, html for a visual report."),
            OptionSpec("quiet", short: "q", help: "Print nothing; only set the exit status."),
            OptionSpec(
                "color", value: "WHEN", choices: ["auto", "always", "never"],
                help: "Colour the text output; auto colours on a terminal unless NO_COLOR is set."),
        ],
        examples: [
            ("bento diff old.json new.json", "Print the changes for people to read."),
            ("bento diff -f json old.json new.json | jq .summary", "Count the changes by kind with jq."),
            ("bento diff -q old.json new.json || echo changed", "Check in CI, using only the exit status."),
            ("bento diff -f html old.json new.json > report.html", "Draw both screens side by side, changes marked."),
            ("generate-screen | bento diff old.json -", "Compare with a screen read from standard input."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> Int32 {
        let (oldPath, newPath) = try twoOperands(arguments.operands, spec)
        let screens = ScreenFiles.readBoth(oldPath, newPath)
        guard case .success(let old) = screens.0, case .success(let new) = screens.1 else {
            for case .failure(let diagnostic) in [screens.0, screens.1] { terminal.error("\(diagnostic)") }
            return 2
        }
        let changeset = ScreenDiff.changeset(from: old, to: new, oldName: oldPath, newName: newPath)
        let status: Int32 = changeset.isIdentical ? 0 : 1
        if arguments.has("quiet") { return status }
        switch arguments.value("format") ?? "text" {
        case "json":
            terminal.write(JSONRenderer.render(changeset))
        case "html":
            terminal.write(HTMLRenderer().render(changeset, old: old, new: new))
        default:
            let renderer = TextRenderer(palette: terminal.palette(for: arguments.value("color")))
            terminal.write(renderer.render(changeset, old: old, new: new))
        }
        return status
    }

    /// The two file operands; standard input may be only one of them.
    static func twoOperands(_ operands: [String], _ spec: CommandSpec) throws(UsageError) -> (String, String) {
        guard operands.count == 2 else {
            throw UsageError(
                operands.count < 2 ? "missing file operand: expected OLD and NEW" : "too many operands: expected OLD and NEW",
                command: spec)
        }
        guard !(operands[0] == "-" && operands[1] == "-") else {
            throw UsageError("standard input ('-') can be only one of OLD and NEW", command: spec)
        }
        return (operands[0], operands[1])
    }
}
