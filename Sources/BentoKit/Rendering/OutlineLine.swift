import BentoJSON

/// One line of a screen's outline (`bento show`) and the part of the screen
/// it stands for, so that two outlines can be aligned by identity.
public struct OutlineLine: Hashable, Sendable {
    /// What a line shows. Indices are positions in the screen's own boxes.
    public enum Element: Hashable, Sendable {
        /// The screen's attributes.
        case screen
        /// The line that opens a box.
        case box(BoxName)
        case section(BoxName, section: Int)
        case header(BoxName, section: Int)
        case footer(BoxName, section: Int)
        case row(BoxName, section: Int, row: Int)
    }

    /// What the line stands for.
    public let element: Element
    /// The line without its newline, invisible format characters escaped
    /// (`OneLine.escapingInvisible`), so that no line hides what it holds.
    public let text: String

    /// The line `text`, standing for `element`.
    public init(_ element: Element, _ text: String) {
        self.element = element
        self.text = OneLine.escapingInvisible(text)
    }
}
