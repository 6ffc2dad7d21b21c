import BentoJSON

extension ScreenEditor {
    // MARK: Boxes and sections

    /// Box `name` of the result: OURS' box object edited; THEIRS' when
    /// only THEIRS has the box; else written anew.
    func boxEdit(_ name: BoxName, _ sections: [MergeItem<MergedSection>]) -> JSONEdit {
        guard let side = [ours, theirs].compactMap({ $0 }).first(where: { $0.text.box(name) != nil }),
            let (layout, boxMembers) = side.text.box(name)
        else {
            let items = sections.map { sectionItem($0, name, container: nil) }
            return .container(isObject: true, [.child(JSONEdit.Child(name: .text("sections"), value: .container(isObject: false, items)))])
        }
        let members = boxMembers.enumerated().map { k, member -> JSONEdit.Item in
            let value: JSONEdit
            if member.name == "sections" {
                value = sectionsEdit(name, sections, side, member.value)
            } else {
                value = .keep(source: side.source, range: member.value)
            }
            return .child(JSONEdit.Child(origin: k, name: .spelled(source: side.source, range: member.nameRange), value: value))
        }
        return .object(source: side.source, layout, members: JSONEdit.Items(members))
    }

    private func sectionsEdit(_ name: BoxName, _ sections: [MergeItem<MergedSection>], _ side: Side, _ array: Range<Int>) -> JSONEdit {
        let written = side.text.sections(name)
        if sections.count == written.count
            && zip(sections, written).allSatisfy({ item, section in
                if case .clean(let merged) = item { return merged.isExactly(section) }
                return false
            })
        {
            return .keep(source: side.source, range: array)
        }
        let layout = side.text.sectionsLayout(name, array)
        if !sections.contains(where: \.isConflict) {
            // Each section is worked out on its own, as it is written: the
            // edit of a box is never held whole.
            return .array(
                source: side.source, layout,
                elements: JSONEdit.Items(count: sections.count) { [self] j in sectionItem(sections[j], name, container: side, at: j) })
        }
        // Sections are edited on all cores: each is worked out on its own.
        let items = Array(sections.indices).concurrentMap(inRunsOf: ScreenEditor.sectionsPerRun) { j in
            sectionItem(sections[j], name, container: side, at: j)
        }
        return .array(source: side.source, layout, elements: JSONEdit.Items(items))
    }

    /// The section `item`, the `j`-th of its box in the result when that is known.
    private func sectionItem(_ item: MergeItem<MergedSection>, _ name: BoxName, container: Side?, at j: Int? = nil)
        -> JSONEdit.Item
    {
        switch item {
        case .clean(let section):
            return .child(sectionChild(section, name, preferring: ours, container: container, at: j))
        case .conflict(let o, let t):
            return .conflict(
                ours: o.map { [sectionChild(MergedSection($0.resolved(.ours)), name, preferring: ours, container: container)] } ?? [],
                theirs: t.map { [sectionChild(MergedSection($0.resolved(.theirs)), name, preferring: theirs ?? ours, container: container)] }
                    ?? [],
                base: baseSection((o ?? t)!.id, name))
        }
    }

    /// BASE's section `id` of box `name`, as it stands, for BASE's block of
    /// a conflict: nil without the diff3 style, none where BASE has none.
    private func baseSection(_ id: ScreenID, _ name: BoxName) -> [JSONEdit.Child]? {
        guard let base else { return nil }
        guard let i = base.text.sectionIndex(name, id) else { return [] }
        return [JSONEdit.Child(value: .keep(source: base.source, range: base.text.section(name, i).range))]
    }

    /// BASE's row `id` (of section `section` of box `name`, or where BASE
    /// has it), for BASE's block of a conflict: nil without the diff3
    /// style, none where BASE has none.
    private func baseRow(_ id: ScreenID, in section: ScreenID, _ name: BoxName) -> [JSONEdit.Child]? {
        guard let base else { return nil }
        guard let found = base.text.find(row: id, in: section, name) else { return [] }
        return [JSONEdit.Child(value: .keep(source: base.source, range: base.text.row(name, found.section, found.row)))]
    }

