import BentoJSON

/// `bento apply`: a JSON changeset applied to the screen it was made from.
///
/// First every record's `from` side is checked against the old screen: the
/// section or row id at each `from` position (and its section's id), the
/// whole old value of each delete, the old value of each field change, and
/// that no old position is claimed twice. The first record that does not
/// fit stops everything with a `ChangesetMismatch` that names it.
///
/// Then the records are applied as UIKit applies a batch: deletes at old
/// positions, inserts and moves at new positions, and every other section
/// or row keeps its relative order and fills the free places; field changes
/// are applied at their JSON Pointers. Positions that do not add up (two
/// records for one new place, an update that would land elsewhere, a row
/// moved into an inserted section) are mismatches too.
public enum ChangesetApplier {
    /// The new screen: `changeset` applied to `old`.
    /// - Parameter oldName: how messages name the old screen.
    /// - Complexity: O(n + c) for n sections and rows and c records, plus
    ///   the size of the values compared and changed.
    public static func apply(_ changeset: Changeset, to old: Screen, oldName: String = "the old screen")
        throws(ChangesetMismatch) -> Screen
    {
        let application = ChangesetApplication(changes: changeset.changes, old: old, oldName: oldName)
        return try application.build(application.check())
    }
}

/// One application of a changeset: the checks, then the new screen.
struct ChangesetApplication {
    let changes: [Change]
    let old: Screen
    let oldName: String

    // MARK: The from side

    /// Checks every record's `from` side.
    /// - Returns: for each record, by index, the node that a row move or
    ///   update with field changes leaves (worked out from the value tree
    ///   its check built), or the mismatch to throw when `build` applies
    ///   it; nil for other records.
    func check() throws(ChangesetMismatch) -> [Result<Node, ChangesetMismatch>?] {
        // Records are checked on all cores; the first that does not fit,
        // in order, is the one reported.
        let claims = Array(changes.indices).concurrentMap(inRunsOf: Parallel.RunSize.checkedRecords) { k in
            Result { () throws(ChangesetMismatch) in try claim(k) }
        }
        // Which record claims each old section and row (-1: none yet), per
        // box; the places are in range, as `claim` checked.
        var claimedBy = [BoxName.box, .pinnedToBottomBox].map { name in
            let sections = old[box: name].sections
            return (sections: [Int](repeating: -1, count: sections.count),
                    rows: sections.map { [Int](repeating: -1, count: $0.rows.count) })
        }
        var applied: [Result<Node, ChangesetMismatch>?] = []
        applied.reserveCapacity(claims.count)
        for (k, result) in claims.enumerated() {
            let (claimed, node) = try result.get()
            applied.append(node)
            guard let (box, from) = claimed else { continue }
            let b = box == .box ? 0 : 1
            let first: Int
            if let r = from.row {
                first = claimedBy[b].rows[from.section][r]
                if first < 0 { claimedBy[b].rows[from.section][r] = k }
            } else {
                first = claimedBy[b].sections[from.section]
                if first < 0 { claimedBy[b].sections[from.section] = k }
            }
            if first >= 0 {
                throw mismatch(k, "from", "\(place(box, from)) is already the \"from\" of changes[\(first)]")
            }
        }
        return applied
    }

    /// Checks `changes[k]` against the old screen.
    /// - Returns: the old place it claims (nil for an insert or the
    ///   screen), and a row's node with its field changes applied.
    private func claim(_ k: Int) throws(ChangesetMismatch)
        -> (claimed: (BoxName, Position)?, applied: Result<Node, ChangesetMismatch>?)
    {
        switch changes[k] {
        case .screen(let fields):
            try checkFields(fields, k, in: .object(old.attributes), of: "the screen")
            return (nil, nil)
        case .section(let record):
            return (try checkFrom(record, k).map { (record.box, Position(section: $0)) }, nil)
        case .row(let record):
            guard let (from, applied) = try checkFrom(record, k) else { return (nil, nil) }
            return ((record.box, from), applied)
        }
    }

