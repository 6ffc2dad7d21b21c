import BentoJSON

/// A section of a merged box: its id, its header and footer (each merged as
/// one member), and its merged rows.
public struct MergedSection: Sendable, Hashable {
    /// The section's id.
    public var id: ScreenID
    /// `header` and `footer`, those the merge has, in that order.
    public var members: [MergeItem<MergedMember>]
    /// The rows, in the merged order.
    public var rows: [MergeItem<Node>] {
        get {
            switch storage {
            case .clean(let nodes): nodes.map(MergeItem.clean)
            case .merged(let items): items
            }
        }
        set { storage = .merged(newValue) }
    }

    /// The rows as given: a section taken as it is keeps its nodes, and
    /// makes its items only when asked (a screen of 100k rows written by
    /// editing, a run of sections at a time, never holds them all).
    private var storage: Rows

    private enum Rows: Sendable {
        case clean([Node])
        case merged([MergeItem<Node>])
    }

    /// A merged section of `id`, `members` and `rows`.
    public init(id: ScreenID, members: [MergeItem<MergedMember>], rows: [MergeItem<Node>]) {
        self.id = id
        self.members = members
        storage = .merged(rows)
    }

    /// A section as it is, without conflicts.
    public init(_ section: Section) {
        id = section.id
        members = Self.members(of: section).map(MergeItem.clean)
        storage = .clean(section.rows)
    }

    /// The rows, when none is in conflict as made (`init(_ section:)`):
    /// the section's own nodes, no item made for each.
    var cleanRows: [Node]? {
        guard case .clean(let nodes) = storage else { return nil }
        return nodes
    }

    /// The number of rows.
    public var rowCount: Int {
        switch storage {
        case .clean(let nodes): nodes.count
        case .merged(let items): items.count
        }
    }

    public static func == (a: MergedSection, b: MergedSection) -> Bool {
        a.id == b.id && a.members == b.members && a.rows == b.rows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(members)
        hasher.combine(rows)
    }

    /// True when a member or a row is in conflict.
    public var hasConflicts: Bool {
        if members.contains(where: \.isConflict) { return true }
        guard case .merged(let items) = storage else { return false }
        return items.contains(where: \.isConflict)
    }

    /// True when the merge has `section` exactly as it is: no conflict,
    /// the same id, header, footer and rows.
    /// - Complexity: O(n) in the number of rows.
    func isExactly(_ section: Section) -> Bool {
        guard id == section.id, rowCount == section.rows.count, members == Self.members(of: section).map(MergeItem.clean) else {
            return false
        }
        switch storage {
        case .clean(let nodes):
            return nodes == section.rows
        case .merged(let items):
            for (item, node) in zip(items, section.rows) {
                guard case .clean(let merged) = item, merged == node else { return false }
            }
            return true
        }
    }

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
