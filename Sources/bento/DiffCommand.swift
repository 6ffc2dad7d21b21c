import BentoKit

/// `bento diff [options] OLD NEW`, and `OLD_DIR NEW_DIR`.
enum DiffCommand {
    static let formats = ["text", "json"]

    // The options that shape a report, shared with `git-diff`.
    static let formatOption = OptionSpec(
        "format", short: "f", value: "FORMAT", choices: formats, help: "Output format: text for people, json for tools.")
    static let ignoreOption = OptionSpec(
        "ignore", value: "POINTER", repeatable: true,
        help: "Ignore a field: a JSON Pointer within each row, section or screen; '*' matches one segment. "
            + "Repeatable.")
    static let colorOption = OptionSpec(
        "color", value: "WHEN", choices: ["auto", "always", "never"],
        help: "Colour the text output; auto colours on a terminal unless NO_COLOR is set.")

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two screens, matched by identity.",
        usage: ["diff [options] OLD NEW", "diff [options] OLD_DIR NEW_DIR"],
        discussion: """
            Compares two screen files (JSON; '-' reads standard input, /dev/null is an
            empty screen) by the ids of their sections and rows: inserts, deletes, moves
            (the fewest possible) and updates with their field changes.

            Given two directories, pairs their *.json files by relative path, recursively,
            as 'diff -r' does: a report per changed screen, 'Only in' for a screen on one
            side. Given a directory and a file, compares the file with the directory's
            file of the same name.

            Exit status: 0 if the screens are the same, 1 if they differ, 2 on trouble
            (invalid input, unreadable file, bad usage). In directory mode, 2 if any file
            could not be read (the others are still compared).
            """,
        options: [
            formatOption,
            OptionSpec("quiet", short: "q", help: "Print nothing; only set the exit status."),
            ignoreOption,
            colorOption,
        ],
        examples: [
            ("bento diff old.json new.json", "Print the changes for people to read."),
            ("bento diff -f json old.json new.json | jq .summary", "Count the changes by kind with jq."),
            ("bento diff -q old.json new.json || echo changed", "Check in CI, using only the exit status."),
            ("generate-screen | bento diff old.json -", "Compare with a screen read from standard input."),
            ("bento diff --ignore /component/props/analyticsId old.json new.json", "Leave analytics ids out."),
            ("bento diff -f json screens-v1/ screens-v2/ | jq '.files[].path'", "Compare two directories of screens."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> Int32 {
        var (oldPath, newPath) = try twoOperands(arguments.operands, spec)
        let rules = try ignoreRules(arguments, spec)
        let directories = (ScreenDirectory.isDirectory(oldPath), ScreenDirectory.isDirectory(newPath))
        if (directories.0 || directories.1) && (oldPath == "-" || newPath == "-") {
            throw UsageError("standard input ('-') cannot be compared with a directory", command: spec)
        }
        switch directories {
        case (true, true):
            return DirectoryReport.run(oldPath, newPath, rules: rules, arguments, terminal)
        case (true, false):
            oldPath = ScreenDirectory.join(oldPath, baseName(newPath))
        case (false, true):
            newPath = ScreenDirectory.join(newPath, baseName(oldPath))
        case (false, false):
            break
        }
        let screens = ScreenFiles.readBoth(oldPath, newPath)
        guard case .success(let old) = screens.0, case .success(let new) = screens.1 else {
            for case .failure(let diagnostic) in [screens.0, screens.1] { terminal.error("\(diagnostic)") }
            return 2
        }
        let changeset = ScreenDiff.changeset(from: old, to: new, oldName: oldPath, newName: newPath, ignoring: rules)
        let status: Int32 = changeset.isIdentical ? 0 : 1
        if arguments.has("quiet") { return status }
        terminal.write(report(changeset, old: old, new: new, arguments, palette: terminal.palette(for: arguments.value("color"))))
        return status
    }

    /// The report in the chosen `--format`.
    static func report(
        _ changeset: Changeset, old: Screen, new: Screen, _ arguments: ArgumentParser.Result, palette: Palette
    ) -> [UInt8] {
        switch arguments.value("format") ?? "text" {
        case "json":
            return JSONRenderer.render(changeset)
        default:
            return Array(TextRenderer(palette: palette).render(changeset, old: old, new: new).utf8)
        }
    }

    /// The `--ignore` rules, or a usage error naming the bad pointer.
    static func ignoreRules(_ arguments: ArgumentParser.Result, _ spec: CommandSpec) throws(UsageError) -> IgnoreRules {
        do {
            return try IgnoreRules(arguments.all("ignore"))
        } catch {
            throw UsageError(error.description, command: spec)
        }
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

    /// The last name of a path, as basename(1) gives it.
    static func baseName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }
}
