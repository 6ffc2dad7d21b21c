import BentoJSON
import BentoKit

/// `bento diff [options] OLD NEW`, and `OLD_DIR NEW_DIR`.
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two screens, matched by identity.",
        usage: ["OLD NEW", "OLD_DIR NEW_DIR", "FILE-WITH-CONFLICTS"],
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
              uikit    the changes as UITableView/UICollectionView batch updates that
                       UIKit accepts: one batch, or two or three when rows move and
                       change, sections move and change, or moved sections' rows change.
              markdown a report for a pull request (a job summary or a comment): a
                       table of counts, then each section's changes, every value a
                       code span that GitHub shows as text; at most --max-size
                       characters (65536), the rest counted on the last line.
              github   a GitHub Actions annotation per change, '::notice file=...,
                       line=L,title=...::message', at the line of the change's id in
                       NEW (--label names the file, as the repository does).

            The last of -f, -u and -U decides the format. --name-only, --name-status and
            --stat list the screens that differ instead, as git diff does. The text and
            html reports end with hints about ids that probably changed (--no-hints).

            Given two directories, pairs their *.json files by relative path, recursively,
            as 'diff -r' does, and compares the pairs in parallel: a report per changed
            screen, 'Only in' for a screen on one side (text, unified); one document with
            an entry per path (json, uikit); one page with an index (html); one report
            with a table row per screen (markdown); each file's annotations, named by its
            path under NEW_DIR (github).

            Given one file with conflict markers (left by 'bento merge', 'git merge-file'
            or git's own merge; markers of 7 characters or more, or --marker-size), reads
            OURS from its '<<<<<<<' blocks and THEIRS from its '>>>>>>>' blocks, each with
            the lines outside them, and shows what separates the two by identity, the
            sides named by their markers' labels. A side that is no valid screen is
            named at its line and column in the file.

            Exit status: 0 if the screens are the same, 1 if they differ, 2 on trouble
            (invalid input, unreadable file, bad usage). In directory mode, 2 if any file
            could not be read (the others are still compared).
            """,
        options: ReportFlags.all.filter { $0.long != "exit-code" } + [
            OptionSpec("quiet", short: "q", help: "Print nothing; only set the exit status."), ReportFlags.exitCode,
            OptionSpec("recursive", short: "r", help: "Accepted, as in GNU diff: directories are always compared recursively."),
            OptionSpec(
                "marker-size", value: "N",
                help: "With one operand, read conflict markers of N characters (git's conflict-marker-size; any of 7 or more by default)."),
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
            ("bento diff --name-status screens-v1/ screens-v2/", "List the screens that differ: M, A or D, and the path."),
            ("bento diff -f uikit old.json new.json", "The batch updates that animate the change in a table view."),
            (
                "bento diff -f markdown old.json new.json >> \"$GITHUB_STEP_SUMMARY\"",
                "In a GitHub Actions job: the review in the job's summary."
            ),
            (
                "bento diff -f github --label base --label home.json base.json home.json",
                "In a GitHub Actions step: mark each change at its line of the pull request."
            ),
            ("bento diff --label before --label after old.json <(generate-screen)", "Name the sides in the report."),
            ("bento diff screen.json", "In a merge with conflicts: what separates OURS from THEIRS, by identity."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        // Options first: `-U old.json new.json` is a -U without its number,
        // not a missing operand.
        let options = try ReportOptions.parse(arguments, spec, terminal)
        let quiet = arguments.has("quiet")
        if arguments.operands.count == 1 {
            return try ConflictReport.run(
                arguments.operands[0].path, options, quiet: quiet, markerSize: try markerSize(arguments), terminal)
        }
        let (old, new) = try twoOperands(arguments.operands, spec)
        // Two directories: directory mode. A directory and a file is an
        // error when the directory is read ("Is a directory").
        if FileTree.isDirectory(old.path) && FileTree.isDirectory(new.path) {
            guard options.format.comparesDirectories || options.listing != nil else {
                throw UsageError("--format \(options.format) compares two files, not directories", command: spec)
            }
            return CommandExit(try Bento.diff(directory: old.path, new.path, options: options, quiet: quiet, to: terminal))
        }
        let (oldSide, newSide) = options.sides(old, new)
        let (status, made) = try Bento.diff(oldSide, newSide, options: options, quiet: quiet, to: terminal)
        return CommandExit(status, keeping: made)
    }

    /// `--marker-size N`: the length of the conflict markers read (any
    /// of 7 or more without it).
    static func markerSize(_ arguments: ArgumentParser.Result) throws(UsageError) -> Int? {
        guard let text = arguments.value("marker-size") else { return nil }
        guard let n = Int(text), n > 0, n <= 1024 else {
            throw UsageError("--marker-size needs a number of characters from 1 to 1024, not '\(text)'", command: spec)
        }
        return n
    }

    /// The two file operands; standard input may be only one of them.
    static func twoOperands(_ operands: [Argument], _ spec: CommandSpec) throws(UsageError) -> (Argument, Argument) {
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
