import BentoJSON

/// The one pipeline of every command that compares two screens (`diff`,
/// `git-diff`): read both sides in parallel → print every diagnostic → diff
/// → render.
public struct ScreenComparison: Sendable {
    /// One side: the file to read and the name reports give it (git's
    /// temporary file stands for `a/PATH`).
    public struct Side: Sendable {
        /// The file read, or the one the side's text comes from.
        public let path: FilePath
        /// What reports and errors call the side.
        public let name: String
        /// The side's text, when it is not a file's (a side of a conflicted
        /// file); `path` then names the file it comes from.
        public var bytes: [UInt8]? = nil

        /// The file at `path`, named `name` (its path without one).
        public init(_ path: FilePath, name: String? = nil) {
            self.path = path
            self.name = name ?? path.description
        }

        /// A side whose text is `bytes`, named `name` in reports and errors.
        public init(text bytes: [UInt8], from path: FilePath, name: String) {
            self.init(path, name: name)
            self.bytes = bytes
        }

        /// No file: `/dev/null`, the missing side of an added or deleted
        /// file under git. It reads as an empty screen.
        public var isAbsent: Bool { path == ScreenComparison.emptyScreenPath }

        /// Whether the side is known to be small (`bytesReadAlone` or
        /// fewer): a text, no file, or a regular file that small.
        var isSmall: Bool {
            if let bytes { return bytes.count <= ScreenComparison.bytesReadAlone }
            return isAbsent || ScreenComparison.areSmall([path])
        }
    }

    /// Inputs of this many bytes or fewer are read one after the other, on
    /// the calling thread: starting threads for two small screens would
    /// take longer than reading them.
    static let bytesReadAlone = 256 << 10

    /// Whether every one of `paths` is a regular file of `bytesReadAlone`
    /// bytes or fewer (standard input, a pipe, may be any size).
    static func areSmall(_ paths: [FilePath]) -> Bool {
        paths.allSatisfy { InputFile.size($0).map { $0 <= bytesReadAlone } ?? false }
    }

    /// A screen as read, with its document where the format needs it.
    public struct File: Sendable {
        /// The screen.
        public let screen: Screen
        /// Where its document's members are written, for the formats that
        /// need the document as written (`OutputFormat.needsDocuments`).
        public let document: DocumentOutline?
    }

    /// The old side, as read.
    public let old: File
    /// The new side, as read.
    public let new: File
    /// What changed from old to new.
    public let changeset: Changeset
    /// Whether a side is `/dev/null`: its outline then has no lines at all.
    public let absent: (old: Bool, new: Bool)

    /// The path that reads as an empty screen, as git passes it for the
    /// missing side of an added or deleted file.
    public static let emptyScreenPath: FilePath = "/dev/null"

    /// Reads both sides, each on its own thread, and diffs them. Every
    /// diagnostic is printed; nil when a side could not be read (exit 2).
    public static func make(
        _ old: Side, _ new: Side, withDocuments: Bool, ignoring rules: IgnoreRules, _ terminal: some ReportOutput
    ) -> ScreenComparison? {
        switch compare(old, new, withDocuments: withDocuments, ignoring: rules) {
        case .success(let comparison):
            return comparison
        case .failure(let failure):
            for (side, diagnostic) in failure.sides {
                terminal.errors(ScreenReader.allErrors(startingWith: diagnostic, path: side.path).map { "\($0)" })
            }
            return nil
        }
    }

    /// The sides that could not be read as screens, each with its first
    /// diagnostic, in order (OLD first).
    public struct Failure: Error {
        /// Each side that is no screen, with its first diagnostic.
        public let sides: [(side: Side, diagnostic: Diagnostic)]
    }

    /// Reads both sides, each on its own thread, and diffs them; the sides
    /// that are no screens when one is not.
    public static func compare(_ old: Side, _ new: Side, withDocuments: Bool, ignoring rules: IgnoreRules)
        -> Result<ScreenComparison, Failure>
    {
        // The side read first helps read the other's later sections.
        let offers = Parallel.Offers()
        // A side read is a file or why it is none, in a pair rather than a
        // `Result`: the first `Result` a process copies costs a search of
        // every conformance the program has (tens of microseconds).
        let readSide: @Sendable (Side) -> (file: File?, failure: Diagnostic?) = { side in
            defer { offers.help() }
            do throws(Diagnostic) {
                return (try read(side, withDocument: withDocuments, helper: .offered(offers)), nil)
            } catch {
                return (nil, error)
            }
        }
        // Two small sides are read here, one after the other.
        let files =
            old.isSmall && new.isSmall
            ? (readSide(old), readSide(new)) : Parallel.both({ readSide(old) }, { readSide(new) })
        guard let a = files.0.file, let b = files.1.file else {
            let failures = [(old, files.0.failure), (new, files.1.failure)]
            return .failure(Failure(sides: failures.compactMap { side, failure in failure.map { (side, $0) } }))
        }
        let changeset = ScreenDiff.changeset(
            from: a.screen, to: b.screen, oldName: old.name, newName: new.name, ignoring: rules)
        return .success(ScreenComparison(old: a, new: b, changeset: changeset, absent: (old.isAbsent, new.isAbsent)))
    }

