import BentoJSON

extension ChangesetApplication {
    // MARK: The new screen

    /// The new screen, and where its rows come from; `checks` is what
    /// `check` returned.
    func build(_ checks: [RecordCheck]) throws(ChangesetMismatch) -> (Screen, RowOrigins) {
        var screen = old
        var origins = RowOrigins()
        for k in changes.indices where changes[k].kind == .screen {
            guard case .object(let attributes) = try applying(changes[k].fields, k, to: .object(screen.attributes)) else {
                throw mismatch(k, "fields", "the screen's attributes must stay an object")
            }
            for name in ["box", "pinnedToBottomBox"] where attributes[name] != nil {
                throw mismatch(k, "fields", "\(JSONWriter.quoted(name)) is not a screen attribute")
            }
            if let title = attributes["title"], case .string = title {} else if attributes["title"] != nil {
                throw mismatch(k, "fields", "the screen's \"title\" must stay a string")
            }
            screen.attributes = attributes
        }
        for name in BoxName.allCases {
            // By index: a record holds many references, and is not copied.
            let records = changes.indices.filter { changes[$0].kind != .screen && changes[$0].box == name }
            guard !records.isEmpty else { continue }
            let (box, rows) = try build(name, records, checks)
            // A pinned box the old screen lacks, left empty, stays absent.
            if name == .pinnedToBottomBox && old.pinnedToBottomBox == nil && box.sections.isEmpty { continue }
            screen[box: name] = box
            origins.boxes[name] = rows
        }
        return (screen, origins)
    }

    private enum SectionSlot {
        case old(Int)
        case inserted(Section)
    }

    private func build(_ name: BoxName, _ records: [Int], _ checks: [RecordCheck])
        throws(ChangesetMismatch) -> (Box, [[RowOrigin]?])
    {
        let oldBox = old[box: name]
        var sectionRecords: [(index: Int, record: SectionChange)] = []
        for k in records {
            if case .section(let record) = changes[k] { sectionRecords.append((k, record)) }
        }

        // Sections: inserts and moves at their new places, the rest in order.
        var deleted = Set<Int>(), leaving = Set<Int>(), inserted = 0
        for (_, record) in sectionRecords {
            switch record.edit {
            case .delete(let from, _): deleted.insert(from); leaving.insert(from)
            case .move(let from, _, _): leaving.insert(from)
            case .insert: inserted += 1
            case .update: break
            }
        }
        let count = oldBox.sections.count - deleted.count + inserted
        var slots = [SectionSlot?](repeating: nil, count: count)
        for (k, record) in sectionRecords {
            let slot: SectionSlot, to: Int
            switch record.edit {
            case .insert(let at, let section): (slot, to) = (.inserted(section), at)
            case .move(let from, let at, _): (slot, to) = (.old(from), at)
            case .delete, .update: continue
            }
            guard to >= 0, to < count, slots[to] == nil else {
                throw mismatch(k, "to", "\(place(name, Position(section: to))) is out of range or taken in the new screen")
            }
            slots[to] = slot
        }
        var rest = oldBox.sections.indices.filter { !leaving.contains($0) }[...]
        for j in slots.indices where slots[j] == nil {
            guard let i = rest.popFirst() else { throw mismatch(nil, nil, "the section positions of \(name.rawValue) do not add up") }
            slots[j] = .old(i)
        }
        guard rest.isEmpty else { throw mismatch(nil, nil, "the section positions of \(name.rawValue) do not add up") }
        var landed: [Int: Int] = [:]
        var sections: [Section] = []
        for (j, slot) in slots.enumerated() {
            switch slot! {
            case .old(let i):
                landed[i] = j
                sections.append(oldBox.sections[i])
            case .inserted(let section):
                sections.append(section)
            }
        }
        try checkInsertedSections(name, sections, sectionRecords)
        for (k, record) in sectionRecords {
            let from: Int, to: Int, fields: [FieldChange]
            switch record.edit {
            case .move(let f, let t, let changes), .update(let f, let t, let changes): (from, to, fields) = (f, t, changes)
            case .insert, .delete: continue
            }
            guard landed[from] == to else {
                throw mismatch(k, "to", "section \(record.id) lands at \(place(name, Position(section: landed[from] ?? -1))), not \(place(name, Position(section: to)))")
            }
            let value = try applying(fields, k, to: sections[to].fieldsValue)
            guard let header = parsedComponent(value["header"]), let footer = parsedComponent(value["footer"]) else {
                throw mismatch(k, "fields", "a header or footer must stay a component (an object with a string \"type\")")
            }
            sections[to].header = header
            sections[to].footer = footer
        }

        // Rows of the sections that stay.
        // Per section, the indices of the records that arrive, leave, update.
        var arriving: [Int: [Int]] = [:]
        var leavingRows: [Int: [Int]] = [:]
        var updates: [Int: [Int]] = [:]
        for k in records {
            guard case .row(let record) = changes[k] else { continue }
            if let from = record.edit.from {
                guard !deleted.contains(from.section) else {
                    throw mismatch(k, "from", "the rows of a deleted section go with it; they have no records of their own")
                }
                switch record.edit.op {
                case .delete, .move: leavingRows[from.section, default: []].append(from.row)
                case .update: updates[from.section, default: []].append(k)
                case .insert: break
                }
            }
            if let to = record.edit.to?.position {
                guard to.section >= 0, to.section < count, case .old = slots[to.section]! else {
                    throw mismatch(
                        k, "to", "\(place(name, to)) is not a row of a section that the new screen keeps from the old one")
                }
                // `section` names the row's section in the new screen.
                guard sections[to.section].id == record.section else {
                    throw mismatch(
                        k, "section",
                        "the new screen has section \(sections[to.section].id) at \(place(name, Position(section: to.section))), not \(record.section)")
                }
                if record.edit.op != .update { arriving[to.section, default: []].append(k) }
            }
        }
        // Each kept section's rows, on all cores; the first section (in
        // order) whose rows do not add up is the one reported.
        let kept = slots.indices.compactMap { j -> (Int, Int)? in
            guard case .old(let i)? = slots[j] else { return nil }
            return (j, i)
        }
        let (leavingFrom, arrivals, updated) = (leavingRows, arriving, updates)
        let keptSection = { @Sendable (j: Int, i: Int) in
            Result { () throws(ChangesetMismatch) in
                try keptRows(
                    name, oldBox.sections[i].rows, i, j, leaving: leavingFrom[i] ?? [], arriving: arrivals[j] ?? [],
                    updates: updated[i] ?? [], checks)
            }
        }
        // A small box is built on this thread: starting others would take longer.
        let small = oldBox.sections.reduce(0) { $0 + $1.rows.count } <= Self.rowsBuiltAlone
        let rows = small ? kept.map(keptSection) : kept.concurrentMap(keptSection)
        var origins = [[RowOrigin]?](repeating: nil, count: sections.count)
        for ((j, _), result) in zip(kept, rows) { (sections[j].rows, origins[j]) = try result.get() }
        return (Box(sections: sections), origins)
    }

