import BentoJSON
import BentoKit

/// `bento git-diff`: git's external diff driver for screen files.
///
/// git calls it with 7 arguments (`path old-file old-hex old-mode new-file
/// new-hex new-mode`), 9 for a rename (`… new-path xfrm-msg`), or 1 for an
/// unmerged path. The missing side of an added or deleted file is
/// `/dev/null`.
enum GitDiffCommand {
    static let spec = CommandSpec(
        name: "git-diff",
        abstract: "Act as git's external diff driver for screen files.",
        usage: ["PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE [NEW-PATH MESSAGE]", "PATH"],
        discussion: """
            git runs this command for each changed file whose 'diff' attribute names the
            driver. Set it up once per repository:

              git config diff.bento.command 'bento git-diff'
              echo '*.screen.json diff=bento' >> .gitattributes

            It prints the report for a/PATH and b/PATH (an added or deleted file is
            compared with an empty screen); for a rename, b/ names NEW-PATH. Given only
            PATH (an unmerged path), it reads the file's conflict markers and shows what
            separates OURS from THEIRS, as 'bento diff FILE' does ('* Unmerged path PATH'
            for a file without markers). Options come before git's arguments. Without
            --color or --no-color, colour follows git's own settings (color.diff,
            color.ui, also given with git -c), asked of git itself: git passes its driver
            neither a terminal nor its own --color option.

            A side that is not a valid screen, or cannot be read, does not stop git: the
            error is printed as a note ('bento: b/PATH:LINE:COLUMN: message; showing a
            line diff'), then a unified line diff of the two texts with git's a/ and b/
            names, and the status is 0, so git goes on to the next file.

            Exit status: 0 whether or not the screens differ, as git expects from a diff
            driver (git stops at any other status); with --exit-code, 1 when they differ
            (for 'git config diff.bento.trustExitCode true'). 2 on bad usage.
            """,
        options: ReportFlags.all.filter { $0.long != "exit-code" && $0.long != "label" } + [
            OptionSpec("exit-code", help: "Exit with 1 when the screens differ (for diff.bento.trustExitCode).")
        ],
        examples: [
            ("git config diff.bento.command 'bento git-diff'", "Make bento the 'bento' diff driver of this repository."),
            ("echo '*.screen.json diff=bento' >> .gitattributes", "Use it for every *.screen.json file."),
            ("git diff HEAD~1 -- screens/", "Review screen changes by identity."),
            ("git diff --no-ext-diff", "See the plain text diff instead, once."),
        ],
        operands: .nothing,
        operandsBegin: gitArguments,
        run: run)