    /// `side.path` as a screen (`/dev/null`: the empty screen). Errors in
    /// the content name the file `side.name`.
    private static func read(_ side: Side, withDocument: Bool, helper: SectionSplit.Helper) throws(Diagnostic) -> File {
        if let bytes = side.bytes {
            let source = SourceText(name: side.name, bytes: bytes)
            guard withDocument else { return File(screen: try ScreenReader.read(source), document: nil) }
            let (screen, document) = try ScreenReader.readOutlined(source)
            return File(screen: screen, document: document)
        }
        guard !side.isAbsent else {
            let empty = Screen(box: Box())
            return File(screen: empty, document: withDocument ? DocumentOutline(empty.jsonValue) : nil)
        }
        guard withDocument else {
            return File(screen: try ScreenReader.read(path: side.path, named: side.name, helper: helper), document: nil)
        }
        let (screen, document) = try ScreenReader.readOutlined(path: side.path, named: side.name, helper: helper)
        return File(screen: screen, document: document)
    }

    /// Throws unless writing the report the options ask for fits in the
    /// memory left (`MemoryBudget`), naming the larger side (read from
    /// `paths`).
    public func checkMemory(_ options: ReportOptions, paths: (old: FilePath, new: FilePath)) throws(Diagnostic) {
        guard options.listing == nil else { return }
        let oldIsLarger = (InputFile.size(paths.old) ?? 0) >= (InputFile.size(paths.new) ?? 0)
        let file = oldIsLarger ? changeset.oldName : changeset.newName
        try MemoryBudget.checkWriting(changeset, factor: options.format.memoryPerChangesetByte, naming: file)
    }

    /// Exit status as diff(1): 0 the same, 1 different.
    public var status: Int32 { changeset.isIdentical ? 0 : 1 }

    /// Writes the report the options ask for to `terminal`.
    public func write(_ options: ReportOptions, to terminal: some ReportOutput) {
        if let listing = options.listing {
            guard !changeset.isIdentical else { return }
            let status: Character = absent.old ? "A" : absent.new ? "D" : "M"
            let path = absent.new ? changeset.oldName : changeset.newName
            let item = ListingRenderer.Item(path: path, status: status, summary: changeset.summary)
            terminal.write(ListingRenderer(style: listing, palette: options.palette).render([item]))
            return
        }
        switch options.format {
        case .json:
            // Streamed in 1 MB pieces: a changeset of 100k rows is not held whole.
            JSONRenderer.write(changeset, flushingAt: JSONRenderer.streamedBytes) { terminal.stream($0) }
        case .unified:
            let renderer = UnifiedRenderer(context: options.context, palette: options.palette)
            let pieces = renderer.pieces(
                changeset, old: old.screen, new: new.screen, oldAbsent: absent.old, newAbsent: absent.new)
            terminal.stream(pieces: pieces)
        case .html:
            HTMLRenderer(hints: options.hints).write(changeset, old: old.screen, new: new.screen) { terminal.stream(pieces: $0) }
        case .uikit:
            terminal.write(UIKitRenderer.render(changeset, old: old.screen, new: new.screen))
        case .patch:
            let operations: [PatchOperation]
            if let oldOutline = old.document, let newOutline = new.document {
                operations = PatchRenderer.operations(
                    changeset, old: old.screen, new: new.screen, oldOutline: oldOutline, newOutline: newOutline)
            } else {
                operations = PatchRenderer.operations(changeset, old: old.screen, new: new.screen)
            }
            PatchRenderer.write(operations) { terminal.stream(pieces: $0) }
        case .markdown:
            terminal.write(
                MarkdownRenderer(maxSize: options.maxSize).render(
                    changeset, old: old.screen, new: new.screen, oldAbsent: absent.old, newAbsent: absent.new))
        case .github:
            // A deleted file has no lines: its changes are marked on the old one.
            let file = absent.new ? changeset.oldName : changeset.newName
            let outline = absent.new ? nil : new.document
            terminal.stream(
                pieces: AnnotationRenderer().pieces(changeset, old: old.screen, new: new.screen, outline: outline, file: file))
        case .text:
            let renderer = TextRenderer(palette: options.palette, hints: options.hints)
            terminal.stream(pieces: renderer.pieces(changeset, old: old.screen, new: new.screen))
        }
    }
}