    /// The members of BASE's section `id` of box `name`, if it has one.
    private func baseMembers(ofSection id: ScreenID, _ name: BoxName) -> [ScreenText.Member]? {
        guard let base, let i = base.text.sectionIndex(name, id) else { return nil }
        return base.text.section(name, i).members
    }

    /// Where `search` first finds an element, looking in `preferred`
    /// first, then in the other side: the side, what it found there, and
    /// the side after it, to look in for a donor. Each side is searched
    /// once at most.
    private func firstFound<Place>(preferring preferred: Side, _ search: (Side) -> Place?)
        -> (side: Side, place: Place, next: Side?)?
    {
        let other = preferred.source == ours.source ? theirs : ours
        if let place = search(preferred) { return (preferred, place, other) }
        if let other, let place = search(other) { return (other, place, nil) }
        return nil
    }

    private func sectionChild(
        _ section: MergedSection, _ name: BoxName, preferring preferred: Side, container: Side?, at j: Int? = nil
    ) -> JSONEdit.Child {
        func index(in side: Side) -> Int? { side.text.sectionIndex(name, section.id) }
        guard let (side, i, next) = firstFound(preferring: preferred, index) else {
            return JSONEdit.Child(value: newSection(section.resolved(.ours), name))
        }
        let origin = side.source == container?.source ? i : nil
        let donor = next.flatMap { other in index(in: other).map { (other, $0) } }
        return JSONEdit.Child(origin: origin, value: sectionEdit(section, name, side, i, donor: donor, at: side.source == 0 ? j : nil))
    }

    /// A section no text has (one a changeset inserts), written anew but
    /// for its rows that OURS has elsewhere, equal: a row moved into a new
    /// section keeps its bytes (written as a delete and an insert, it is a
    /// move for the writing).
    private func newSection(_ section: Section, _ name: BoxName) -> JSONEdit {
        guard case .object(let fields) = section.fieldsValue else { return .new(section.jsonValue) }
        var members = fields.members.map { JSONEdit.Item.child(JSONEdit.Child(name: .text($0.key), value: .new($0.value))) }
        let rows = section.rows.map { node in
            .child(rowChild(node, name, section: section.id, preferring: ours, container: nil)) as JSONEdit.Item
        }
        members.append(.child(JSONEdit.Child(name: .text("rows"), value: .container(isObject: false, rows))))
        return .container(isObject: true, members)
    }

    private func sectionEdit(_ merged: MergedSection, _ name: BoxName, _ side: Side, _ i: Int, donor: (side: Side, section: Int)?, at j: Int?)
        -> JSONEdit
    {
        let text = side.text
        let part = text.section(name, i)
        let written = text.sections(name)[i]
        if !rowsChanged(name, i, at: j, written: written.rows.count), merged.isExactly(written) {
            return .keep(source: side.source, range: part.range)
        }
        let donorMembers = donor.map { $0.side.text.section(name, $0.section).members }
        var kept: [(name: String, item: JSONEdit.Item)] = []
        var hasRows = false
        for (k, member) in part.members.enumerated() {
            let key = member.name
            let spelled = JSONEdit.Name.spelled(source: side.source, range: member.nameRange)
            if key == "rows" {
                hasRows = true
                let rows = rowsEdit(merged, name, side, i, at: j)
                kept.append((key, .child(JSONEdit.Child(origin: k, name: spelled, value: rows))))
            } else if key == "header" || key == "footer" {
                if let item = merged.members.first(where: { $0.key == key }) {
                    kept.append((key, memberItem(item, side, (k, member), donor: donor.map { ($0.side, donorMembers!) }, of: merged.id, name)))
                } else if text.isNull(member.value) {
                    kept.append((key, .child(JSONEdit.Child(origin: k, name: spelled, value: .keep(source: side.source, range: member.value)))))
                }
            } else {
                // The id (equal: sections match by it) and `$` members, as written.
                kept.append((key, .child(JSONEdit.Child(origin: k, name: spelled, value: .keep(source: side.source, range: member.value)))))
            }
        }
        var added: [(name: String, item: JSONEdit.Item)] = []
        for item in merged.members where !kept.contains(where: { $0.name == item.key }) {
            added.append((item.key, memberItem(item, side, nil, donor: donor.map { ($0.side, donorMembers!) }, of: merged.id, name)))
        }
        if !hasRows && merged.rowCount > 0 {
            let rows = merged.rows.map { rowItem($0, name, section: merged.id, container: nil) }
            added.append(("rows", .child(JSONEdit.Child(name: .text("rows"), value: .container(isObject: false, rows)))))
        }
        let order = donorMembers.map { $0.map(\.name) }
        return .object(
            source: side.source, ScreenText.layout(part.range, part.members),
            members: JSONEdit.Items(JSONEditor.placing(added, among: kept, order: order)))
    }

