import BentoJSON

/// The options that shape a report, shared by `diff` and `git-diff`: the
/// format, or a listing instead (`--name-only`, `--name-status`,
/// `--stat`), and what the formats take.
public struct ReportOptions: Sendable {
    /// The report's format (`--format`).
    public var format: OutputFormat
    /// `--name-only`, `--name-status` or `--stat`: a listing instead of a report.
    public var listing: ListingRenderer.Style?
    /// Lines of context in the unified format.
    public var context: Int
    /// The fields left out of the comparison (`--ignore`).
    public var rules: IgnoreRules
    /// The colours, or none.
    public var palette: Palette
    /// `--label`, as `diff --label` takes it: the first names the old side,
    /// the second the new one.
    public var labels: [String]
    /// `--no-hints`: no identity hints in the text and HTML reports.
    public var hints: Bool
    /// `--max-size`: the most characters of a Markdown report.
    public var maxSize: Int

    /// The options; the defaults are `bento diff` without any.
    public init(
        format: OutputFormat = .text, listing: ListingRenderer.Style? = nil, context: Int = 3, rules: IgnoreRules = IgnoreRules(),
        palette: Palette = .plain, labels: [String] = [], hints: Bool = true, maxSize: Int = MarkdownRenderer.defaultMaxSize
    ) {
        self.format = format
        self.listing = listing
        self.context = context
        self.rules = rules
        self.palette = palette
        self.labels = labels
        self.hints = hints
        self.maxSize = maxSize
    }

    /// Whether the report patches the documents as written (`--format
    /// patch`, not replaced by a listing), which must then be read too.
    public var needsDocuments: Bool { listing == nil && format.needsDocuments }
}
