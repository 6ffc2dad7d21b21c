/// ANSI colours for terminal output, or none at all.
public struct Palette: Sendable {
    /// Whether to colour at all.
    public let enabled: Bool

    /// A palette that colours when `enabled`.
    public init(enabled: Bool) { self.enabled = enabled }

    /// No colour.
    public static let plain = Palette(enabled: false)

    /// Green, for what was inserted.
    public func insert(_ s: String) -> String { paint(s, Self.green) }
    /// Red, for what was deleted.
    public func delete(_ s: String) -> String { paint(s, Self.red) }
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

    /// What `insert(_:)` writes before and after its text, as bytes (both
    /// empty without colour): for reports written as bytes.
    public var insertCodes: (open: [UInt8], close: [UInt8]) { bytes(codes(Self.green)) }
    /// What `delete(_:)` writes before and after its text, as bytes.
    public var deleteCodes: (open: [UInt8], close: [UInt8]) { bytes(codes(Self.red)) }

    /// What each colour writes before and after its text, as bytes: for
    /// reports written as bytes.
    public enum Colour: Int, CaseIterable, Sendable {
        case insert, delete, move, update, bold, dim
    }

    /// The bytes before and after text in `colour` (both empty without colour).
    public func codes(_ colour: Colour) -> (open: [UInt8], close: [UInt8]) {
        switch colour {
        case .insert: bytes(codes(Self.green))
        case .delete: bytes(codes(Self.red))
        case .move: bytes(codes("36"))
        case .update: bytes(codes("33"))
        case .bold: bytes(codes("1"))
        case .dim: bytes(codes("2"))
        }
    }

    private static let red = "31", green = "32"

    private func codes(_ code: String) -> (open: String, close: String) {
        enabled ? ("\u{1B}[\(code)m", "\u{1B}[0m") : ("", "")
    }

    private func bytes(_ codes: (open: String, close: String)) -> (open: [UInt8], close: [UInt8]) {
        (Array(codes.open.utf8), Array(codes.close.utf8))
    }

    private func paint(_ s: String, _ code: String) -> String {
        let (open, close) = codes(code)
        return open + s + close
    }
}
