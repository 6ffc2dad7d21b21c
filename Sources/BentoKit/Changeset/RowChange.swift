import BentoJSON

/// A change to a row of one box: its id, the id of its section, and what
/// happened to it. Positions are `[section, row]`: `from` in the old file,
/// `to` in the new one.
public struct RowChange: Hashable, Sendable {
    /// The box the row is in.
    public let box: BoxName
    /// The row's id, as the file writes it.
    public let id: ScreenID
    /// The id of the row's section: the old one for a delete, else the new one.
    public let section: ScreenID
    /// What happened to the row.
    public internal(set) var edit: Edit<RowPosition, Node>
    /// For a row moved across sections: the id of the section it left. Only
    /// a move has one (see `init(box:id:section:movedFrom:_:)`).
    public let fromSection: ScreenID?

    /// A change to row `id` of section `section` in `box`, within its section.
    public init(box: BoxName, id: ScreenID, section: ScreenID, _ edit: Edit<RowPosition, Node>) {
        self.box = box
        self.id = id
        self.section = section
        self.edit = edit
        fromSection = nil
    }

    /// Row `id` moved from section `fromSection` to section `section` of
    /// `box`, with its field changes if its node changed too.
    public init(
        box: BoxName, id: ScreenID, section: ScreenID, movedFrom fromSection: ScreenID, from: RowPosition, to: RowPosition,
        fields: [FieldChange]
    ) {
        self.box = box
        self.id = id
        self.section = section
        edit = .move(from: from, to: to, fields: fields)
        self.fromSection = fromSection
    }

    /// The same change with other field changes.
    func replacingFields(_ fields: [FieldChange]) -> RowChange {
        var change = self
        change.edit = edit.replacingFields(fields)
        return change
    }
}
