import BentoJSON
import BentoKit

/// `bento diff FILE`: a file with conflict markers, read as its sides
/// (`ConflictedFile`), and what separates OURS from THEIRS shown by
/// identity, in any format; the sides named by their markers' labels.
enum ConflictReport {
    /// Compares the sides of the conflicted file at `path`.
    /// - Returns: 0 when the sides are the same screen, 1 when they differ,
    ///   2 when a side is no valid screen (named, at its place in the file).
    /// - Throws: a `UsageError` for a file without markers; a `Diagnostic`
    ///   for one that cannot be read or whose markers are out of order.
    static func run(_ path: FilePath, _ options: ReportOptions, quiet: Bool, markerSize: Int?, _ terminal: Terminal) throws
        -> CommandExit
    {
        let read = try InputFile.read(path)
        let file: ConflictedFile
        do {
            file = try ConflictedFile(read.bytes, markerSize: markerSize)
        } catch .noMarkers {
            throw UsageError("one operand needs a file with conflict markers: \(path) has none", command: DiffCommand.spec)
        } catch .misplaced(let line, let message) {
            throw Diagnostic(file: path.description, location: SourceLocation(line: line, column: 1), message: message)
        }
        guard let comparison = compare(file, path, options, terminal) else { return 2 }
        if !quiet {
            try comparison.checkMemory(options, paths: (path, path))
            if options.format == .github && options.listing == nil {
                // Annotations name the conflicted file, at THEIRS' lines in it.
                let theirs = file.theirs
                terminal.write(
                    AnnotationRenderer().render(
                        comparison.changeset, old: comparison.old.screen, new: comparison.new.screen,
                        outline: comparison.new.document, file: options.labels.count > 1 ? options.labels[1] : path.description,
                        lineInFile: { theirs.lineInFile($0) }))
            } else {
                comparison.write(options, to: terminal)
            }
        }
        return CommandExit(comparison.status, keeping: [comparison])
    }

    /// The comparison of OURS with THEIRS, or nil when a side is no valid
    /// screen (its errors printed, at their places in the file).
    static func compare(_ file: ConflictedFile, _ path: FilePath, _ options: ReportOptions, _ terminal: Terminal)
        -> ScreenComparison?
    {
        let names = (options.labels.first ?? file.ours.name, options.labels.count > 1 ? options.labels[1] : file.theirs.name)
        let sides = (
            ScreenComparison.Side(text: file.ours.text, from: path, name: names.0),
            ScreenComparison.Side(text: file.theirs.text, from: path, name: names.1)
        )
        switch ScreenComparison.compare(sides.0, sides.1, withDocuments: options.needsDocuments, ignoring: options.rules) {
        case .success(let comparison):
            return comparison
        case .failure(let failure):
            for (side, diagnostic) in failure.sides {
                let conflicted = side.name == names.0 && side.bytes == file.ours.text ? file.ours : file.theirs
                terminal.error("\(conflicted.inFile(diagnostic, named: path.description))")
            }
            return nil
        }
    }
}
