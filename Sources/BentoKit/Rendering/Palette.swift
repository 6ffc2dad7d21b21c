/// ANSI colours for terminal output, or none at all.
public struct Palette: Sendable {
    /// Whether to colour at all.
    public let enabled: Bool

    /// A palette that colours when `enabled`.
    public init(enabled: Bool) { self.enabled = enabled }

    /// No colour.
    public static let plain = Palette(enabled: false)

    /// Green, for what was inserted.
    public func insert(_ s: String) -> String { paint(s, "32") }
    /// Red, for what was deleted.
    public func delete(_ s: String) -> String { paint(s, "31") }
    /// Cyan, for what moved.
    public func move(_ s: String) -> String { paint(s, "36") }
    /// Yellow, for what was updated.
    public func update(_ s: String) -> String { paint(s, "33") }
    /// Bold, for headers and summaries.
    public func bold(_ s: String) -> String { paint(s, "1") }
    /// Dim, for context.
    public func dim(_ s: String) -> String { paint(s, "2") }
    /// A unified diff's hunk range, cyan as git writes it.
    public func fragment(_ s: String) -> String { paint(s, "36") }

    private func paint(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
