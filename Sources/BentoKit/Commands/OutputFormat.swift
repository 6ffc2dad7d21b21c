/// What `bento diff --format` (and `git-diff`) can print.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// For people: one line per change, a summary last.
    case text
    /// The changeset of bento-changeset(5), for tools.
    case json
    /// A unified diff of the outlines.
    case unified
    /// An RFC 6902 JSON Patch between the documents.
    case patch
    /// One self-contained page drawing both screens.
    case html
    /// The changes as UIKit batch updates (bento-changeset(5), UIKIT PLAN).
    case uikit
    /// A report for a pull request: a table, then the changes, in GitHub's Markdown.
    case markdown
    /// GitHub Actions annotations at the changed lines of the new file.
    case github

    /// The names `--format` takes, in the order help lists them.
    public static let names = allCases.map(\.rawValue)

    /// Whether the report needs the JSON documents as written (with `$`
    /// members and explicit nulls), not only the screens.
    /// (`github` needs only the new one's lines, but reads both alike.)
    public var needsDocuments: Bool { self == .patch || self == .github }

    /// Whether it compares two directories too.
    public var comparesDirectories: Bool { self != .patch }

    /// Bytes needed per byte of the JSON changeset to write this report
    /// (`MemoryBudget.checkWriting`), as measured.
    public var memoryPerChangesetByte: Double {
        switch self {
        case .json: 1
        case .text, .markdown, .html: 3
        case .unified, .uikit: 6.5
        case .patch, .github: 11
        }
    }
}
