import BentoJSON
import BentoKit

/// `bento validate FILE...`
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check screen files against the screen format.",
        usage: ["FILE..."],
        discussion: """
            Reads each file ('-' for standard input) as a screen and prints one line per
            error, 'bento: FILE:LINE:COLUMN: path: message', on standard error. Prints
            nothing for valid files.

            With --format github, each error is a GitHub Actions annotation on standard
            output instead, '::error file=FILE,line=LINE,col=COLUMN::path: message', so that
            a workflow step marks the invalid screen on the pull request's lines.

            Exit status: 0 if every file is valid, 1 if any is not, 2 on bad usage or
            when a file cannot be read (the others are still checked).
            """,
        options: [
            OptionSpec(
                "format", short: "f", value: "FORMAT", choices: ["plain", "github"],
                help: "How errors are written: plain lines on standard error (the default), or GitHub "
                    + "Actions annotations on standard output.")
        ],
        examples: [
            ("bento validate Fixtures/*/old.json", "Check several files; every error is printed."),
            ("bento validate --format github screens/*.json", "In a GitHub Actions step: mark the errors on the PR."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        guard !arguments.operands.isEmpty else { throw UsageError("missing file operand", command: spec) }
        guard arguments.operands.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("standard input ('-') can be read only once", command: spec)
        }
        var status: Int32 = 0
        for path in arguments.operands {
            do {
                try MemoryBudget.checkReading([path.path], for: .validate)
                _ = try ScreenReader.read(path: path.path, helper: .newThread)
            } catch {
                // Every duplicate id of the file, not only the first.
                for diagnostic in ScreenReader.allErrors(startingWith: error, path: path.path) {
                    if arguments.value("format") == "github" {
                        terminal.write(Self.annotation(diagnostic) + "\n")
                    } else {
                        terminal.error("\(diagnostic)")
                    }
                }
                // A file that cannot be read (no position) is trouble, as for diff; the
                // others are still checked.
                status = max(status, error.location == nil ? 2 : 1)
            }
        }
        return CommandExit(status)
    }

    /// `::error file=F,line=L,col=C::path: message`, one line whatever the
    /// file and message hold.
    static func annotation(_ diagnostic: Diagnostic) -> String {
        var properties = [(key: "file", value: diagnostic.file)]
        if let location = diagnostic.location {
            properties += [("line", "\(location.line)"), ("col", "\(location.column)")]
        }
        var message = diagnostic.message
        if let path = diagnostic.path, !path.isEmpty { message = path + ": " + message }
        return WorkflowCommand("error", properties, message: OneLine.escaping(message)).line
    }
}
