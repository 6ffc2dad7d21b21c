/// A change to a section of one box: its id, and what happened to it.
/// Positions are section indices in the box: `from` in the old file, `to`
/// in the new one.
public struct SectionChange: Hashable, Sendable {
    /// The box the section is in.
    public let box: BoxName
    /// The section's id, as the file writes it.
    public let id: ScreenID
    /// What happened to the section.
    public internal(set) var edit: Edit<Int, Section>

    /// A change to section `id` of `box`.
    public init(box: BoxName, id: ScreenID, _ edit: Edit<Int, Section>) {
        self.box = box
        self.id = id
        self.edit = edit
    }
}
