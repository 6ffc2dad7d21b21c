import BentoJSON
import BentoKit

/// `bento diff [options] OLD NEW`, and `OLD_DIR NEW_DIR`.
enum DiffCommand {
    // The options that shape a report, shared with `git-diff`.
    static let ignoreOption = OptionSpec(
        "ignore", value: "POINTER", repeatable: true,
        help: "Ignore a field: a JSON Pointer within each row, section or screen; '*' matches one segment. "
            + "Repeatable.")
    static let colorOption = OptionSpec(
        "color", value: "WHEN", choices: ["auto", "always", "never"],
        help: "Colour the text and unified output; auto colours on a terminal unless NO_COLOR is set.")

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two screens, matched by identity.",
        usage: ["diff [options] OLD NEW", "diff [options] OLD_DIR NEW_DIR"],
        discussion: """
            Compares two screen files (JSON; '-' reads standard input, /dev/null is an
            empty screen) by the ids of their sections and rows: inserts, deletes, moves
            (the fewest possible) and updates with their field changes.

            Formats:
              text     for people: one line per change, a summary last (the default).
              json     the changeset, for tools; 'bento apply' reads it back.
              unified  a unified diff (as diff -u) of the outlines 'bento show' prints,
                       aligned by identity: a moved row is a '-' line at its old place
                       and a '+' line at its new one. Hunk headers name the section.
                       'patch' applied to the old outline gives the new outline.
              patch    an RFC 6902 JSON Patch from the old document to the new one:
                       moves as 'move', field changes as leaf 'replace'/'add'/'remove',
                       a row moved across sections as one 'move' between the two
                       sections' 'rows'. It patches the files as written ($ members,
                       explicit nulls and the Box form included), so it may hold
                       operations even when the screens are the same.
              html     one self-contained page that draws both screens side by side,
                       changes marked; open it in a browser.

            Given two directories, pairs their *.json files by relative path, recursively,
            as 'diff -r' does, and compares the pairs in parallel: a report per changed
            screen, 'Only in' for a screen on one side (text, unified); one document with
            an entry per path (json); one page with an index (html).

            Exit status: 0 if the screens are the same, 1 if they differ, 2 on trouble
            (invalid input, unreadable file, bad usage). In directory mode, 2 if any file
            could not be read (the others are still compared).
            """,
        options: [
            OptionSpec(
                "format", short: "f", value: "FORMAT", choices: OutputFormat.names,
                help: "Output format: text for people, json for tools, unified or patch, html for a visual report."),
            OptionSpec("unified", short: "u", help: "Same as --format unified."),
            OptionSpec(
                "context", short: "U", value: "N",
                help: "Lines of context in the unified format (default 3); implies --format unified."),
            OptionSpec("quiet", short: "q", help: "Print nothing; only set the exit status."),
            ignoreOption,
            colorOption,
        ],
        examples: [
            ("bento diff old.json new.json", "Print the changes for people to read."),
            ("bento diff -f json old.json new.json | jq .summary", "Count the changes by kind with jq."),
            ("bento diff -q old.json new.json || echo changed", "Check in CI, using only the exit status."),
            ("bento diff -f html old.json new.json > report.html", "Draw both screens side by side, changes marked."),
            ("generate-screen | bento diff old.json -", "Compare with a screen read from standard input."),
            ("bento diff -u old.json new.json | less -R", "Review the change as a unified diff of the outlines."),
            ("bento diff -U 0 old.json new.json", "A unified diff without context lines."),
            (
                "bento diff -f patch old.json new.json > change.patch.json",
                "Write an RFC 6902 JSON Patch that any applier can replay on old.json."
            ),
            ("bento diff --ignore /component/props/analyticsId old.json new.json", "Leave analytics ids out."),
            ("bento diff -f json screens-v1/ screens-v2/ | jq '.files[].path'", "Compare two directories of screens."),
        ],
        run: run)

    /// How a report is to be written: the parsed options.
    struct ReportOptions {
        var format: OutputFormat
        var context: Int
        var rules: IgnoreRules
        var palette: Palette
    }

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> Int32 {
        let (oldPath, newPath) = try twoOperands(arguments.operands, spec)
        let options = ReportOptions(
            format: try format(arguments), context: try context(arguments), rules: try ignoreRules(arguments, spec),
            palette: terminal.palette(for: arguments.value("color")))
        if options.format == .patch && !options.rules.isEmpty {
            throw UsageError(
                "--ignore cannot be used with --format patch: a patch must give the whole new document", command: spec)
        }
        // Two directories: directory mode. A directory and a file is an
        // error when the directory is read ("Is a directory").
        if FileTree.isDirectory(oldPath) && FileTree.isDirectory(newPath) {
            guard options.format.comparesDirectories else {
                throw UsageError("--format \(options.format) compares two files, not directories", command: spec)
            }
            return DirectoryReport.run(oldPath, newPath, options, quiet: arguments.has("quiet"), terminal)
        }
        guard
            let comparison = ScreenComparison.make(
                .init(oldPath), .init(newPath), withDocuments: options.format.needsDocuments, ignoring: options.rules,
                terminal)
        else { return 2 }
        ExitKeeper.keep(comparison)
        if !arguments.has("quiet") {
            comparison.write(options.format, context: options.context, palette: options.palette, to: terminal)
        }
        return comparison.status
    }

    /// `--format`, or `unified` for `-u`/`-U`/`--context`; they may not ask
    /// for two different formats.
    static func format(_ arguments: ArgumentParser.Result) throws(UsageError) -> OutputFormat {
        let unified = arguments.has("unified") || arguments.has("context")
        let explicit = arguments.value("format").flatMap(OutputFormat.init(rawValue:))
        if unified, let explicit, explicit != .unified {
            throw UsageError("conflicting output formats: --format \(explicit) and the unified format (-u, -U, --context)", command: spec)
        }
        return explicit ?? (unified ? .unified : .text)
    }

    /// `-U N`: a count of lines, 0 or more.
    static func context(_ arguments: ArgumentParser.Result) throws(UsageError) -> Int {
        guard let text = arguments.value("context") else { return 3 }
        guard let n = Int(text), n >= 0, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw UsageError("invalid context length '\(text)': expected a number of lines, 0 or more", command: spec)
        }
        return n
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
}
