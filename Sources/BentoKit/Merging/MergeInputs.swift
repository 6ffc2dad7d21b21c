import BentoJSON

/// The three sides of a merge, read at the same time: OURS and THEIRS with
/// their texts (the merge edits OURS' text and copies what THEIRS brings
/// from THEIRS'), BASE as a screen only (a blank BASE, git's add/add case,
/// is an empty screen).
public struct MergeInputs: Sendable {
    /// The three texts as read, OURS, BASE, THEIRS.
    public let texts: [SourceText]
    /// What each side is called in messages and markers: its label, else its path.
    public let names: [String]
    /// The three sides as screens, when every one is valid.
    public let sides: (ours: ScreenText, base: Screen, theirs: ScreenText)?
    /// For each side that is no valid screen, its index (0 OURS, 1 BASE,
    /// 2 THEIRS) and why, named by its label.
    public let invalid: [(side: Int, diagnostic: Diagnostic)]

    /// Reads `paths` (OURS, BASE, THEIRS), naming each side in its
    /// diagnostics by `names` (labels, else the paths).
    /// - Returns: the inputs, or the diagnostics of the files that could not
    ///   be read at all (nothing can be merged then).
    /// - Complexity: O(n) in the size of the three files, read on all cores.
    public static func read(_ paths: [FilePath], names: (_ read: [SourceText]) -> [String]) -> Result<MergeInputs, ReadFailure> {
        let reads = paths.concurrentMap { path in Result { () throws(Diagnostic) in try InputFile.read(path) } }
        var texts: [SourceText] = [], failures: [Diagnostic] = []
        for read in reads {
            switch read {
            case .success(let text): texts.append(text)
            case .failure(let diagnostic): failures.append(diagnostic)
            }
        }
        guard failures.isEmpty else { return .failure(ReadFailure(diagnostics: failures)) }
        let names = names(texts)
        let read = texts
        let screens = [0, 1, 2].concurrentMap { k in
            Result { () throws(Diagnostic) -> (screen: Screen, text: ScreenText?) in
                let text = SourceText(name: names[k], bytes: read[k].bytes)
                guard k == 1 else {
                    let screenText = try ScreenText(text)
                    return (screenText.screen, screenText)
                }
                if text.bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return (Screen(box: Box()), nil) }
                return (try ScreenReader.read(text), nil)
            }
        }
        let invalid = (0..<3).compactMap { k -> (Int, Diagnostic)? in
            guard case .failure(let diagnostic) = screens[k] else { return nil }
            return (k, diagnostic)
        }
        var sides: (ScreenText, Screen, ScreenText)?
        if case .success((_, let ours?)) = screens[0], case .success((let base, _)) = screens[1],
            case .success((_, let theirs?)) = screens[2]
        {
            sides = (ours, base, theirs)
        }
        return .success(MergeInputs(texts: texts, names: names, sides: sides, invalid: invalid))
    }

    /// Files that could not be read at all.
    public struct ReadFailure: Error {
        /// One per file.
        public let diagnostics: [Diagnostic]
    }

    /// The side, byte for byte, when a side left BASE as it was (or both
    /// sides are the same): the merge is then the other side.
    public var unchangedMerge: [UInt8]? {
        guard texts[0].bytes == texts[1].bytes || texts[2].bytes == texts[1].bytes || texts[0].bytes == texts[2].bytes
        else { return nil }
        return texts[0].bytes == texts[1].bytes ? texts[2].bytes : texts[0].bytes
    }
}
