import BentoJSON

extension Bento {
    /// `bento apply`: the screen `changeset` makes of `old`, written to
    /// `output` by editing OLD's text (every byte the change does not touch
    /// is kept), or in the canonical layout with `reformat`.
    ///
    /// OLD and the changeset are read at the same time, on two cores;
    /// every record is checked against OLD before anything is written; the
    /// memory it needs is weighed first (`MemoryBudget`). `warning` hears
    /// what stands in the way of nothing but deserves a line: a changeset
    /// made ignoring fields.
    /// - Parameters:
    ///   - oldPath: OLD, `-` for standard input (named `OLD` in messages).
    ///   - changesetPath: the changeset, `-` for standard input.
    /// - Returns: what was made, for the caller to keep until it exits:
    ///   freeing a large screen node by node costs more than the exit.
    /// - Throws: the `Diagnostic` of input that is invalid or does not
    ///   fit; what `output` throws. Nothing is written then.
    /// - Complexity: O(n log n) in the sizes of OLD and the changeset.
    public static func apply(
        old oldPath: FilePath, changeset changesetPath: FilePath, reformat: Bool, to output: some TextOutput,
        warning: (String) -> Void
    ) throws -> [Any] {
        try MemoryBudget.checkReading([oldPath, changesetPath], for: .apply)
        let oldName = oldPath.isStandardStream ? "OLD" : oldPath.description
        // The changeset is read sooner than OLD: its core then reads the
        // later part of OLD's box.
        let offers = Parallel.Offers()
        let (oldRead, changesetRead) = Parallel.both(
            { Result { () throws(Diagnostic) -> (Screen, ScreenText?) in
                // The canonical layout needs no text: the quicker reader.
                if reformat { return (try ScreenReader.read(path: oldPath, helper: .offered(offers)), nil) }
                // Mapped when it can be: OLD's text is never resident whole.
                // Its index waits for the records' check, which uses both cores.
                let text = try ScreenText(
                    try SourceBytes.read(oldPath), named: oldPath.description, indexesNow: false, helper: .offered(offers))
                return (text.screen, text)
            } },
            {
                let changeset = Result { () throws(Diagnostic) in try ChangesetDocument(path: changesetPath) }
                offers.help()
                return changeset
            }, atOnce: !ScreenComparison.areSmall([oldPath, changesetPath]))
        let (old, oldText) = try oldRead.get()
        // The records are kept to the exit, with the screens: freed before
        // the writing, they held it up on one core, for a peak only a few
        // megabytes lower.
        let document = try changesetRead.get()
        try MemoryBudget.checkApplying(document, to: old, naming: oldName)
        // OLD's index by id, which writing looks rows up in, is made
        // while the new screen is built, on the core that leaves free.
        let (new, origins) = try document.applyTracingRows(to: old, oldName: oldName) { oldText?.startIndexing() }
        let ignored = document.changeset.ignored
        if !ignored.isEmpty {
            // The changeset holds no change of those fields: NEW may differ in them.
            warning(
                "warning: \(changesetPath) was made with --ignore " + ignored.map { "'\($0)'" }.joined(separator: ", ")
                    + "; changes to those fields are not in it and were not applied")
        }
        if let oldText {
            // Streamed: the text is never held whole.
            let merged = MergedScreen(clean: new)
            try output.write(streaming: { ScreenEditor.stream(merged, editing: oldText, origins: origins, to: $0) })
        } else if output.isFile {
            try output.write(pieces: ScreenRenderer.pieces(new))
        } else {
            // Streamed: written a part of sections at a time.
            var failure: (any Error)?
            ScreenRenderer.write(new) { part in
                guard failure == nil else { return }
                do { try output.write(pieces: part) } catch { failure = error }
            }
            if let failure { throw failure }
        }
        return [old, new, oldText as Any, document]
    }
}
