import BentoJSON
import BentoKit

/// `bento merge [options] OURS BASE THEIRS`
enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge two changes of one screen by identity (a three-way merge).",
        usage: ["merge [-o FILE] [--favor ours|theirs] [-q] OURS BASE THEIRS"],
        discussion: """
            The operands are in 'git merge-file' order: the current version, the common
            ancestor, the other version ('-' reads standard input, for one of them; an
            empty BASE, as git gives for a file added on both branches, is an empty
            screen). Each side's changeset against BASE is applied by identity: attributes,
            sections and rows match by id, so a row moved on one side and edited on the
            other merges cleanly. Content merges field by field.

            Order: OURS' order of sections and rows, without what THEIRS deleted; each
            element that THEIRS alone inserted or moved goes right after the nearest
            element before it in THEIRS that is in the merge (first, when there is none).

            Conflicts: a field changed on both sides to different values (or one inside
            a value the other replaced); an element deleted on one side and changed or
            moved on the other; an id added on both sides with different content; an
            element moved on both sides to different places. Each is named on standard
            error, one line each ('bento: conflict in box, section "a", row "x": ...'),
            and marked in the output around the smallest element concerned (a row, a
            section's header or footer, a section, a screen attribute):

                <<<<<<< OURS
                    OURS' version
                =======
                    THEIRS' version
                >>>>>>> THEIRS

            Each side's block carries its own commas: delete one block and the three
            marker lines, in every conflict, and the file is valid JSON again (in a list
            whose every element is in conflict, keep the same side in all of them).
            'bento validate' reports a file with markers left in it. --favor resolves
            every conflict to one side, as 'git merge-file --ours/--theirs'.

            The merged screen is written as 'bento apply' writes screens, to standard
            output or, with -o, to FILE: atomically, with the rules of 'bento apply -o'; it
            may name OURS, as git's merge driver does:

                git config merge.bento.driver 'bento merge -o %A %A %O %B'
                echo '*.screen.json merge=bento' >> .gitattributes

            Exit status: 0 merged cleanly (or every conflict resolved by --favor), 1
            conflicts are left, 2 trouble (invalid input, unreadable file, bad usage, a
            failed write; nothing is written).
            """,
        options: [
            OptionSpec(
                "output", short: "o", value: "FILE",
                help: "Write the merge to FILE (atomically; it may be OURS) instead of standard output."),
            OptionSpec(
                "favor", value: "SIDE", choices: ["ours", "theirs"],
                help: "Resolve every conflict to that side's version."),
            OptionSpec("quiet", short: "q", help: "Do not name the conflicts on standard error."),
        ],
        examples: [
            ("bento merge ours.json base.json theirs.json > merged.json", "Merge two branches' versions of a screen."),
            ("bento merge -o ours.json ours.json base.json theirs.json", "Merge in place, as git's merge driver does."),
            ("bento merge --favor theirs ours.json base.json theirs.json", "Take THEIRS' side of every conflict."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> Int32 {
        guard arguments.operands.count == 3 else {
            throw UsageError(
                (arguments.operands.count < 3 ? "missing file operand" : "too many operands")
                    + ": expected OURS, BASE and THEIRS", command: spec)
        }
        guard arguments.operands.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("standard input ('-') can be only one of OURS, BASE and THEIRS", command: spec)
        }
        // BASE and OURS are read at the same time; then THEIRS is read while
        // OURS is diffed against BASE.
        let (oursPath, basePath, theirsPath) = (arguments.operands[0].path, arguments.operands[1].path, arguments.operands[2].path)
        let (oursRead, baseRead) = concurrently(
            { Result { () throws(Diagnostic) in try read(oursPath, emptyIsScreen: false) } },
            { Result { () throws(Diagnostic) in try read(basePath, emptyIsScreen: true) } })
        let (theirsRead, oursEdits) = concurrently(
            { Result { () throws(Diagnostic) in try read(theirsPath, emptyIsScreen: false) } },
            { () -> ThreeWayMerge.Side? in
                guard case .success(let base) = baseRead, case .success(let ours) = oursRead else { return nil }
                return ThreeWayMerge.Side(base: base, side: ours)
            })
        guard case .success(let ours) = oursRead, case .success(let base) = baseRead,
            case .success(let theirs) = theirsRead, let oursEdits
        else {
            for case .failure(let diagnostic) in [oursRead, baseRead, theirsRead] { terminal.error("\(diagnostic)") }
            return 2
        }

        let merged = ThreeWayMerge.merge(base: base, ours: oursEdits, theirs: ThreeWayMerge.Side(base: base, side: theirs))
        // Freed by the exit, all at once.
        ExitKeeper.keep([ours, base, theirs])
        ExitKeeper.keep(merged)
        if !arguments.has("quiet") {
            terminal.errors(merged.conflicts.map { "conflict in \($0)" })
        }
        if let favor = arguments.value("favor").flatMap(MergeSide.init(rawValue:)) {
            return write(ScreenRenderer.pieces(merged.resolved(favor)), arguments, terminal, status: 0)
        }
        return write(MergeRenderer.pieces(merged), arguments, terminal, status: merged.isClean ? 0 : 1)
    }

    /// Writes the merge, in pieces, to standard output or `-o FILE`; 2 when
    /// that fails.
    private static func write(_ pieces: [[UInt8]], _ arguments: ArgumentParser.Result, _ terminal: Terminal, status: Int32)
        -> Int32
    {
        do {
            try terminal.write(pieces: pieces, orTo: arguments.path("output"))
        } catch {
            terminal.error("\(error)")
            return 2
        }
        return status
    }

    /// One operand as a screen; an empty one (only JSON white space) is the
    /// empty screen where `emptyIsScreen` (BASE).
    private static func read(_ path: FilePath, emptyIsScreen: Bool) throws(Diagnostic) -> Screen {
        try ScreenReader.read(path: path, blankIsEmpty: emptyIsScreen)
    }
}
