import BentoJSON

/// The merge of one box: its sections, and the rows of each, by identity.
///
/// Each element of BASE ends where the sides put it: where OURS has it,
/// unless THEIRS alone moved it; gone when both deleted it, or one did and
/// the other left it alone. A conflict (deleted against changed or moved,
/// moved apart, added twice with different content, fields changed on both
/// sides) keeps each side's version at that side's place.
struct BoxMerge {
    /// Where a BASE row goes: at OURS' place, at THEIRS' place, or both (a
    /// conflict: moved apart), each nil where the merge has nothing.
    private struct Placement {
        var ours: MergeItem<Node>?
        var theirs: MergeItem<Node>?
    }

    let name: BoxName
    private let base: BoxIndex
    private let ours: SideEdits
    private let theirs: SideEdits
    /// Every conflict, in the order found.
    private(set) var conflicts: [MergeConflict] = []
    /// The placement of each BASE row, made once.
    private var placements: [RowKey: Placement] = [:]

    /// The merge of box `name` of `base`, `ours` and `theirs`, given each
    /// side's changeset against BASE.
    init(_ name: BoxName, base: Screen, ours: Screen, theirs: Screen, oursChanges: Changeset, theirsChanges: Changeset) {
        self.name = name
        self.base = BoxIndex(base[box: name])
        self.ours = SideEdits(name, of: ours, changeset: oursChanges)
        self.theirs = SideEdits(name, of: theirs, changeset: theirsChanges)
    }

    // MARK: Sections

    /// The merged sections, in the merged order.
    /// - Complexity: O(n) in the number of sections and rows, plus the
    ///   field merges of elements both sides changed.
    mutating func sections() -> [MergeItem<MergedSection>] {
        var atTheirsPlace: [ScreenID: MergeItem<MergedSection>] = [:]
        var oursOrder: [(key: ScreenID, item: MergeItem<MergedSection>?)] = []
        for (index, section) in ours.index.box.sections.enumerated() {
            let id = section.id
            let theirsSection = theirs.index.section(id)
            var item: MergeItem<MergedSection>?
            if base.sectionIndex[id] != nil {
                if theirsSection != nil {
                    let merged = MergedSection(id: id, members: members(of: id), rows: rows(of: id))
                    let placed = place(id, merged, previousInOurs: index > 0 ? ours.index.box.sections[index - 1].id : nil)
                    item = placed.ours
                    atTheirsPlace[id] = placed.theirs
                } else {
                    item = deletedSection(section, on: .theirs, edits: ours)
                }
            } else if let theirsSection {
                item = added(
                    MergedSection(section), MergedSection(theirsSection), equal: section == theirsSection,
                    at: .section(name, id: id, member: nil))
            } else {
                item = .clean(MergedSection(section))
            }
            oursOrder.append((id, item))
        }
        var theirsOrder: [(key: ScreenID, item: MergeItem<MergedSection>?)] = []
        for section in theirs.index.box.sections {
            let id = section.id
            var item: MergeItem<MergedSection>?
            if ours.index.sectionIndex[id] != nil {
                item = atTheirsPlace[id]
            } else if base.sectionIndex[id] != nil {
                item = deletedSection(section, on: .ours, edits: theirs)
            } else {
                item = .clean(MergedSection(section))
            }
            theirsOrder.append((id, item))
        }
        return OrderMerge.merge(ours: oursOrder, theirs: theirsOrder)
    }

    /// A BASE section one side deleted and the other (`edits`) kept as
    /// `section`: gone, unless the other side changed or moved it.
    private mutating func deletedSection(_ section: Section, on deleter: MergeSide, edits: SideEdits)
        -> MergeItem<MergedSection>?
    {
        let (changed, moved) = edits.changedSection(section.id)
        guard changed || moved else { return nil }
        conflicts.append(
            MergeConflict(.section(name, id: section.id, member: nil), .deleted(by: deleter, changed: changed, moved: moved)))
        let kept = MergedSection(section)
        return deleter == .ours ? .conflict(ours: nil, theirs: kept) : .conflict(ours: kept, theirs: nil)
    }

    /// Where a section both sides kept goes: OURS' place, unless THEIRS
    /// alone moved it; both places, in conflict, when both moved it apart.
    private mutating func place(_ id: ScreenID, _ merged: MergedSection, previousInOurs: ScreenID?)
        -> (ours: MergeItem<MergedSection>?, theirs: MergeItem<MergedSection>?)
    {
        let movedByOurs = ours.movedSections.contains(id), movedByTheirs = theirs.movedSections.contains(id)
        guard movedByTheirs else { return (.clean(merged), nil) }
        guard movedByOurs else { return (nil, .clean(merged)) }
        let t = theirs.index.sectionIndex[id]!
        let previousInTheirs = t > 0 ? theirs.index.box.sections[t - 1].id : nil
        if previousInOurs == previousInTheirs { return (.clean(merged), nil) }
        conflicts.append(MergeConflict(.section(name, id: id, member: nil), .movedApart))
        return (.conflict(ours: merged, theirs: nil), .conflict(ours: nil, theirs: merged))
    }

    /// The header and footer of a section all three have, merged field by field.
    private mutating func members(of id: ScreenID) -> [MergeItem<MergedMember>] {
        let (b, o, t) = (base.section(id)!, ours.index.section(id)!, theirs.index.section(id)!)
        if o.header == t.header && o.footer == t.footer { return MergedSection(o).members }
        func object(_ s: Section) -> JSONObject {
            JSONObject(MergedSection.members(of: s).map { (key: $0.key, value: $0.value) })
        }
        let merged = MemberMerge.merge(base: object(b), ours: object(o), theirs: object(t))
        for (key, paths) in merged.conflicts {
            conflicts.append(MergeConflict(.section(name, id: id, member: key), .changedOnBoth(paths: paths)))
        }
        return merged.members
    }

