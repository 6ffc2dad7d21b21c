import BentoJSON
import BentoKit

/// `bento apply [options] OLD CHANGESET`
enum ApplyCommand {
    static let spec = CommandSpec(
        name: "apply",
        abstract: "Apply a JSON changeset to the screen it was made from.",
        usage: ["apply [options] OLD CHANGESET"],
        discussion: """
            Reads a changeset written by 'bento diff --format json' and the old screen it
            was made from ('-' reads standard input, for one of them), and prints the new
            screen as JSON: indented two spaces, members in the model's order (box,
            pinnedToBottomBox, then the attributes; id, header, footer, rows; id,
            component; the component's type first), numbers as written. A Box-form file
            stays a Box unless the changeset gives it attributes. '$' members, which are
            not part of a screen, are not kept. 'bento diff NEW <(bento apply OLD CHANGESET)'
            exits 0.

            Before anything is written, every record's old side is checked against OLD:
            the id at each 'from' position, the whole old value of each delete and the old
            value of each field change. The first that does not match is reported as
            'bento: CHANGESET:LINE:COLUMN: changes[N]...: message' and nothing is written.

            A changeset that breaks the contract's table (an update without field
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
        ],
        examples: [
            ("bento diff -f json old.json new.json > change.json", "Record a change..."),
            ("bento apply old.json change.json > new.json", "...and replay it on the old screen."),
            ("bento apply -o screen.json screen.json change.json", "Update a file in place, atomically."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> Int32 {
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
            // The screen and the changeset are read at the same time.
            let (oldRead, changesetRead) = concurrently(
                { Result { () throws(Diagnostic) in try ScreenReader.read(path: oldPath.path) } },
                { Result { () throws(Diagnostic) in try ChangesetDocument(try InputFile.read(changesetPath.path)) } })
            let old = try oldRead.get()
            let changeset = try changesetRead.get()
            let new = try changeset.apply(to: old, oldName: oldPath == "-" ? "OLD" : oldPath.path.description)
            // Freed by the exit, all at once.
            ExitKeeper.keep([old, new])
            ExitKeeper.keep(changeset)
            let ignored = changeset.changeset.ignored
            if !ignored.isEmpty {
                // The changeset holds no change of those fields: NEW may differ in them.
                terminal.error(
                    "warning: \(changesetPath.path) was made with --ignore "
                        + ignored.map { "'\($0)'" }.joined(separator: ", ")
                        + "; changes to those fields are not in it and were not applied")
            }
            if let output = arguments.path("output"), !output.isStandardStream {
                try terminal.write(pieces: ScreenRenderer.pieces(new), orTo: output)
            } else {
                // Streamed: written a part of sections at a time.
                ScreenRenderer.write(new) { terminal.stream(pieces: $0) }
            }
            return 0
        } catch {
            terminal.error("\(error)")
            return 2
        }
    }
}