    /// Checks a section record against the old screen.
    /// - Returns: the old position it claims; nil for an insert.
    private func checkFrom(_ record: SectionChange, _ k: Int) throws(ChangesetMismatch) -> Int? {
        let (box, id) = (record.box, record.id)
        guard let i = record.edit.from else {
            try checkInserted(record.edit.new?.id, is: id, k, "section")
            return nil
        }
        let sections = old[box: box].sections
        let from = Position(section: i)
        guard i >= 0, i < sections.count else { throw mismatch(k, "from", "\(oldName) has no \(place(box, from))") }
        let section = sections[i]
        guard section.id == id else {
            throw mismatch(k, "from", "\(oldName) has section \(section.id) at \(place(box, from)), not \(id)")
        }
        _ = try checkOldSide(record.edit, k, against: section, as: { $0.fieldsValue }, "section \(id)", at: place(box, from))
        return i
    }

    /// Checks a row record against the old screen.
    /// - Returns: the old position it claims, and for a move or update with
    ///   field changes the node they make; nil for an insert.
    private func checkFrom(_ record: RowChange, _ k: Int) throws(ChangesetMismatch)
        -> (Position, Result<Node, ChangesetMismatch>?)?
    {
        let (box, id) = (record.box, record.id)
        guard let rowFrom = record.edit.from else {
            try checkInserted(record.edit.new?.id, is: id, k, "row")
            return nil
        }
        let (from, r) = (rowFrom.position, rowFrom.row)
        let sections = old[box: box].sections
        guard from.section >= 0, from.section < sections.count else {
            throw mismatch(k, "from", "\(oldName) has no \(place(box, Position(section: from.section)))")
        }
        let section = sections[from.section]
        let sectionID = record.fromSection ?? record.section
        guard section.id == sectionID else {
            throw mismatch(
                k, record.fromSection != nil ? "fromSection" : "section",
                "\(oldName) has section \(section.id) at \(place(box, Position(section: from.section))), not \(sectionID)")
        }
        guard r >= 0, r < section.rows.count else { throw mismatch(k, "from", "\(oldName) has no \(place(box, from))") }
        let node = section.rows[r]
        guard node.id == id else {
            throw mismatch(k, "from", "\(oldName) has row \(node.id) at \(place(box, from)), not \(id)")
        }
        // One value tree of the row for both: its check and its change.
        guard
            let value = try checkOldSide(record.edit, k, against: node, as: { $0.jsonValue }, "row \(id)", at: place(box, from))
        else { return (from, nil) }
        let fields = record.edit.fields
        return (from, Result { () throws(ChangesetMismatch) in try applying(fields, k, toRow: value) })
    }

    /// An inserted section or row has the record's id.
    private func checkInserted(_ inserted: ScreenID?, is id: ScreenID, _ k: Int, _ kind: String) throws(ChangesetMismatch) {
        if let inserted, inserted != id {
            throw mismatch(k, "new", "the inserted \(kind) has id \(inserted), not \(id)")
        }
    }

    /// The old side of a record is `current`: the whole value a delete takes
    /// away, or the old value of each field change (made on `value(current)`).
    /// - Returns: `value(current)` when there were field changes to check
    ///   (the value they apply to), else nil.
    private func checkOldSide<Place, Content>(
        _ edit: Edit<Place, Content>, _ k: Int, against current: Content, as value: (Content) -> JSONValue,
        _ owner: @autoclosure () -> String, at place: @autoclosure () -> String
    ) throws(ChangesetMismatch) -> JSONValue? {
        // Names are made only for a message: most records fit.
        if let old = edit.old {
            guard old == current else {
                throw mismatch(k, "old", "\(owner()) at \(place()) of \(oldName) is not the changeset's old value")
            }
            return nil
        }
        guard !edit.fields.isEmpty else { return nil }
        let currentValue = value(current)
        try checkFields(edit.fields, k, in: currentValue, of: owner())
        return currentValue
    }

