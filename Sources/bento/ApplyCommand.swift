import BentoJSON
import BentoKit

/// `bento apply [options] OLD CHANGESET`
enum ApplyCommand {
    static let spec = CommandSpec(
        name: "apply",
        abstract: "Apply a JSON changeset to the screen it was made from.",
        usage: ["OLD CHANGESET"],
        discussion: """
            Reads a changeset written by 'bento diff --format json' and the old screen it
            was made from ('-' reads standard input, for one of them), and prints the new
            screen by editing OLD's text: every byte the change does not touch is kept
            (member order, indentation, '$schema' and '$comment', null headers, numbers
            and escapes as spelled, a byte-order mark, CRLF, the final newline or its
            absence). A changed value is replaced in place; a moved section or row is cut
            whole with its lines and put where it lands; a deleted one takes its lines and
            comma with it; an added member goes after its object's last member. New
            content is written in OLD's own style: its indent unit (spaces or a tab), its
            name separator (": ", JSONEncoder's " : ", or ":"), its line end, one member
            per line, or all on one line for a one-line file. 'bento diff NEW <(bento
            apply OLD CHANGESET)' exits 0.

            --reformat writes the canonical layout instead: indented two spaces, members
            in the model's order (box, pinnedToBottomBox, then the attributes; id, header,
            footer, rows; id, component; the component's type first), numbers as written,
            '$' members left out.

            Before anything is written, every record's old side is checked against OLD:
            the id at each 'from' position, the whole old value of each delete and the old
            value of each field change. The first that does not match is reported as
            'bento: CHANGESET:LINE:COLUMN: changes[N]...: message' and nothing is written.

            A changeset that breaks the table of bento-changeset(5) (an update without field
            changes, a record with a member its operation does not carry, a 'section'
            that does not name the row's section) is refused the same way. One made with
            --ignore (its summary lists 'ignored') is applied with a warning on standard
            error: the changes to the ignored fields are not in it.

            -o FILE replaces a regular file atomically (a temporary file, then a
            rename), following a symbolic link to the file it names and keeping its
            permissions; a FIFO or a character device (/dev/stdout, a terminal) is
            written directly; a directory or a socket is refused.

            Exit status: 0 on success, 2 on trouble (a changeset that does not fit OLD,
            invalid input, unreadable file, bad usage, a failed write).
            """,
        options: [
            OptionSpec(
                "output", short: "o", value: "FILE",
                help: "Write the new screen to FILE (atomically: a temporary file, then a rename)."),
            OptionSpec("reformat", help: "Write the new screen in bento's canonical layout instead of editing OLD's text."),
        ],
        examples: [
            ("bento diff -f json old.json new.json > change.json", "Record a change..."),
            ("bento apply old.json change.json > new.json", "...and replay it on the old screen."),
            ("bento apply -o screen.json screen.json change.json", "Update a file in place, atomically."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        guard arguments.operands.count == 2 else {
            throw UsageError(
                arguments.operands.count < 2
                    ? "missing file operand: expected OLD and CHANGESET" : "too many operands: expected OLD and CHANGESET",
                command: spec)
        }
        let (oldPath, changesetPath) = (arguments.operands[0], arguments.operands[1])
        guard !(oldPath == "-" && changesetPath == "-") else {
            throw UsageError("standard input ('-') can be only one of OLD and CHANGESET", command: spec)
        }
        do {
            let made = try Bento.apply(
                old: oldPath.path, changeset: changesetPath.path, reformat: arguments.has("reformat"),
                to: TerminalOutput(terminal, arguments.path("output")), warning: terminal.error)
            return CommandExit(0, keeping: made)
        } catch {
            terminal.error("\(error)")
            return 2
        }
    }
}
