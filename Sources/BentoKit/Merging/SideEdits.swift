import BentoJSON

/// What one side of a merge did to one box, read from its changeset against
/// BASE (contract section 3): which sections and rows of BASE it deleted,
/// moved or changed, and where each of its rows came from.
struct SideEdits {
    /// The side's box, indexed.
    let index: BoxIndex
    /// BASE sections the side moved (outside the longest ordered run).
    private(set) var movedSections: Set<ScreenID> = []
    /// BASE sections whose header or footer the side changed.
    private(set) var updatedSections: Set<ScreenID> = []
    /// BASE sections whose rows the side added to, changed, or reordered.
    private(set) var sectionsEditedInside: Set<ScreenID> = []
    /// BASE rows the side moved: the id of the section they are in now.
    private(set) var movedRows: [RowKey: ScreenID] = [:]
    /// BASE rows whose node the side changed.
    private(set) var changedRows: Set<RowKey> = []
    /// BASE rows the side deleted on their own (not with their section).
    private(set) var deletedRows: Set<RowKey> = []
    /// Rows the side moved across sections, by where they are now: their key in BASE.
    private(set) var arrivals: [RowKey: RowKey] = [:]

    /// The edits of box `name` in `changeset`, the side's changeset against BASE.
    init(_ name: BoxName, of side: Screen, changeset: Changeset) {
        index = BoxIndex(side[box: name])
        for change in changeset.changes where change.box == name {
            switch change {
            case .screen:
                break
            case .section(let section):
                switch section.edit {
                case .move(_, _, let fields):
                    movedSections.insert(section.id)
                    if !fields.isEmpty { updatedSections.insert(section.id) }
                case .update: updatedSections.insert(section.id)
                case .insert, .delete: break
                }
            case .row(let row):
                let key = RowKey(section: row.fromSection ?? row.section, id: row.id)
                switch row.edit {
                case .delete:
                    deletedRows.insert(key)
                case .insert:
                    sectionsEditedInside.insert(row.section)
                case .move(_, _, let fields):
                    movedRows[key] = row.section
                    if !fields.isEmpty { changedRows.insert(key) }
                    if row.fromSection != nil { arrivals[RowKey(section: row.section, id: row.id)] = key }
                    sectionsEditedInside.insert(row.section)
                case .update:
                    changedRows.insert(key)
                    sectionsEditedInside.insert(row.section)
                }
            }
        }
    }

    /// Whether the side changed BASE section `id` other than by deleting
    /// rows or moving them out: a delete on the other side conflicts with it.
    func changedSection(_ id: ScreenID) -> (changed: Bool, moved: Bool) {
        (updatedSections.contains(id) || sectionsEditedInside.contains(id), movedSections.contains(id))
    }

    /// The section BASE row `key` is in on this side; nil when it is gone.
    func location(of key: RowKey) -> ScreenID? {
        if let section = movedRows[key] { return section }
        guard !deletedRows.contains(key), index.sectionIndex[key.section] != nil else { return nil }
        return key.section
    }

    /// Whether the side moved BASE row `key`.
    func moved(_ key: RowKey) -> Bool { movedRows[key] != nil }

    /// Whether the side changed BASE row `key`'s node.
    func changed(_ key: RowKey) -> Bool { changedRows.contains(key) }

    /// Where row `id` of the side's section `section` comes from: its key
    /// in BASE, or nil for a row the side added.
    func origin(of id: ScreenID, in section: ScreenID, base: BoxIndex) -> RowKey? {
        let here = RowKey(section: section, id: id)
        if let key = arrivals[here] { return key }
        return base.contains(here) ? here : nil
    }
}