    /// Each field's `old` (or its absence) is what `value` holds at its path.
    private func checkFields(_ fields: [FieldChange], _ k: Int, in value: JSONValue, of owner: @autoclosure () -> String)
        throws(ChangesetMismatch)
    {
        for (m, field) in fields.enumerated() {
            guard let pointer = JSONPointer(field.path) else {
                throw fieldMismatch(k, m, "path", "\(JSONWriter.quoted(field.path)) is not a JSON Pointer")
            }
            let current = pointer.value(in: value)
            guard current == field.old else {
                let path = field.path.isEmpty ? "\"\"" : field.path
                throw fieldMismatch(
                    k, m, field.old == nil ? "path" : "old",
                    "\(owner()) has \(describe(current)) at \(path) in \(oldName), not \(describe(field.old))")
            }
        }
    }

    // MARK: The new screen

    /// The new screen; `applied` is what `check` returned.
    func build(_ applied: [Result<Node, ChangesetMismatch>?]) throws(ChangesetMismatch) -> Screen {
        var screen = old
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
            let box = try build(name, records, applied)
            // A pinned box the old screen lacks, left empty, stays absent.
            if name == .pinnedToBottomBox && old.pinnedToBottomBox == nil && box.sections.isEmpty { continue }
            screen[box: name] = box
        }
        return screen
    }

    private enum SectionSlot {
        case old(Int)
        case inserted(Section)
    }

    private func build(_ name: BoxName, _ records: [Int], _ applied: [Result<Node, ChangesetMismatch>?])
        throws(ChangesetMismatch) -> Box
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
        let rows = kept.concurrentMap { j, i in
            Result { () throws(ChangesetMismatch) in
                try keptRows(
                    name, oldBox.sections[i].rows, j, leaving: leavingFrom[i] ?? [], arriving: arrivals[j] ?? [],
                    updates: updated[i] ?? [], applied)
            }
        }
        for ((j, _), result) in zip(kept, rows) { sections[j].rows = try result.get() }
        return Box(sections: sections)
    }

    /// The rows of new section `j`, kept from old section `i`: the rows
    /// that arrive at their places, the old rows that stay filling the
    /// rest in order, then the updates applied where the old rows landed.
    private func keptRows(
        _ name: BoxName, _ oldRows: [Node], _ j: Int, leaving: [Int],
        arriving arrive: [Int], updates: [Int],
        _ applied: [Result<Node, ChangesetMismatch>?]
    ) throws(ChangesetMismatch) -> [Node] {
        let oldBox = old[box: name]
        // The old rows that leave (each claimed once, as `check` made sure).
        var leaves = [Bool](repeating: false, count: oldRows.count)
        for r in leaving { leaves[r] = true }
        let count = oldRows.count - leaving.count + arrive.count
        var rows = [Node?](repeating: nil, count: count)
        for k in arrive {
            // Only inserts and moves arrive, and both land somewhere.
            guard case .row(let record) = changes[k], let to = record.edit.to else { continue }
            let c = to.row
            guard c >= 0, c < count, rows[c] == nil else {
                throw mismatch(k, "to", "\(place(name, to.position)) is out of range or taken in the new screen")
            }
            if let applied = applied[k] {
                rows[c] = try applied.get()
            } else if case .insert(_, let node) = record.edit {
                rows[c] = node
            } else if let from = record.edit.from {
                rows[c] = oldBox.sections[from.section].rows[from.row]
            }
        }
        var rest = oldRows.indices.filter { !leaves[$0] }[...]
        var landedRow = [Int](repeating: -1, count: oldRows.count)
        for c in rows.indices where rows[c] == nil {
            guard let r = rest.popFirst() else {
                throw mismatch(nil, nil, "the row positions of \(place(name, Position(section: j))) do not add up")
            }
            rows[c] = oldRows[r]
            landedRow[r] = c
        }
        guard rest.isEmpty else {
            throw mismatch(nil, nil, "the row positions of \(place(name, Position(section: j))) do not add up")
        }
        for k in updates {
            guard case .row(let record) = changes[k], let from = record.edit.from, let to = record.edit.to else { continue }
            guard to.section == j, case let c = landedRow[from.row], c >= 0, c == to.row else {
                throw mismatch(k, "to", "row \(record.id) does not land at \(place(name, to.position))")
            }
            rows[c] = try applied[k]?.get() ?? rows[c]!
        }
        return rows.map { $0! }
    }
}