    /// Whether the changeset's rows of section `j` of the result are known
    /// not to be the `written` rows of section `i`: one inserted, changed,
    /// or from elsewhere. Told by the origins, so that a section with a
    /// changed row is not compared row by row first (a row of 100k members,
    /// changed, was sorted twice to be found unequal).
    private func rowsChanged(_ name: BoxName, _ i: Int, at j: Int?, written: Int) -> Bool {
        guard let origins = rowOrigins(name, at: j) else { return false }
        return !origins.keepAll(of: i, count: written)
    }

    /// Where the rows of section `j` of the result come from, when the
    /// changeset says (`apply`); nil in a merge.
    private func rowOrigins(_ name: BoxName, at j: Int?) -> [RowOrigin]? {
        guard let j, theirs == nil else { return nil }
        return origins.rows(name, j)
    }

    /// A header or footer of a section written in `side`'s text.
    private func memberItem(
        _ item: MergeItem<MergedMember>, _ side: Side, _ own: (k: Int, member: ScreenText.Member)?,
        donor: (Side, [ScreenText.Member])?, of section: ScreenID, _ name: BoxName
    ) -> JSONEdit.Item {
        let baseMembers = base == nil ? nil : self.baseMembers(ofSection: section, name)
        if side.source == 0 { return memberItem(item, in: own, theirsIn: donor?.1, baseIn: baseMembers) }
        // A section only THEIRS has: its members are THEIRS' own.
        func child(_ member: MergedMember) -> JSONEdit.Child {
            guard let (k, place) = own else { return JSONEdit.Child(name: .text(member.key), value: .new(member.value)) }
            return JSONEdit.Child(
                origin: k, name: .spelled(source: side.source, range: place.nameRange),
                value: JSONEditor.edit(side.text.place(place.value, source: side.source), to: member.value))
        }
        switch item {
        case .clean(let member): return .child(child(member))
        case .conflict(let o, let t):
            return .conflict(
                ours: o.map { [child($0)] } ?? [], theirs: t.map { [child($0)] } ?? [], base: baseMember(item.key, in: baseMembers))
        }
    }

    // MARK: Rows

    private func rowsEdit(_ merged: MergedSection, _ name: BoxName, _ side: Side, _ i: Int, at j: Int?) -> JSONEdit {
        let layout = side.text.rowsLayout(name, i)!
        if let origins = rowOrigins(name, at: j), let nodes = merged.cleanRows, origins.count == nodes.count {
            return rowsEdit(nodes, origins, name, side, i, layout, section: merged.id)
        }
        let (rows, section) = (merged.rows, merged.id)
        let written = side.text.sections(name)[i].rows
        if rows.count == written.count
            && zip(rows, written).allSatisfy({ item, node in
                if case .clean(let merged) = item { return merged == node }
                return false
            })
        {
            return .keep(source: side.source, range: layout.whole)
        }
        let entries = layout.children
        var items: [JSONEdit.Item] = []
        items.reserveCapacity(rows.count)
        // Most rows stay where they were, unchanged: met in order, they are
        // kept without looking them up; the others are found by id, and the
        // walk goes on after where they were.
        var cursor = 0
        for item in rows {
            if case .clean(let node) = item, side.source == ours.source, cursor < written.count, written[cursor] == node {
                items.append(.child(JSONEdit.Child(origin: cursor, value: .keep(source: side.source, range: entries[cursor].value))))
                cursor += 1
                continue
            }
            let made = rowItem(item, name, section: section, container: (side, i), near: cursor)
            if case .child(let child) = made, let origin = child.origin { cursor = origin + 1 }
            items.append(made)
        }
        return .array(source: side.source, layout, elements: JSONEdit.Items(items))
    }

