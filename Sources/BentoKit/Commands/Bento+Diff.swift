import BentoJSON

extension Bento {
    /// `bento diff OLD NEW` of two screens: both read at the same time,
    /// diffed by identity, and the report `options` ask for written to
    /// `output` (nothing with `quiet`). A side that is no valid screen is
    /// named on the output's messages with every error in it.
    /// - Returns: the exit status as diff(1)'s (0 the same, 1 different, 2
    ///   trouble), and what was made, for the caller to keep until it exits.
    /// - Throws: the `Diagnostic` of inputs, or a report, too large for
    ///   the memory there is (`MemoryBudget`), before it is made.
    /// - Complexity: O(n log n) in the sizes of the two screens.
    public static func diff(
        _ old: ScreenComparison.Side, _ new: ScreenComparison.Side, options: ReportOptions, quiet: Bool,
        to output: some ReportOutput
    ) throws(Diagnostic) -> (status: Int32, made: [Any]) {
        try MemoryBudget.checkReading([old.path, new.path], for: .diff)
        guard
            let comparison = ScreenComparison.make(
                old, new, withDocuments: options.needsDocuments, ignoring: options.rules, output)
        else { return (2, []) }
        if !quiet {
            try comparison.checkMemory(options, paths: (old.path, new.path))
            comparison.write(options, to: output)
        }
        return (comparison.status, [comparison])
    }

    /// `bento diff OLD_DIR NEW_DIR`: every screen (`*.json`) of two trees
    /// paired by path and diffed in parallel, one report for the whole
    /// tree (`DirectoryReport`).
    /// - Returns: 0 the same, 1 different, 2 a screen could not be read.
    /// - Throws: the `Diagnostic` of trees too large for the memory there is.
    /// - Complexity: O(n log n) in the size of the trees.
    public static func diff(
        directory oldRoot: FilePath, _ newRoot: FilePath, options: ReportOptions, quiet: Bool, to output: some ReportOutput
    ) throws(Diagnostic) -> Int32 {
        // Every screen of both trees is held until the report is written.
        let files = [oldRoot, newRoot].flatMap { root in
            FileTree.files(under: root, named: ".json").files.map { root.appending($0) }
        }
        try MemoryBudget.checkReading(files, for: .directory)
        return DirectoryReport.run(oldRoot, newRoot, options, quiet: quiet, output)
    }
}