    /// Rows of a box, at most, whose kept sections are built on one thread.
    static let rowsBuiltAlone = 4096

    /// An inserted section's id is not one its box still has (after the
    /// changeset's own deletes and moves), and its rows' ids are distinct:
    /// a changeset applied to the screen it made is refused.
    /// - Complexity: O(s + r) in the box's sections and the inserted rows.
    private func checkInsertedSections(
        _ name: BoxName, _ sections: [Section], _ records: [(index: Int, record: SectionChange)]
    ) throws(ChangesetMismatch) {
        let inserts = records.compactMap { k, record -> (Int, Section)? in
            guard case .insert(_, let section) = record.edit else { return nil }
            return (k, section)
        }
        guard !inserts.isEmpty else { return }
        var count: [ScreenID: Int] = [:]
        count.reserveCapacity(sections.count)
        for section in sections { count[section.id, default: 0] += 1 }
        for (k, section) in inserts {
            if count[section.id, default: 0] > 1 {
                throw mismatch(
                    k, "id", "\(oldName) already has section \(section.id) in \(name.rawValue): an insert must bring a new id")
            }
            var rows = Set<ScreenID>()
            for (r, node) in section.rows.enumerated() where !rows.insert(node.id).inserted {
                throw mismatch(k, "new", "the inserted section has row \(node.id) twice (again at rows[\(r)])")
            }
        }
    }

