import BentoKit

/// `bento show FILE`
enum ShowCommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Print a screen's canonical outline, one line per part.",
        usage: ["FILE"],
        discussion: """
            Prints the outline that 'bento diff --format unified' compares: a line with the
            screen's attributes, a line opening each box (box, then pinnedToBottomBox, both
            always), then for each section its line, its header, its rows and its footer.
            Each line carries the id, the component's type and its other members as
            canonical JSON (members sorted, no white space, one spelling per number), so
            equal screens print the same bytes and any change to a row changes its line.
            A Box-form file prints as the screen it stands for: no attributes, an empty
            pinnedToBottomBox. '$' members are not part of a screen and do not show.

            Exit status: 0 on success, 2 on trouble (invalid input, unreadable file,
            bad usage).
            """,
        options: [],
        examples: [
            ("bento show screen.json", "Print the outline."),
            ("bento show screen.json | grep '^    row'", "List the rows with their content."),
            ("bento show old.json > old.txt", "Keep the old outline..."),
            (
                "bento diff -u old.json new.json | patch -o new.txt old.txt",
                "...which the unified report applies to: new.txt is 'bento show new.json'."
            ),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        guard arguments.operands.count == 1 else {
            throw UsageError(
                arguments.operands.isEmpty ? "missing file operand" : "too many operands: expected one FILE",
                command: spec)
        }
        do {
            try MemoryBudget.checkReading([arguments.operands[0].path], for: .show)
            // A long box's later sections are read on the other core.
            let screen = try ScreenReader.read(path: arguments.operands[0].path, helper: .newThread)
            terminal.write(OutlineRenderer.render(screen))
            return 0
        } catch {
            terminal.error("\(error)")
            return 2
        }
    }
}