    /// The rows of the result's section kept from section `i` of OLD,
    /// each from where the changeset says it comes (`apply`): kept,
    /// moved whole, or its component edited. An inserted one is looked
    /// for by id, as in a merge: a row deleted and inserted again keeps
    /// its bytes where it is equal.
    private func rowsEdit(
        _ rows: [Node], _ origins: [RowOrigin], _ name: BoxName, _ side: Side, _ i: Int, _ layout: JSONEdit.Layout,
        section: ScreenID
    ) -> JSONEdit {
        if origins.keepAll(of: i, count: layout.children.count) { return .keep(source: side.source, range: layout.whole) }
        // Made as they are written, on all cores: a long section whose rows
        // all changed is edited a run at a time, not row by row first.
        let elements = JSONEdit.Items(count: origins.count) { [self] c -> JSONEdit.Item in
            switch origins[c] {
            case .inserted:
                return .child(rowChild(rows[c], name, section: section, preferring: ours, container: (side, i)))
            case .old(let s, let r, let fields):
                let range = s == i ? layout.children[r].value : side.text.row(name, s, r)
                let origin = s == i ? r : nil
                guard !fields.isEmpty else { return .child(JSONEdit.Child(origin: origin, value: .keep(source: side.source, range: range))) }
                return .child(
                    splicedRow(fields, side, range, origin: origin) ?? editedRow(rows[c], side, range, origin: origin, donor: nil))
            }
        }
        return .array(source: side.source, layout, elements: elements)
    }

    private func rowItem(
        _ item: MergeItem<Node>, _ name: BoxName, section: ScreenID, container: (side: Side, section: Int)?, near: Int = 0
    ) -> JSONEdit.Item {
        switch item {
        case .clean(let node):
            return .child(rowChild(node, name, section: section, preferring: ours, container: container, near: near))
        case .conflict(let o, let t):
            return .conflict(
                ours: o.map { [rowChild($0, name, section: section, preferring: ours, container: container, near: near)] } ?? [],
                theirs: t.map { [rowChild($0, name, section: section, preferring: theirs ?? ours, container: container)] } ?? [],
                base: baseRow((o ?? t)!.id, in: section, name))
        }
    }

    private func rowChild(
        _ node: Node, _ name: BoxName, section: ScreenID, preferring preferred: Side, container: (side: Side, section: Int)?, near: Int = 0
    ) -> JSONEdit.Child {
        func place(in side: Side) -> (section: Int, row: Int)? {
            side.text.find(row: node.id, in: section, name, near: side.source == container?.side.source ? near : 0)
        }
        guard let (side, found, next) = firstFound(preferring: preferred, place) else {
            return JSONEdit.Child(value: .newCompact(node.compactText))
        }
        let origin = container.flatMap { c in c.side.source == side.source && c.section == found.section ? found.row : nil }
        let range = side.text.row(name, found.section, found.row)
        if side.text.sections(name)[found.section].rows[found.row] == node {
            return JSONEdit.Child(origin: origin, value: .keep(source: side.source, range: range))
        }
        // The same row on the other side: whole when it is the result,
        // else its component lends the values that changed.
        var donor: JSONEditor.Place? = nil
        if let other = next, let at = place(in: other) {
            let otherRange = other.text.row(name, at.section, at.row)
            if other.text.sections(name)[at.section].rows[at.row] == node {
                return JSONEdit.Child(origin: origin, value: .keep(source: other.source, range: otherRange))
            }
            let row = other.text.place(otherRange, source: other.source)
            donor = row.tape.member("component", in: 0).map { JSONEditor.Place(source: other.source, tape: row.tape, value: $0 + 1) }
        }
        return editedRow(node, side, range, origin: origin, donor: donor)
    }

