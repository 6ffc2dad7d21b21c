import BentoJSON

extension Bento {
    /// The sides of a merge as messages name them by role.
    public static let mergeSides = ["OURS", "BASE", "THEIRS"]

    /// `bento merge`: the three-way merge of `paths` (OURS, BASE, THEIRS;
    /// `-` reads standard input, for one of them) by identity, written to
    /// `output` by editing OURS' text, or in the canonical layout.
    ///
    /// The sides are read at the same time; a side that left BASE as it
    /// was gives the other side byte for byte; each side's changes against
    /// BASE are found on a core of its own. A side that is no valid screen
    /// falls back to a line merge (`LineMerge`), named on `messages`. Every
    /// line for standard error goes to `messages`: conflicts (unless
    /// `quiet`), invalid sides, a failed write.
    /// - Parameter names: what messages call each side, given the paths.
    /// - Returns: the exit status (0 merged cleanly, 1 conflicts left or a
    ///   line merge, 2 trouble), and what was made, for the caller to keep
    ///   until it exits.
    /// - Throws: the `Diagnostic` of inputs too large for the memory there
    ///   is, before anything is read.
    /// - Complexity: O(n log n) in the sizes of the three sides.
    public static func merge(
        _ paths: [FilePath], names: (_ paths: [String]) -> [String], options: MergeOptions, to output: some TextOutput,
        messages: ([String]) -> Void
    ) throws(Diagnostic) -> (status: Int32, made: [Any]) {
        try MemoryBudget.checkReading(paths, for: .merge)
        let read = MergeInputs.read(paths, names: names, withBaseText: options.markers.base != nil && !options.reformat)
        let inputs: MergeInputs
        switch read {
        case .success(let read): inputs = read
        case .failure(let failure):
            messages(failure.diagnostics.map { "\($0)" })
            return (2, [])
        }
        guard let (oursText, base, theirsText) = inputs.sides, inputs.invalid.isEmpty else {
            messages(inputs.invalid.map { "\(mergeSides[$0.side]) is not a valid screen: \($0.diagnostic)" })
            return (lineMerge(inputs.texts, options, to: output, messages: messages), [])
        }

        // A side that left BASE as it was gives the other side, byte for byte.
        if let kept = inputs.unchangedMerge {
            return (written(0, messages) { try output.write(pieces: [kept]) }, [])
        }
        // THEIRS' diff begins on another thread as OURS' is made on this one,
        // neither inside a parallel loop: each spreads its runs over the
        // cores, so the one with more changes takes the core the other is
        // done with (run as two iterations of one loop, each had one core).
        let theirsSide = theirsText.screen
        let theirsEdits = Parallel.Once { ThreeWayMerge.Side(base: base, side: theirsSide) }
        if !inputs.areSmall { theirsEdits.start() }
        let oursEdits = ThreeWayMerge.Side(base: base, side: oursText.screen)
        let merged = ThreeWayMerge.merge(base: base, ours: oursEdits, theirs: theirsEdits.value)
        if !options.quiet {
            let (ours, theirs) = (options.markers.ours, options.markers.theirs)
            messages(merged.conflicts.map { "conflict in " + $0.description(ours: ours, theirs: theirs) })
        }
        let result = options.favor.map { MergedScreen(clean: merged.resolved($0)) } ?? merged
        let status: Int32 = result.isClean ? 0 : 1
        let made: [Any] = [oursText, base, theirsText, merged]
        // An empty OURS (a file deleted on this branch) has no text to edit.
        if options.reformat || inputs.oursIsEmpty {
            let pieces =
                result.isClean
                ? ScreenRenderer.pieces(result.screen!) : MergeRenderer.pieces(result, markers: options.markers, base: base)
            return (written(status, messages) { try output.write(pieces: pieces) }, made)
        }
        // Streamed: written as it is made, never held whole.
        let baseText = options.markers.base == nil ? nil : inputs.baseText
        let streamed = written(status, messages) {
            try output.write(streaming: { consume in
                ScreenEditor.stream(
                    result, editing: oursText, taking: theirsText, base: baseText, markers: options.markers, to: consume)
            })
        }
        return (streamed, made)
    }

    /// A side is no valid screen: the three texts merged line by line as
    /// `git merge-file` merges them, markers and all, so that nothing of
    /// either side is lost; exit 1 even when the lines merged cleanly.
    private static func lineMerge(
        _ texts: [SourceText], _ options: MergeOptions, to output: some TextOutput, messages: ([String]) -> Void
    ) -> Int32 {
        let labels = [options.markers.ours, options.baseLabel, options.markers.theirs]
        guard
            let merged = LineMerge.gitMergeFile(
                texts.map(\.bytes), labels: labels, markerSize: options.markers.size, style: options.lineMergeStyle)
        else {
            messages(["cannot merge line by line: 'git merge-file' did not run (is git on the PATH?); nothing written"])
            return 2
        }
        let conflicts = merged.conflicts > 0 ? ", with \(merged.conflicts) conflict\(merged.conflicts == 1 ? "" : "s")" : ""
        messages([
            "merged line by line, as 'git merge-file' does\(conflicts); resolve the file, then check it with 'bento validate'"
        ])
        return written(1, messages) { try output.write(pieces: [merged.text]) }
    }

    /// `status` once `write` has written the merge; 2, said on `messages`,
    /// when it fails.
    private static func written(_ status: Int32, _ messages: ([String]) -> Void, _ write: () throws -> Void) -> Int32 {
        do {
            try write()
        } catch {
            messages(["\(error)"])
            return 2
        }
        return status
    }
}
