import BentoJSON

/// A section of a merged box: its id, its header and footer (each merged as
/// one member), and its merged rows.
public struct MergedSection: Sendable, Hashable {
    /// The section's id.
    public var id: ScreenID
    /// `header` and `footer`, those the merge has, in that order.
    public var members: [MergeItem<MergedMember>]
    /// The rows, in the merged order.
    public var rows: [MergeItem<Node>]

    /// A merged section of `id`, `members` and `rows`.
    public init(id: ScreenID, members: [MergeItem<MergedMember>], rows: [MergeItem<Node>]) {
        self.id = id
        self.members = members
        self.rows = rows
    }

    /// A section as it is, without conflicts.
    public init(_ section: Section) {
        id = section.id
        members = Self.members(of: section).map(MergeItem.clean)
        rows = section.rows.map(MergeItem.clean)
    }

    /// True when a member or a row is in conflict.
    public var hasConflicts: Bool { members.contains(where: \.isConflict) || rows.contains(where: \.isConflict) }

    /// The section with every conflict resolved to `side`.
    /// - Complexity: O(n) in the number of rows.
    public func resolved(_ side: MergeSide) -> Section {
        var section = Section(id: id, rows: rows.resolved(side))
        for member in members.resolved(side) {
            let component = Component(jsonValue: member.value)
            if member.key == Section.CodingKeys.header.stringValue { section.header = component }
            if member.key == Section.CodingKeys.footer.stringValue { section.footer = component }
        }
        return section
    }

    /// A section's header and footer as members, those it has.
    static func members(of section: Section) -> [MergedMember] {
        var members: [MergedMember] = []
        if let header = section.header {
            members.append(MergedMember(key: Section.CodingKeys.header.stringValue, value: header.jsonValue))
        }
        if let footer = section.footer {
            members.append(MergedMember(key: Section.CodingKeys.footer.stringValue, value: footer.jsonValue))
        }
        return members
    }
}
