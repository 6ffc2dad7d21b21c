import BentoJSON

/// Writes a screen as `bento apply` and `bento merge` write screens:
/// indented two spaces, members in the model's order (box,
/// pinnedToBottomBox, then the attributes; id, header, footer, rows; id,
/// component; the component's type first), numbers as written, a final
/// newline. A Box-form screen without attributes stays a Box.
public enum ScreenRenderer {
    /// The screen as JSON text.
    /// - Complexity: O(n) in the size of the screen.
    public static func render(_ screen: Screen) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter(style: .pretty).write(screen.jsonValue, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