    /// No row id is twice in the rows of a section once the rows that
    /// arrive (`arrive`, records by index) are placed: an insert or a move
    /// into a section that already has its id is refused.
    ///
    /// Only the ids that arrive are counted: they are interned in a small
    /// table (`IDTable`), and each row is looked up there by the hash its
    /// id keeps (hashing every row's id into a dictionary cost more than
    /// the rest of building the section).
    /// - Complexity: O(r + a) in the section's rows and those that arrive.
    private func checkArrivals(_ rows: [Node], _ arrive: [Int], _ sectionID: ScreenID, _ name: BoxName)
        throws(ChangesetMismatch)
    {
        let arriving = arrive.compactMap { k -> (record: Int, id: ScreenID)? in
            guard case .row(let record) = changes[k] else { return nil }
            return (k, record.id)
        }
        guard !arriving.isEmpty else { return }
        var table = IDTable(capacity: arriving.count)
        let keys = arriving.map { table.intern($0.id) }
        var count = [Int](repeating: 0, count: table.count)
        for node in rows { if let key = table.find(node.id) { count[key] += 1 } }
        for (n, one) in arriving.enumerated() where count[keys[n]] > 1 {
            guard case .row(let record) = changes[one.record] else { continue }
            let what = record.edit.op == .insert ? "an insert must bring a new id" : "a move must not bring a second"
            throw mismatch(
                one.record, "id",
                "section \(sectionID) of \(name.rawValue) in \(oldName) already has row \(record.id): \(what)")
        }
    }

    /// The rows of new section `j`, kept from old section `i`: the rows
    /// that arrive at their places, the old rows that stay filling the
    /// rest in order, then the updates applied where the old rows landed;
    /// and where each comes from.
    private func keptRows(
        _ name: BoxName, _ oldRows: [Node], _ i: Int, _ j: Int, leaving: [Int],
        arriving arrive: [Int], updates: [Int],
        _ checks: [RecordCheck]
    ) throws(ChangesetMismatch) -> ([Node], [RowOrigin]) {
        let oldBox = old[box: name]
        // The old rows that leave (each claimed once, as `check` made sure).
        var leaves = [Bool](repeating: false, count: oldRows.count)
        for r in leaving { leaves[r] = true }
        let count = oldRows.count - leaving.count + arrive.count
        // Where each new row comes from: an arriving record's node (its
        // index in `arrived`), or (-1) the next old row that stays. Each
        // node is copied into the new rows once.
        var arrivedAt = [Int](repeating: -1, count: count)
        var arrived: [Node] = []
        var origins = [RowOrigin](repeating: .inserted, count: count)
        for k in arrive {
            // Only inserts and moves arrive, and both land somewhere.
            guard case .row(let record) = changes[k], let to = record.edit.to else { continue }
            let c = to.row
            guard c >= 0, c < count, arrivedAt[c] < 0 else {
                throw mismatch(k, "to", "\(place(name, to.position)) is out of range or taken in the new screen")
            }
            let node: Node
            if let applied = checks[k].applied {
                node = try applied.get()
            } else if case .insert(_, let inserted) = record.edit {
                node = inserted
            } else if let from = record.edit.from {
                node = oldBox.sections[from.section].rows[from.row]
            } else {
                continue
            }
            arrivedAt[c] = arrived.count
            arrived.append(node)
            if let from = record.edit.from {
                origins[c] = .old(section: from.section, row: from.row, fields: checks[k].applied != nil ? record.edit.fields : [])
            }
        }
        var rest = oldRows.indices.filter { !leaves[$0] }[...]
        var landedRow = [Int](repeating: -1, count: oldRows.count)
        var rows: [Node] = []
        rows.reserveCapacity(count)
        for c in 0..<count {
            if arrivedAt[c] >= 0 {
                rows.append(arrived[arrivedAt[c]])
                continue
            }
            guard let r = rest.popFirst() else {
                throw mismatch(nil, nil, "the row positions of \(place(name, Position(section: j))) do not add up")
            }
            rows.append(oldRows[r])
            origins[c] = .kept(section: i, row: r)
            landedRow[r] = c
        }
        guard rest.isEmpty else {
            throw mismatch(nil, nil, "the row positions of \(place(name, Position(section: j))) do not add up")
        }
        try checkArrivals(rows, arrive, oldBox.sections[i].id, name)
        for k in updates {
            guard case .row(let record) = changes[k], let from = record.edit.from, let to = record.edit.to else { continue }
            guard to.section == j, case let c = landedRow[from.row], c >= 0, c == to.row else {
                throw mismatch(k, "to", "row \(record.id) does not land at \(place(name, to.position))")
            }
            if let node = try checks[k].applied?.get() {
                rows[c] = node
                origins[c] = .old(section: i, row: from.row, fields: record.edit.fields)
            }
        }
        return (rows, origins)
    }
}
