import BentoKit

/// `bento validate FILE...`
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check screen files against the screen format.",
        usage: ["validate FILE..."],
        discussion: """
            Reads each file ('-' for standard input) as a screen and prints one line per
            error, 'bento: FILE:LINE:COLUMN: path: message'. Prints nothing for valid files.

            Exit status: 0 if every file is valid, 1 if any is not, 2 on bad usage.
            """,
        options: [],
        examples: [
            ("bento validate Fixtures/*/old.json", "Check several files; every error is printed.")
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> Int32 {
        guard !arguments.operands.isEmpty else { throw UsageError("missing file operand", command: spec) }
        guard arguments.operands.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("standard input ('-') can be read only once", command: spec)
        }
        var status: Int32 = 0
        for path in arguments.operands {
            do {
                _ = try ScreenReader.read(path: path.path)
            } catch {
                terminal.error("\(error)")
                status = 1
            }
        }
        return status
    }
}
