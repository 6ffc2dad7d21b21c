import BentoJSON

/// The three sides of a merge, read at the same time: OURS and THEIRS with
/// their texts (the merge edits OURS' text and copies what THEIRS brings
/// from THEIRS'), BASE as a screen only. A regular file is mapped, never
/// read whole: BASE is decoded straight from its mapping, and OURS' and
/// THEIRS' pages are handed back as they are decoded and written from. A
/// side that is empty or blank (`/dev/null`, git's add/add case for BASE, a
/// file deleted on one branch) is an empty screen.
public struct MergeInputs {
    /// The three texts, mapped or read.
    private let ours: SourceBytes, base: SourceBytes, theirs: SourceBytes
    /// What each side is called in messages and markers: its label, else its path.
    public let names: [String]
    /// The three sides as screens, when every one is valid.
    public let sides: (ours: ScreenText, base: Screen, theirs: ScreenText)?
    /// BASE with its text, when it was asked for (the diff3 style writes
    /// BASE's version of each conflict from it) and BASE is valid.
    public let baseText: ScreenText?
    /// For each side that is no valid screen, its index (0 OURS, 1 BASE,
    /// 2 THEIRS) and why, named by its label.
    public let invalid: [(side: Int, diagnostic: Diagnostic)]
    /// Every side is a small file (`ScreenComparison.areSmall`): read, and
    /// merged, on one thread.
    public let areSmall: Bool
    /// OURS is empty or blank: there is no text of it to edit, and the merge
    /// is written in the canonical layout.
    public var oursIsEmpty: Bool { ours.isBlank }

    /// Reads `paths` (OURS, BASE, THEIRS), naming each side in its
    /// diagnostics by `names` (labels, else the paths).
    /// - Returns: the inputs, or the diagnostics of the files that could not
    ///   be read at all (nothing can be merged then).
    /// - Complexity: O(n) in the size of the three files, read on all cores.
    /// - Parameter withBaseText: read BASE with its text too (`baseText`).
    public static func read(_ paths: [FilePath], names: (_ paths: [String]) -> [String], withBaseText: Bool = false)
        -> Result<MergeInputs, ReadFailure>
    {
        let names = names(paths.map(\.description))
        let areSmall = ScreenComparison.areSmall(paths)
        // Two cores, three screens: one decodes OURS while the other
        // decodes BASE; THEIRS goes to whichever is free first. Each, done
        // with a screen, reads the later part of a box the other is reading
        // before it waits for THEIRS.
        let offers = Parallel.Offers()
        let helper = SectionSplit.Helper.offered(offers)
        let theirsDecoded = Parallel.Once { Side(paths[2], named: names[2], helper: helper) }
        let (oursSide, baseSide) = Parallel.both(
            {
                let ours = Side(paths[0], named: names[0], helper: helper)
                offers.help()
                _ = theirsDecoded.value
                offers.help()
                return ours
            },
            {
                let base =
                    withBaseText
                    ? Self.baseWithText(paths[1], named: names[1], helper: helper)
                    : Self.base(paths[1], named: names[1], helper: helper)
                offers.help()
                _ = theirsDecoded.value
                offers.help()
                return base
            }, atOnce: !areSmall)
        let theirsSide = theirsDecoded.value
        let reads = [oursSide.read.map { _ in () }, baseSide.read, theirsSide.read.map { _ in () }]
        let failures = reads.compactMap { read -> Diagnostic? in
            guard case .failure(let diagnostic) = read else { return nil }
            return diagnostic
        }
        guard failures.isEmpty, case .success(let ours) = oursSide.read, case .success(let theirs) = theirsSide.read else {
            return .failure(ReadFailure(diagnostics: failures))
        }
        let screens: [Result<Screen, Diagnostic>] = [
            oursSide.decoded.map { $0.screen }, baseSide.screen, theirsSide.decoded.map { $0.screen },
        ]
        let invalid = (0..<3).compactMap { k -> (Int, Diagnostic)? in
            guard case .failure(let diagnostic) = screens[k] else { return nil }
            return (k, diagnostic)
        }
        var sides: (ScreenText, Screen, ScreenText)?
        if case .success(let ours) = oursSide.decoded, case .success(let base) = baseSide.screen,
            case .success(let theirs) = theirsSide.decoded
        {
            sides = (ours, base, theirs)
        }
        return .success(
            MergeInputs(
                ours: ours, base: baseSide.text, theirs: theirs, names: names, sides: sides, baseText: baseSide.outlined,
                invalid: invalid, areSmall: areSmall))
    }

