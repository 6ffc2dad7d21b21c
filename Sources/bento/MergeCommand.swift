import BentoJSON
import BentoKit

/// `bento merge [options] OURS BASE THEIRS`
enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge two changes of one screen by identity (a three-way merge).",
        usage: ["OURS BASE THEIRS"],
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

            The merge is written by editing OURS' text: what the merge keeps of OURS keeps
            its bytes (layout, member order, '$' members, numbers and escapes as spelled),
            and what THEIRS brings is copied from THEIRS' text, re-indented to where it
            lands. 'bento merge OURS BASE BASE' is OURS byte for byte, and 'bento merge
            BASE BASE THEIRS' is THEIRS. --reformat writes bento's canonical layout
            instead.

            A side that is not a valid screen (not JSON, an unknown member, a duplicate
            id, markers left from an earlier conflict) is never resolved silently: the
            three texts are merged line by line by 'git merge-file', markers and all, the
            exit status is 1, and standard error names the side and where it is invalid.

            Moves: for conflicts, an element counts as moved only when every smallest
            move set moves it (BASE [x, s, y, z], OURS [s, x, y, z] and THEIRS deleting s
            merge cleanly). A member THEIRS adds goes after its nearest predecessor in
            THEIRS.

            --diff3 and --zdiff3 (or --conflict=diff3|zdiff3, as git checkout spells it)
            show BASE's version of each conflict too, between '||||||| BASE' and
            '======='; without a style option, bento follows git's merge.conflictStyle.

            Unlike 'git merge-file', which writes into OURS unless given -p, the merge goes
            to standard output unless -o names a file (it may be OURS: atomically, with
            the rules of 'bento apply -o'). -L names the sides in markers and messages,
            --marker-size sets the markers' length, --ours and --theirs are --favor's
            short forms. As git's merge driver (a git older than 2.44 leaves %X, %S, %Y
            and %L as they are: bento reads them as no label, and one line serves all):

                git config merge.bento.driver \\
                  'bento merge -o %A -L %X -L %S -L %Y --marker-size %L %A %O %B'
                echo '*.screen.json merge=bento' >> .gitattributes

            Exit status: 0 merged cleanly (or every conflict resolved by --favor), 1
            conflicts are left, 2 trouble (invalid input, unreadable file, bad usage, a
            failed write; nothing is written).
            """,
        options: [
            OptionSpec(
                "output", short: "o", value: "FILE",
                help: "Write the merge to FILE (atomically; it may be OURS) instead of standard output."),
            OptionSpec("stdout", short: "p", help: "Write the merge to standard output (the default; overrides -o)."),
            OptionSpec(
                "favor", value: "SIDE", choices: ["ours", "theirs"],
                help: "Resolve every conflict to that side's version."),
            OptionSpec("ours", help: "Resolve every conflict to OURS (--favor ours)."),
            OptionSpec("theirs", help: "Resolve every conflict to THEIRS (--favor theirs)."),
            OptionSpec(
                "label", short: "L", value: "LABEL", repeatable: true,
                help: "Name OURS, BASE and THEIRS in markers and messages (up to three times, in that order)."),
            OptionSpec("marker-size", value: "N", help: "Write conflict markers of N characters (default 7; git's %L)."),
            OptionSpec("diff3", help: "Show BASE's version of each conflict too, between '|||||||' and '=======' (as git's diff3)."),
            OptionSpec("zdiff3", help: "As --diff3 (git's zdiff3: the line merge's common lines are moved out of the blocks)."),
            OptionSpec(
                "conflict", value: "STYLE", choices: ["merge", "diff3", "zdiff3"],
                help: "The conflict style, as git checkout spells it (default: git's merge.conflictStyle, else merge)."),
            OptionSpec("reformat", help: "Write bento's canonical layout instead of editing OURS' text."),
            OptionSpec("quiet", short: "q", help: "Do not name the conflicts on standard error."),
        ],
        examples: [
            ("bento merge ours.json base.json theirs.json > merged.json", "Merge two branches' versions of a screen."),
            ("bento merge -o ours.json ours.json base.json theirs.json", "Merge in place, as git's merge driver does."),
            ("bento merge --favor theirs ours.json base.json theirs.json", "Take THEIRS' side of every conflict."),
            ("bento merge -L main -L base -L feature ours.json base.json theirs.json", "Name the sides in the markers."),
        ],
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        guard arguments.operands.count == 3 else {
            throw UsageError(
                (arguments.operands.count < 3 ? "missing file operand" : "too many operands")
                    + ": expected OURS, BASE and THEIRS", command: spec)
        }
        guard arguments.operands.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("standard input ('-') can be only one of OURS, BASE and THEIRS", command: spec)
        }
        let options = try Options(arguments)
        let output = TerminalOutput(terminal, options.toStandardOutput ? nil : arguments.path("output"))
        let (status, made) = try Bento.merge(
            arguments.operands.map(\.path), names: { paths in (0..<3).map { options.name($0, path: paths[$0]) } },
            options: options.merge, to: output, messages: terminal.errors)
        return CommandExit(status, keeping: made)
    }

    /// How a conflict is shown, as git's `merge.conflictStyle` says it.
    enum ConflictStyle: String {
        /// OURS' block and THEIRS'.
        case merge
        /// BASE's block between them.
        case diff3
        /// As diff3; in a line merge, the lines common to both sides are
        /// moved out of the blocks. (bento's conflicts are the smallest
        /// element already: the same as diff3.)
        case zdiff3
    }

    /// The options that shape the merge.
    struct Options {
        /// The labels given (`-L`), nil for one git left unexpanded (`%X`,
        /// `%S`, `%Y` from a git older than 2.44): no label.
        var labels: [String?]
        /// What `Bento.merge` is given.
        var merge: MergeOptions
        var toStandardOutput: Bool

        init(_ arguments: ArgumentParser.Result) throws(UsageError) {
            let given = arguments.all("label")
            guard given.count <= 3 else {
                throw UsageError("-L is given at most three times (OURS, BASE, THEIRS)", command: MergeCommand.spec)
            }
            labels = given.map { Self.isPlaceholder($0) ? nil : $0 }
            var size = 7
            if let text = arguments.value("marker-size"), !Self.isPlaceholder(text) {
                guard let n = Int(text), n > 0, n <= 1024 else {
                    throw UsageError("--marker-size needs a number of characters from 1 to 1024, not '\(text)'", command: MergeCommand.spec)
                }
                size = n
            }
            // The last style option given, else git's setting.
            let last = arguments.last(of: ["diff3", "zdiff3", "conflict"])
            let style =
                last.flatMap { $0.long == "conflict" ? ConflictStyle(rawValue: $0.value) : ConflictStyle(rawValue: $0.long) }
                ?? Self.gitStyle()
            toStandardOutput = arguments.has("stdout")
            let favorOption = arguments.last(of: ["favor", "ours", "theirs"])
            let label = { [labels] k in Self.label(k, in: labels) }
            let markers = ConflictMarkers(
                ours: label(0) ?? "OURS", theirs: label(2) ?? "THEIRS", base: style == .merge ? nil : label(1) ?? "BASE",
                size: size)
            merge = MergeOptions(
                markers: markers, baseLabel: label(1) ?? "BASE", lineMergeStyle: style.rawValue,
                favor: favorOption.flatMap { $0.long == "favor" ? MergeSide(rawValue: $0.value) : MergeSide(rawValue: $0.long) },
                reformat: arguments.has("reformat"), quiet: arguments.has("quiet"))
        }

        /// Side `k`'s label (0 OURS, 1 BASE, 2 THEIRS), if one was given.
        func label(_ k: Int) -> String? { Self.label(k, in: labels) }

        static func label(_ k: Int, in labels: [String?]) -> String? { labels.indices.contains(k) ? labels[k] : nil }

        /// What messages call side `k`, read from `path`: its label; its
        /// role where git left the label unexpanded (the path is then git's
        /// temporary file); else the path.
        func name(_ k: Int, path: String) -> String {
            if let label = label(k) { return label }
            return labels.indices.contains(k) ? Bento.mergeSides[k] : path
        }

        /// A placeholder of a git driver line that git did not expand: `%`
        /// and one letter (`%X`, `%S`, `%Y`, `%L`).
        static func isPlaceholder(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.count == 2 && bytes[0] == UInt8(ascii: "%") && bytes[1] >= UInt8(ascii: "A") && bytes[1] <= UInt8(ascii: "Z")
        }

        /// git's `merge.conflictStyle`, as `git merge-file` follows it (the
        /// repository's setting where bento runs in one, else the user's);
        /// the merge style where git says none or cannot be asked.
        static func gitStyle() -> ConflictStyle {
            System.output(of: ["git", "config", "--get", "merge.conflictStyle"])
                .flatMap { ConflictStyle(rawValue: $0.trimmingTrailingNewlines) } ?? .merge
        }
    }
}