    /// The row written at `range` of `side`'s text with the values that
    /// `fields` set replaced where they are written (`PointedValue`): no
    /// tape of the row is made, nor compared with the new one. Nil where a
    /// field change is more than that (a member added or removed, a
    /// container set to another, a `$` member, paths inside one another)
    /// or there are many:
    /// the row is edited by comparison then (`editedRow`), which writes
    /// the same for the others.
    private func splicedRow(_ fields: [FieldChange], _ side: Side, _ range: Range<Int>, origin: Int?) -> JSONEdit.Child? {
        // Each field walks the row: many (a wide object's) are found by
        // the comparison's one walk.
        guard fields.count <= Self.fieldsSpliced else { return nil }
        let bytes = rowBytes(side, range, origin: origin)
        var replaced: [JSONEdit.Replacement] = []
        for field in fields {
            guard let old = field.old, let new = field.new, !(old.isContainer && new.isContainer),
                let tokens = JSONPointer(field.path)?.tokens, !tokens.contains(where: { $0.hasPrefix("$") }),
                let at = bytes.withSpan(range, { PointedValue.range(of: tokens, in: $0, valueAt: 0) })
            else { return nil }
            // Equal values keep their bytes (`1.0` stays for `1`).
            guard old != new else { continue }
            var compact: [UInt8] = []
            // Room for a long string at once: grown, it is copied again.
            if case .string(let text) = new { compact.reserveCapacity(text.utf8.count + 2) }
            JSONWriter(style: .compact).write(new, to: &compact)
            replaced.append(JSONEdit.Replacement(range: (at.lowerBound + range.lowerBound)..<(at.upperBound + range.lowerBound), compact: compact))
        }
        replaced.sort { $0.range.lowerBound < $1.range.lowerBound }
        guard zip(replaced, replaced.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }
        return JSONEdit.Child(origin: origin, value: .spliced(source: side.source, range: range, replaced: replaced))
    }

    /// Row `node`, written at `range` of `side`'s text, its component
    /// edited (with the values `donor` lends).
    private func editedRow(_ node: Node, _ side: Side, _ range: Range<Int>, origin: Int?, donor: JSONEditor.Place?)
        -> JSONEdit.Child
    {
        let bytes = rowBytes(side, range, origin: origin)
        return JSONEdit.Child(origin: origin, value: editedRow(node, side.source, JSONReader.parse(bytes, valueAt: range), donor: donor))
    }

    /// The text to read the row at `range` of `side`'s text in: a row from
    /// elsewhere (no `origin` in the section edited) in a mapped text is
    /// read from the file, not through the mapping, far from the rest of
    /// what is written (the writer reads it so too).
    private func rowBytes(_ side: Side, _ range: Range<Int>, origin: Int?) -> SourceBytes {
        origin == nil && side.text.bytes.mapping != nil ? SourceBytes(window: range, of: side.text.bytes) : side.text.bytes
    }

    /// Row `node`, parsed in `tape` of source `source`, its component
    /// edited (with the values `donor` lends).
    private func editedRow(_ node: Node, _ source: Int, _ tape: JSONTape, donor: JSONEditor.Place?) -> JSONEdit {
        let members = tape.members(of: 0).enumerated().map { k, member -> JSONEdit.Item in
            let spelled = JSONEdit.Name.spelled(source: source, range: tape.range(of: member.name))
            guard tape.string(at: member.name, equals: "component") else {
                return .child(JSONEdit.Child(origin: k, name: spelled, value: .keep(source: source, range: tape.range(of: member.value))))
            }
            // Toward the component's compact text: its value is not built.
            var text = CompactWriter<[UInt8]>([])
            node.component.writeCompact(to: &text)
            let component = JSONEditor.edit(
                JSONEditor.Place(source: source, tape: tape, value: member.value),
                to: JSONEditor.Target(tape: JSONTape(compact: text.bytes), value: 0), donor: donor)
            return .child(JSONEdit.Child(origin: k, name: spelled, value: component))
        }
        return .object(source: source, tape.layout(of: 0), members: JSONEdit.Items(members))
    }
}

/// How much a thread takes at a time.
extension ScreenEditor {
    /// Sections of a box edited per run.
    static let sectionsPerRun = 16
    /// The most field changes of a row that are each found on its text.
    static let fieldsSpliced = 8
}
