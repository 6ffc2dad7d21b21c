/// ANSI colours for terminal output, or none at all.
public struct Palette: Sendable {
    /// Whether to colour at all.
    public let enabled: Bool

    /// A palette that colours when `enabled`.
    public init(enabled: Bool) { self.enabled = enabled }

    /// No colour.
    public static let plain = Palette(enabled: false)

    /// The colours a report uses, each with its SGR code.
    public enum Colour: Int, CaseIterable, Sendable {
        /// Green, for what was inserted.
        case insert
        /// Red, for what was deleted.
        case delete
        /// Cyan, for what moved (and a unified diff's hunk range, as git writes it).
        case move
        /// Yellow, for what was updated.
        case update
        /// Bold, for headers and summaries.
        case bold
        /// Dim, for context.
        case dim

        var code: String {
            switch self {
            case .insert: "32"
            case .delete: "31"
            case .move: "36"
            case .update: "33"
            case .bold: "1"
            case .dim: "2"
            }
        }
    }

    /// Green, for what was inserted.
    public func insert(_ s: String) -> String { paint(s, .insert) }
    /// Red, for what was deleted.
    public func delete(_ s: String) -> String { paint(s, .delete) }
    /// Cyan, for what moved.
    public func move(_ s: String) -> String { paint(s, .move) }
    /// Yellow, for what was updated.
    public func update(_ s: String) -> String { paint(s, .update) }
    /// Bold, for headers and summaries.
    public func bold(_ s: String) -> String { paint(s, .bold) }
    /// Dim, for context.
    public func dim(_ s: String) -> String { paint(s, .dim) }
    /// A unified diff's hunk range, cyan as git writes it.
    public func fragment(_ s: String) -> String { paint(s, .move) }

    /// What text in `colour` has before and after it, as bytes (both empty
    /// without colour): for reports written as bytes.
    public func codes(_ colour: Colour) -> (open: [UInt8], close: [UInt8]) {
        let (open, close) = strings(colour)
        return (Array(open.utf8), Array(close.utf8))
    }

    private func strings(_ colour: Colour) -> (open: String, close: String) {
        enabled ? ("\u{1B}[\(colour.code)m", "\u{1B}[0m") : ("", "")
    }

    private func paint(_ s: String, _ colour: Colour) -> String {
        let (open, close) = strings(colour)
        return open + s + close
    }
}