    /// OURS or THEIRS: the text, mapped or read, and the screen decoded from it.
    private struct Side: Sendable {
        let read: Result<SourceBytes, Diagnostic>
        let decoded: Result<ScreenText, Diagnostic>

        /// The side at `path`, decoded, its diagnostics naming it `name`;
        /// `helper` reads the later part of a long box.
        init(_ path: FilePath, named name: String, helper: SectionSplit.Helper? = nil) {
            read = Result { () throws(Diagnostic) in try SourceBytes.read(path) }
            switch read {
            case .success(let bytes) where bytes.isBlank:
                decoded = .success(ScreenText.empty)
            case .success(let bytes):
                decoded = Result { () throws(Diagnostic) in try ScreenText(bytes, named: name, helper: helper) }
            case .failure(let diagnostic):
                decoded = .failure(diagnostic)
            }
        }
    }

    /// BASE read: how it was read (its failure to be read at all), its text
    /// (a mapping, never held whole), and its screen or why it is none.
    private struct BaseSide: Sendable {
        let read: Result<Void, Diagnostic>
        let text: SourceBytes
        let screen: Result<Screen, Diagnostic>
        /// The screen with its text, when asked for.
        var outlined: ScreenText? = nil
    }

    /// BASE read as OURS and THEIRS are, with its text.
    private static func baseWithText(_ path: FilePath, named name: String, helper: SectionSplit.Helper) -> BaseSide {
        let side = Side(path, named: name, helper: helper)
        switch (side.read, side.decoded) {
        case (.failure(let diagnostic), _):
            return BaseSide(read: .failure(diagnostic), text: SourceBytes([]), screen: .failure(diagnostic))
        case (.success(let bytes), .failure(let diagnostic)):
            return BaseSide(read: .success(()), text: bytes, screen: .failure(diagnostic))
        case (.success(let bytes), .success(let text)):
            return BaseSide(read: .success(()), text: bytes, screen: .success(text.screen), outlined: text)
        }
    }

    /// BASE decoded straight from its mapped file; standard input, a file
    /// with a problem or a blank one (an empty screen) read whole.
    private static func base(_ path: FilePath, named name: String, helper: SectionSplit.Helper) -> BaseSide {
        if let file = MappedFile(path), let screen = ScreenPullDecoder.screen(in: file, helper: helper) {
            return BaseSide(read: .success(()), text: SourceBytes(file), screen: .success(screen))
        }
        let text: SourceText
        do throws(Diagnostic) {
            text = SourceText(name: name, bytes: try InputFile.read(path).bytes)
        } catch {
            return BaseSide(read: .failure(error), text: SourceBytes([]), screen: .failure(error))
        }
        if text.bytes.allSatisfy(SourceBytes.isWhiteSpace) {
            return BaseSide(read: .success(()), text: SourceBytes(text.bytes), screen: .success(Screen(box: Box())))
        }
        let screen = Result { () throws(Diagnostic) in try ScreenReader.read(text) }
        return BaseSide(read: .success(()), text: SourceBytes(text.bytes), screen: screen)
    }

    /// Files that could not be read at all.
    public struct ReadFailure: Error {
        /// One per file.
        public let diagnostics: [Diagnostic]
    }

    /// The three texts, OURS, BASE, THEIRS (for a merge line by line): a
    /// mapped one is copied whole only then.
    public var texts: [SourceText] {
        zip(names, [ours, base, theirs]).map { SourceText(name: $0, bytes: $1.array) }
    }

    /// The side, byte for byte, when a side left BASE as it was (or both
    /// sides are the same): the merge is then the other side. Not when that
    /// side is blank: the merge is then the empty screen, written as one.
    public var unchangedMerge: [UInt8]? {
        let (oursIsBase, theirsIsBase) = (ours.holdsSame(as: base), theirs.holdsSame(as: base))
        guard oursIsBase || theirsIsBase || ours.holdsSame(as: theirs) else { return nil }
        let merged = oursIsBase ? theirs : ours
        return merged.isBlank ? nil : merged.array
    }
}
