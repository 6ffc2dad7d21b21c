import BentoJSON

/// `bento diff OLD_DIR NEW_DIR`: every screen pair diffed in parallel by
/// `DirectoryDiff`, one report for the whole tree.
public enum DirectoryReport {
    /// Diffs the trees and writes the report `options` ask for (nothing
    /// with `quiet`); every error goes to the output's messages.
    /// - Returns: 0 the trees' screens are the same, 1 they differ, 2 a
    ///   screen could not be read.
    public static func run(
        _ oldRoot: FilePath, _ newRoot: FilePath, _ options: ReportOptions, quiet: Bool, _ terminal: some ReportOutput
    ) -> Int32 {
        let directory = DirectoryDiff.changeset(
            from: oldRoot, to: newRoot, labels: options.labels, ignoring: options.rules,
            outliningNew: options.needsDocuments)
        for diagnostic in directory.errors { terminal.error("\(diagnostic)") }
        // As diff -r says of a FIFO, without changing the exit status.
        for path in directory.skipped { terminal.error("\(path): skipped: not a regular file") }
        for entry in directory.entries { for diagnostic in entry.errors { terminal.error("\(diagnostic)") } }
        let status: Int32 = directory.hasErrors ? 2 : directory.differs ? 1 : 0
        if quiet { return status }
        if let listing = options.listing {
            terminal.write(
                ListingRenderer(style: listing, palette: options.palette).render(ListingRenderer.items(directory)))
            return status
        }
        switch options.format {
        case .json:
            terminal.write(JSONRenderer.render(directory))
        case .unified:
            terminal.write(UnifiedRenderer(context: options.context, palette: options.palette).render(directory))
        case .html:
            terminal.write(HTMLRenderer(hints: options.hints).render(directory))
        case .uikit:
            terminal.write(UIKitRenderer.render(directory))
        case .markdown:
            terminal.write(MarkdownRenderer(maxSize: options.maxSize).render(directory))
        case .github:
            terminal.write(annotations(directory))
        case .text, .patch:
            terminal.write(TextRenderer(palette: options.palette, hints: options.hints).render(directory))
        }
        return status
    }

    /// Every changed or added screen's annotations, each file named by its
    /// path under the new root (or `--label`); a removed one's on its old path.
    private static func annotations(_ directory: DirectoryChangeset) -> String {
        let empty = Screen(box: Box())
        return directory.entries.map { entry -> String in
            guard let changeset = entry.changeset, !changeset.isIdentical else { return "" }
            let removed = entry.status == .removed
            return AnnotationRenderer().render(
                changeset, old: entry.old ?? empty, new: entry.new ?? empty, outline: entry.newOutline,
                file: removed ? changeset.oldName : changeset.newName)
        }.joined()
    }
}