    /// An element both sides added with the same id: one, when equal; else
    /// a conflict of the two.
    private mutating func added<Value>(
        _ oursValue: Value, _ theirsValue: Value, equal: Bool, at element: MergeConflict.Element
    ) -> MergeItem<Value> {
        if equal { return .clean(oursValue) }
        conflicts.append(MergeConflict(element, .addedOnBoth))
        return .conflict(ours: oursValue, theirs: theirsValue)
    }

    // MARK: Rows

    /// The rows of a section all three have, in the merged order.
    private mutating func rows(of section: ScreenID) -> [MergeItem<Node>] {
        var oursOrder: [(key: ScreenID, item: MergeItem<Node>?)] = []
        for row in ours.index.section(section)!.rows {
            let origin = ours.origin(of: row.id, in: section, base: base)
            let theirsRow = theirs.index.row(RowKey(section: section, id: row.id))
            var item: MergeItem<Node>?
            if let theirsRow, origin != theirs.origin(of: row.id, in: section, base: base) {
                // Two different rows with one id in one section: one came
                // from elsewhere, or was added, on each side.
                for key in [origin, theirs.origin(of: row.id, in: section, base: base)].compactMap({ $0 }) {
                    placements[key] = Placement()
                }
                conflicts.append(MergeConflict(.row(name, section: section, id: row.id), .addedOnBoth))
                item = .conflict(ours: row, theirs: theirsRow.node)
            } else if let origin {
                item = placement(of: origin).ours
            } else if let theirsRow {
                item = added(
                    row, theirsRow.node, equal: row == theirsRow.node, at: .row(name, section: section, id: row.id))
            } else {
                item = .clean(row)
            }
            oursOrder.append((row.id, item))
        }
        var theirsOrder: [(key: ScreenID, item: MergeItem<Node>?)] = []
        for row in theirs.index.section(section)!.rows {
            let origin = theirs.origin(of: row.id, in: section, base: base)
            var item: MergeItem<Node>?
            if ours.index.contains(RowKey(section: section, id: row.id)) {
                // Placed with OURS' row of this id, or by its origin.
                if let origin, origin == ours.origin(of: row.id, in: section, base: base) {
                    item = placement(of: origin).theirs
                }
            } else if let origin {
                item = placement(of: origin).theirs
            } else {
                item = .clean(row)
            }
            theirsOrder.append((row.id, item))
        }
        return OrderMerge.merge(ours: oursOrder, theirs: theirsOrder)
    }

    /// Where BASE row `key` goes, worked out once.
    private mutating func placement(of key: RowKey) -> Placement {
        if let placement = placements[key] { return placement }
        let placement = makePlacement(of: key)
        placements[key] = placement
        return placement
    }

    private mutating func makePlacement(of key: RowKey) -> Placement {
        switch (ours.location(of: key), theirs.location(of: key)) {
        case (nil, nil):
            return Placement()
        case (nil, let section?):
            let (changed, moved) = (theirs.changed(key), theirs.moved(key))
            guard changed || moved, let row = theirs.index.row(RowKey(section: section, id: key.id)) else { return Placement() }
            conflicts.append(
                MergeConflict(.row(name, section: section, id: key.id), .deleted(by: .ours, changed: changed, moved: moved)))
            return Placement(theirs: .conflict(ours: nil, theirs: row.node))
        case (let section?, nil):
            let (changed, moved) = (ours.changed(key), ours.moved(key))
            guard changed || moved, let row = ours.index.row(RowKey(section: section, id: key.id)) else { return Placement() }
            conflicts.append(
                MergeConflict(.row(name, section: section, id: key.id), .deleted(by: .theirs, changed: changed, moved: moved)))
            return Placement(ours: .conflict(ours: row.node, theirs: nil))
        case (let oursSection?, let theirsSection?):
            guard let o = ours.index.row(RowKey(section: oursSection, id: key.id)),
                let t = theirs.index.row(RowKey(section: theirsSection, id: key.id))
            else { return Placement() }
            let merged = node(key, ours: o.node, theirs: t.node, in: oursSection)
            guard theirs.moved(key) else { return Placement(ours: merged) }
            guard ours.moved(key) else { return Placement(theirs: merged) }
            if oursSection == theirsSection && o.previous == t.previous { return Placement(ours: merged) }
            conflicts.append(MergeConflict(.row(name, section: key.section, id: key.id), .movedApart))
            return Placement(
                ours: .conflict(ours: merged.value(for: .ours), theirs: nil),
                theirs: .conflict(ours: nil, theirs: merged.value(for: .theirs)))
        }
    }

    /// The node of BASE row `key`, which both sides have: merged field by field.
    private mutating func node(_ key: RowKey, ours o: Node, theirs t: Node, in section: ScreenID) -> MergeItem<Node> {
        if !theirs.changed(key) || o == t { return .clean(o) }
        if !ours.changed(key) { return .clean(t) }
        guard let b = base.row(key)?.node else { return .clean(o) }
        let merged = JSONMerge.merge(
            base: b.component.jsonValue, ours: o.component.jsonValue, theirs: t.component.jsonValue)
        let resolvedOurs = Node(id: o.id, component: Component(jsonValue: merged.ours) ?? o.component)
        guard !merged.isClean else { return .clean(resolvedOurs) }
        let paths = merged.conflicts.map { "/component" + $0 }
        conflicts.append(MergeConflict(.row(name, section: section, id: key.id), .changedOnBoth(paths: paths)))
        return .conflict(
            ours: resolvedOurs, theirs: Node(id: t.id, component: Component(jsonValue: merged.theirs) ?? t.component))
    }
}
