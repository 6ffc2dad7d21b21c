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

        init(ours: MergeItem<Node>? = nil, theirs: MergeItem<Node>? = nil) {
            self.ours = ours
            self.theirs = theirs
        }

        /// `item` at `side`'s place only.
        init(_ side: MergeSide, _ item: MergeItem<Node>) {
            self = side == .ours ? Placement(ours: item) : Placement(theirs: item)
        }
    }

    let name: BoxName
    private let base: Box
    private let ours: SideEdits
    private let theirs: SideEdits
    /// Every conflict, in the order found.
    private(set) var conflicts: [MergeConflict] = []
    /// The placements kept (of the few rows asked for twice), and where
    /// each BASE row's is among them, by position, if it is: a placement
    /// is two rows' worth of bytes, and one slot of them for every row of a
    /// large box would be tens of megabytes to clear and page in.
    private var kept: [Placement] = []
    private var keptAt: [[Int32?]]

    /// The merge of box `name`: `base`'s, and what each side did to it.
    init(_ name: BoxName, base: Box, ours: SideEdits, theirs: SideEdits) {
        self.name = name
        self.base = base
        self.ours = ours
        self.theirs = theirs
        keptAt = base.sections.map { [Int32?](repeating: nil, count: $0.rows.count) }
    }

    // MARK: Sections

    /// The merged sections, in the merged order.
    /// - Complexity: O(n) in the number of sections and rows, plus the
    ///   field merges of elements both sides changed.
    mutating func sections() -> [MergeItem<MergedSection>] {
        // Sections both sides added, by id (few): OURS' index of each.
        var addedByOurs: [ScreenID: Int] = [:], addedByTheirs: [ScreenID: Int] = [:]
        for (o, section) in ours.box.sections.enumerated() where ours.baseOfSection[o] == nil { addedByOurs[section.id] = o }
        for (t, section) in theirs.box.sections.enumerated() where theirs.baseOfSection[t] == nil {
            addedByTheirs[section.id] = t
        }

        var atTheirsPlace: [Int: MergeItem<MergedSection>] = [:]
        var oursItems: [MergeItem<MergedSection>?] = []
        for (o, section) in ours.box.sections.enumerated() {
            guard let b = ours.baseOfSection[o] else {
                if let t = addedByTheirs[section.id] {
                    let theirsSection = theirs.box.sections[t]
                    oursItems.append(
                        added(
                            MergedSection(section), MergedSection(theirsSection), equal: section == theirsSection,
                            at: .section(name, id: section.id, member: nil)))
                } else {
                    oursItems.append(.clean(MergedSection(section)))
                }
                continue
            }
            if let t = theirs.sectionOfBase[b] {
                let merged = MergedSection(id: section.id, members: members(b, o, t), rows: rows(b, o, t))
                let placed = place(b, merged, o, t)
                oursItems.append(placed.ours)
                atTheirsPlace[b] = placed.theirs
            } else {
                oursItems.append(deletedSection(section, b, on: .theirs, edits: ours))
            }
        }
        var theirsItems: [OrderMerge.Theirs<MergeItem<MergedSection>>] = []
        for (t, section) in theirs.box.sections.enumerated() {
            guard let b = theirs.baseOfSection[t] else {
                if let o = addedByOurs[section.id] {
                    theirsItems.append(.atOurs(o))
                } else {
                    theirsItems.append(.place(.clean(MergedSection(section))))
                }
                continue
            }
            if let o = ours.sectionOfBase[b] {
                theirsItems.append(atTheirsPlace[b].map { .place($0) } ?? .atOurs(o))
            } else {
                theirsItems.append(deletedSection(section, b, on: .ours, edits: theirs).map { .place($0) } ?? .absent)
            }
        }
        return OrderMerge.merge(ours: oursItems, theirs: theirsItems)
    }

    /// BASE section `b`, which one side deleted and the other (`edits`)
    /// kept as `section`: gone, unless the other side changed or moved it.
    private mutating func deletedSection(_ section: Section, _ b: Int, on deleter: MergeSide, edits: SideEdits)
        -> MergeItem<MergedSection>?
    {
        let (changed, moved) = edits.changedSection(b)
        guard changed || moved else { return nil }
        conflicts.append(
            MergeConflict(.section(name, id: section.id, member: nil), .deleted(by: deleter, changed: changed, moved: moved)))
        return .only(deleter.other, MergedSection(section))
    }

    /// Where BASE section `b`, which both sides kept (OURS at `o`, THEIRS at
    /// `t`), goes: OURS' place, unless THEIRS alone moved it; both places,
    /// in conflict, when both moved it apart.
    private mutating func place(_ b: Int, _ merged: MergedSection, _ o: Int, _ t: Int)
        -> (ours: MergeItem<MergedSection>?, theirs: MergeItem<MergedSection>?)
    {
        guard theirs.movedSections[b] else { return (.clean(merged), nil) }
        guard ours.movedSections[b] else { return (nil, .clean(merged)) }
        // Moved on both by the diff's move sets; only moves for sure conflict.
        switch (ours.sectionsMovedForSure[b], theirs.sectionsMovedForSure[b]) {
        case (false, true): return (nil, .clean(merged))
        case (_, false): return (.clean(merged), nil)
        case (true, true): break
        }
        let previousInOurs = o > 0 ? ours.box.sections[o - 1].id : nil
        let previousInTheirs = t > 0 ? theirs.box.sections[t - 1].id : nil
        if previousInOurs == previousInTheirs { return (.clean(merged), nil) }
        conflicts.append(MergeConflict(.section(name, id: merged.id, member: nil), .movedApart))
        return (.only(.ours, merged), .only(.theirs, merged))
    }

    /// The header and footer of BASE section `b`, merged field by field.
    private mutating func members(_ b: Int, _ o: Int, _ t: Int) -> [MergeItem<MergedMember>] {
        let (bs, os, ts) = (base.sections[b], ours.box.sections[o], theirs.box.sections[t])
        if os.header == ts.header && os.footer == ts.footer { return MergedSection(os).members }
        func object(_ s: Section) -> JSONObject {
            JSONObject(MergedSection.members(of: s).map { (key: $0.key, value: $0.value) })
        }
        let merged = MemberMerge.merge(base: object(bs), ours: object(os), theirs: object(ts))
        for (key, paths) in merged.conflicts {
            conflicts.append(MergeConflict(.section(name, id: os.id, member: key), .changedOnBoth(paths: paths)))
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

    /// The rows of BASE section `b`, which both sides kept (OURS at `o`,
    /// THEIRS at `t`), in the merged order.
    private mutating func rows(_ b: Int, _ o: Int, _ t: Int) -> [MergeItem<Node>] {
        let oursRows = ours.box.sections[o].rows, theirsRows = theirs.box.sections[t].rows
        let oursOrigins = ours.origins[o], theirsOrigins = theirs.origins[t]

        // Two different rows with one id in one section: each added, or
        // moved in from another section, on its side. Only those can meet.
        func isNew(_ origin: SideEdits.Origin) -> Bool { origin.place.map { Int($0.section) != b } ?? true }
        // By row: the twin's index on the other side, if any (arrays: every row asks).
        var twinOfOurs = [Int?](repeating: nil, count: oursRows.count)
        var twinOfTheirs = [Int?](repeating: nil, count: theirsRows.count)
        let theirsNew = theirsOrigins.indices.filter { isNew(theirsOrigins[$0]) }
        if !theirsNew.isEmpty {
            var oursNew: [ScreenID: Int] = [:]
            for c in oursOrigins.indices where isNew(oursOrigins[c]) { oursNew[oursRows[c].id] = c }
            for c in theirsNew {
                // The same BASE row, moved in on both sides, is one row.
                guard let twin = oursNew[theirsRows[c].id],
                    oursOrigins[twin].isAdded || oursOrigins[twin] != theirsOrigins[c]
                else { continue }
                twinOfOurs[twin] = c
                twinOfTheirs[c] = twin
            }
        }

        var oursItems: [MergeItem<Node>?] = []
        oursItems.reserveCapacity(oursRows.count)
        for (c, origin) in oursOrigins.enumerated() {
            if let twin = twinOfOurs[c] {
                oursItems.append(meeting(oursRows[c], origin, theirsRows[twin], theirsOrigins[twin], in: oursRows[c].id, b))
            } else if let from = origin.place {
                oursItems.append(placement(Int(from.section), Int(from.row)).ours)
            } else {
                oursItems.append(.clean(oursRows[c]))
            }
        }
        var theirsItems: [OrderMerge.Theirs<MergeItem<Node>>] = []
        theirsItems.reserveCapacity(theirsRows.count)
        for (c, origin) in theirsOrigins.enumerated() {
            if let twin = twinOfTheirs[c] {
                theirsItems.append(.atOurs(twin))
            } else if let from = origin.place {
                let (i, r) = (Int(from.section), Int(from.row))
                let fate = ours.fate(i, r), theirsFate = theirs.fate(i, r)
                // Only a move, or a change to what OURS deleted, puts a row at THEIRS' place.
                let atTheirs = theirsFate.moved || (fate.isDeleted && theirsFate.changed)
                if atTheirs, let item = placement(i, r).theirs {
                    theirsItems.append(.place(item))
                } else {
                    theirsItems.append(fate.place.flatMap { Int($0.section) == o ? .atOurs(Int($0.row)) : nil } ?? .absent)
                }
            } else {
                theirsItems.append(.place(.clean(theirsRows[c])))
            }
        }
        return OrderMerge.merge(ours: oursItems, theirs: theirsItems)
    }

    /// Two rows with one id in one section, from different origins: one
    /// row when both sides added it alike; else a conflict, and a BASE row
    /// among them goes nowhere else.
    private mutating func meeting(
        _ oursRow: Node, _ oursOrigin: SideEdits.Origin, _ theirsRow: Node, _ theirsOrigin: SideEdits.Origin,
        in id: ScreenID, _ b: Int
    ) -> MergeItem<Node> {
        let element = MergeConflict.Element.row(name, section: base.sections[b].id, id: id)
        if oursOrigin.isAdded && theirsOrigin.isAdded {
            return added(oursRow, theirsRow, equal: oursRow == theirsRow, at: element)
        }
        for case let from? in [oursOrigin.place, theirsOrigin.place] {
            keep(Placement(), Int(from.section), Int(from.row))
        }
        conflicts.append(MergeConflict(element, .addedOnBoth))
        return .conflict(ours: oursRow, theirs: theirsRow)
    }

    /// Where BASE row `r` of section `b` goes, worked out once: kept for
    /// the rows both of a section's passes ask for (THEIRS moved them), or
    /// that a meeting of two rows took.
    private mutating func placement(_ b: Int, _ r: Int) -> Placement {
        if let k = keptAt[b][r] { return kept[Int(k)] }
        let placement = makePlacement(b, r)
        if theirs.fate(b, r).moved { keep(placement, b, r) }
        return placement
    }

    private mutating func keep(_ placement: Placement, _ b: Int, _ r: Int) {
        keptAt[b][r] = Int32(kept.count)
        kept.append(placement)
    }

    private mutating func makePlacement(_ b: Int, _ r: Int) -> Placement {
        let (o, t) = (ours.fate(b, r), theirs.fate(b, r))
        // The row's id names a conflict, and is read only then, not copied
        // for every row.
        var id: ScreenID { base.sections[b].rows[r].id }
        switch (o.place, t.place) {
        case (nil, nil):
            return Placement()
        case (nil, let kept?), (let kept?, nil):
            // Deleted on one side: gone, unless the side that kept it changed or moved it.
            let (keeper, fate, edits) = o.isDeleted ? (MergeSide.theirs, t, theirs) : (MergeSide.ours, o, ours)
            guard fate.changed || fate.movedForSure else { return Placement() }
            let section = edits.box.sections[Int(kept.section)].id
            conflicts.append(
                MergeConflict(
                    .row(name, section: section, id: id), .deleted(by: keeper.other, changed: fate.changed, moved: fate.movedForSure)))
            return Placement(keeper, .only(keeper, edits.node(at: kept)))
        case (let oursPlace?, let theirsPlace?):
            let merged = node(b, r, oursPlace, o.changed, theirsPlace, t.changed)
            guard t.moved else { return Placement(ours: merged) }
            guard o.moved else { return Placement(theirs: merged) }
            // Moved on both by the diff's move sets; only moves for sure conflict.
            guard o.movedForSure || t.movedForSure else { return Placement(ours: merged) }
            guard o.movedForSure else { return Placement(theirs: merged) }
            guard t.movedForSure else { return Placement(ours: merged) }
            let oursSection = ours.box.sections[Int(oursPlace.section)].id
            let theirsSection = theirs.box.sections[Int(theirsPlace.section)].id
            if oursSection == theirsSection && ours.previousID(at: oursPlace) == theirs.previousID(at: theirsPlace) {
                return Placement(ours: merged)
            }
            conflicts.append(MergeConflict(.row(name, section: base.sections[b].id, id: id), .movedApart))
            return Placement(ours: .only(.ours, merged.value(for: .ours)), theirs: .only(.theirs, merged.value(for: .theirs)))
        }
    }

    /// The node of BASE row `r` of section `b`, which both sides have (at
    /// `oursPlace` and `theirsPlace`): merged field by field. The nodes,
    /// and the section's id, are copied out only where they are needed
    /// (most rows are one side's, unchanged).
    private mutating func node(
        _ b: Int, _ r: Int, _ oursPlace: SideEdits.RowPlace, _ oursChanged: Bool, _ theirsPlace: SideEdits.RowPlace,
        _ theirsChanged: Bool
    ) -> MergeItem<Node> {
        if !theirsChanged { return .clean(ours.node(at: oursPlace)) }
        let o = ours.node(at: oursPlace), t = theirs.node(at: theirsPlace)
        if !oursChanged || o == t { return .clean(t) }
        let section = ours.box.sections[Int(oursPlace.section)].id
        let baseNode = base.sections[b].rows[r]
        let merged = JSONMerge.merge(
            base: baseNode.component.jsonValue, ours: o.component.jsonValue, theirs: t.component.jsonValue)
        let resolvedOurs = Node(id: o.id, component: Component(jsonValue: merged.ours) ?? o.component)
        guard !merged.isClean else { return .clean(resolvedOurs) }
        let paths = merged.conflicts.map { "/component" + $0 }
        conflicts.append(MergeConflict(.row(name, section: section, id: o.id), .changedOnBoth(paths: paths)))
        return .conflict(
            ours: resolvedOurs, theirs: Node(id: t.id, component: Component(jsonValue: merged.theirs) ?? t.component))
    }
}