    /// Where git's 7 or 9 arguments begin, recognized by their hashes and
    /// modes, so that a path starting with `-` is not read as an option.
    static func gitArguments(_ arguments: [String]) -> Int? {
        func isHash(_ s: String) -> Bool {
            let hex = Set("0123456789abcdef".utf8)
            return s == "." || ((s.utf8.count == 40 || s.utf8.count == 64) && s.utf8.allSatisfy(hex.contains))
        }
        func isMode(_ s: String) -> Bool {
            s == "." || (s.utf8.count == 6 && s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") })
        }
        func isGit(at i: Int) -> Bool {
            i >= 0 && isHash(arguments[i + 2]) && isMode(arguments[i + 3]) && isHash(arguments[i + 5])
                && isMode(arguments[i + 6])
        }
        if isGit(at: arguments.count - 9) { return arguments.count - 9 }
        if isGit(at: arguments.count - 7) { return arguments.count - 7 }
        return nil
    }

    /// An unmerged path (git's one argument): its conflict markers read as
    /// its sides, and what separates OURS from THEIRS shown by identity,
    /// as `bento diff FILE` shows it; a side that is no screen gets the
    /// note and a line diff of the two sides' texts, and a file without
    /// markers git's own line. Exit 0 in every case: git goes on.
    static func unmerged(_ path: FilePath, _ options: ReportOptions, _ terminal: Terminal) -> CommandExit {
        guard let text = try? InputFile.read(path), let file = try? ConflictedFile(text.bytes) else {
            terminal.write("* Unmerged path \(path)\n")
            return 0
        }
        let sides = (
            ScreenComparison.Side(text: file.ours.text, from: path, name: file.ours.name),
            ScreenComparison.Side(text: file.theirs.text, from: path, name: file.theirs.name)
        )
        switch ScreenComparison.compare(sides.0, sides.1, withDocuments: options.needsDocuments, ignoring: options.rules) {
        case .success(let comparison):
            if comparison.changeset.isIdentical && options.format == .text && options.listing == nil {
                terminal.write(options.palette.bold("\(path): both sides are the same screen") + "\n")
            } else {
                comparison.write(options, to: terminal)
            }
            return CommandExit(0, keeping: [comparison])
        case .failure(let failure):
            for (side, diagnostic) in failure.sides {
                let conflicted = side.bytes == file.ours.text ? file.ours : file.theirs
                terminal.write("bento: \(conflicted.inFile(diagnostic, named: path.description)); showing a line diff\n")
            }
            terminal.write(
                LineDiffRenderer(context: options.context, palette: options.palette)
                    .render(old: file.ours.text, new: file.theirs.text, oldName: file.ours.name, newName: file.theirs.name))
            return 0
        }
    }

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        let operands = arguments.operands
        let options = try ReportOptions.parse(arguments, spec, terminal, pagerCounts: true)
        switch operands.count {
        case 1:
            return unmerged(operands[0].path, options, terminal)
        case 7, 9:
            break
        default:
            throw UsageError(
                "expected the 7 arguments git passes (PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE), "
                    + "9 for a rename, or 1 for an unmerged path; got \(operands.count)",
                command: spec)
        }
        let oldFile = operands[1].path, newFile = operands[4].path
        let oldName = oldFile == ScreenComparison.emptyScreenPath ? oldFile.description : "a/\(operands[0].path)"
        let newName =
            newFile == ScreenComparison.emptyScreenPath
            ? newFile.description : "b/\(operands[operands.count == 9 ? 7 : 0].path)"
        let plainText = options.format == .text && options.listing == nil
        // A blank line between the reports of successive files.
        if plainText, let counter = Int(terminal.variable("GIT_DIFF_PATH_COUNTER") ?? ""), counter > 1 {
            terminal.write("\n")
        }
        try MemoryBudget.checkReading([oldFile, newFile], for: .diff)
        // Diagnostics name the path in the repository, not git's temporary file.
        let comparison: ScreenComparison
        switch ScreenComparison.compare(
            .init(oldFile, name: oldName), .init(newFile, name: newName), withDocuments: options.needsDocuments,
            ignoring: options.rules)
        {
        case .success(let compared):
            comparison = compared
        case .failure(let failure):
            // git stops at a driver's failure: the text is shown instead.
            for (_, diagnostic) in failure.sides { terminal.write("bento: \(diagnostic); showing a line diff\n") }
            let texts = [oldFile, newFile].map { path in
                path == ScreenComparison.emptyScreenPath ? [] : ((try? InputFile.read(path).bytes) ?? [])
            }
            let diff = LineDiffRenderer(context: options.context, palette: options.palette)
                .render(old: texts[0], new: texts[1], oldName: oldName, newName: newName)
            terminal.write(diff)
            return 0
        }
        let changeset = comparison.changeset
        try comparison.checkMemory(options, paths: (oldFile, newFile))
        if changeset.isIdentical && plainText {
            // git shows the file as modified; say why there is nothing to see.
            terminal.write(options.palette.bold("\(oldName) → \(newName): the screens are equal") + "\n")
        } else {
            comparison.write(options, to: terminal)
        }
        return arguments.has("exit-code") && !changeset.isIdentical ? 1 : 0
    }
}
