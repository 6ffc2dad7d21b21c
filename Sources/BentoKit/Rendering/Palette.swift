/// ANSI colours for terminal output, or none at all.
public struct Palette: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public static let plain = Palette(enabled: false)

    public func insert(_ s: String) -> String { paint(s, "32") }
    public func delete(_ s: String) -> String { paint(s, "31") }
    public func move(_ s: String) -> String { paint(s, "36") }
    public func update(_ s: String) -> String { paint(s, "33") }
    public func bold(_ s: String) -> String { paint(s, "1") }
    public func dim(_ s: String) -> String { paint(s, "2") }
    /// A unified diff's hunk range, cyan as git writes it.
    public func fragment(_ s: String) -> String { paint(s, "36") }

    private func paint(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
