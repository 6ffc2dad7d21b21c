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
        let application = Application(changes: changeset.changes, old: old, oldName: oldName)
        try application.check()
        return try application.build()
    }
}

/// One application of a changeset: the checks, then the new screen.
private struct Application {
    let changes: [Change]
    let old: Screen
    let oldName: String

    typealias Record = (index: Int, change: Change)

    // MARK: The from side

    func check() throws(ChangesetMismatch) {
        var claimed: [BoxName: [Position: Int]] = [:]
        for (k, change) in changes.enumerated() {
            let box: BoxName, from: Position
            switch change {
            case .screen(let fields):
                try checkFields(fields, k, in: .object(old.attributes), of: "the screen")
                continue
            case .section(let record):
                guard let at = try checkFrom(record, k) else { continue }
                (box, from) = (record.box, Position(section: at))
            case .row(let record):
                guard let at = try checkFrom(record, k) else { continue }
                (box, from) = (record.box, at)
            }
            if let first = claimed[box, default: [:]].updateValue(k, forKey: from) {
                throw mismatch(k, "from", "\(place(box, from)) is already the \"from\" of changes[\(first)]")
            }
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
        try checkOldSide(record.edit, k, against: section, as: { $0.fieldsValue }, "section \(id)", at: place(box, from))
        return i
    }

    /// Checks a row record against the old screen.
    /// - Returns: the old position it claims; nil for an insert.
    private func checkFrom(_ record: RowChange, _ k: Int) throws(ChangesetMismatch) -> Position? {
        let (box, id) = (record.box, record.id)
        guard let from = record.edit.from, let r = from.row else {
            try checkInserted(record.edit.new?.id, is: id, k, "row")
            return nil
        }
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
        try checkOldSide(record.edit, k, against: node, as: { $0.jsonValue }, "row \(id)", at: place(box, from))
        return from
    }

    /// An inserted section or row has the record's id.
    private func checkInserted(_ inserted: ScreenID?, is id: ScreenID, _ k: Int, _ kind: String) throws(ChangesetMismatch) {
        if let inserted, inserted != id {
            throw mismatch(k, "new", "the inserted \(kind) has id \(inserted), not \(id)")
        }
    }

    /// The old side of a record is `current`: the whole value a delete takes
    /// away, or the old value of each field change (made on `value(current)`).
    private func checkOldSide<Place, Content>(
        _ edit: Edit<Place, Content>, _ k: Int, against current: Content, as value: (Content) -> JSONValue,
        _ owner: String, at place: String
    ) throws(ChangesetMismatch) {
        if let old = edit.old {
            guard old == current else {
                throw mismatch(k, "old", "\(owner) at \(place) of \(oldName) is not the changeset's old value")
            }
        } else {
            try checkFields(edit.fields, k, in: value(current), of: owner)
        }
    }

    /// Each field's `old` (or its absence) is what `value` holds at its path.
    private func checkFields(_ fields: [FieldChange], _ k: Int, in value: JSONValue, of owner: String)
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
                    "\(owner) has \(describe(current)) at \(path) in \(oldName), not \(describe(field.old))")
            }
        }
    }

    // MARK: The new screen

    func build() throws(ChangesetMismatch) -> Screen {
        var screen = old
        for (k, change) in changes.enumerated() where change.kind == .screen {
            guard case .object(let attributes) = try applying(change.fields, k, to: .object(screen.attributes)) else {
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
            let records = changes.enumerated().filter { $0.element.kind != .screen && $0.element.box == name }
                .map { Record(index: $0.offset, change: $0.element) }
            guard !records.isEmpty else { continue }
            let box = try build(name, records)
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

    private func build(_ name: BoxName, _ records: [Record]) throws(ChangesetMismatch) -> Box {
        let oldBox = old[box: name]
        var sectionRecords: [(index: Int, record: SectionChange)] = []
        var rowRecords: [(index: Int, record: RowChange)] = []
        for (k, change) in records {
            switch change {
            case .section(let record): sectionRecords.append((k, record))
            case .row(let record): rowRecords.append((k, record))
            case .screen: break
            }
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
        var arriving: [Int: [(index: Int, record: RowChange)]] = [:]
        var leavingRows: [Int: Set<Int>] = [:]
        var updates: [Int: [(index: Int, record: RowChange)]] = [:]
        for (k, record) in rowRecords {
            if let from = record.edit.from {
                guard !deleted.contains(from.section) else {
                    throw mismatch(k, "from", "the rows of a deleted section go with it; they have no records of their own")
                }
                switch record.edit {
                case .delete, .move: leavingRows[from.section, default: []].insert(from.row!)
                case .update: updates[from.section, default: []].append((k, record))
                case .insert: break
                }
            }
            if let to = record.edit.to {
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
                if case .update = record.edit {} else { arriving[to.section, default: []].append((k, record)) }
            }
        }
        for (j, slot) in slots.enumerated() {
            guard case .old(let i)? = slot else { continue }
            let oldRows = oldBox.sections[i].rows
            let leave = leavingRows[i] ?? []
            let arrive = arriving[j] ?? []
            let count = oldRows.count - leave.count + arrive.count
            var rows = [Node?](repeating: nil, count: count)
            for (k, record) in arrive {
                let to = record.edit.to!
                let c = to.row!
                guard c >= 0, c < count, rows[c] == nil else {
                    throw mismatch(k, "to", "\(place(name, to)) is out of range or taken in the new screen")
                }
                switch record.edit {
                case .insert(_, let node):
                    rows[c] = node
                case .move(let from, _, let fields):
                    rows[c] = try applying(fields, k, to: oldBox.sections[from.section].rows[from.row!])
                case .delete, .update:
                    continue
                }
            }
            var rest = oldRows.indices.filter { !leave.contains($0) }[...]
            var landedRow: [Int: Int] = [:]
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
            for (k, record) in updates[i] ?? [] {
                guard case .update(let from, let to, let fields) = record.edit else { continue }
                guard to.section == j, let c = landedRow[from.row!], c == to.row else {
                    throw mismatch(k, "to", "row \(record.id) does not land at \(place(name, to))")
                }
                rows[c] = try applying(fields, k, to: rows[c]!)
            }
            sections[j].rows = rows.map { $0! }
        }
        return Box(sections: sections)
    }

    // MARK: Field changes

    private func applying(_ fields: [FieldChange], _ k: Int, to value: JSONValue) throws(ChangesetMismatch) -> JSONValue {
        var value = value
        for (m, field) in fields.enumerated() {
            guard let pointer = JSONPointer(field.path) else {
                throw fieldMismatch(k, m, "path", "\(JSONWriter.quoted(field.path)) is not a JSON Pointer")
            }
            if pointer.tokens.isEmpty {
                guard let new = field.new else { throw fieldMismatch(k, m, nil, "the whole value cannot be removed") }
                value = new
                continue
            }
            guard let updated = pointer.setting(field.new, in: value) else {
                throw fieldMismatch(k, m, "path", "\(field.path) leads nowhere")
            }
            value = updated
        }
        return value
    }

    private func applying(_ fields: [FieldChange], _ k: Int, to node: Node) throws(ChangesetMismatch) -> Node {
        guard !fields.isEmpty else { return node }
        let value = try applying(fields, k, to: node.jsonValue)
        guard let idValue = value["id"], let id = ScreenID(idValue), let parsed = parsedComponent(value["component"]),
            let component = parsed
        else {
            throw mismatch(k, "fields", "a row must keep an id and a component (an object with a string \"type\")")
        }
        return Node(id: id, component: component)
    }

    /// nil for a value that is no component; `.some(nil)` for none (absent or null).
    private func parsedComponent(_ value: JSONValue?) -> Component?? {
        guard let value, value != .null else { return .some(nil) }
        guard case .object(let object) = value, case .string(let type)? = object["type"] else { return nil }
        var properties = object
        properties["type"] = nil
        return .some(Component(type: type, properties: properties))
    }

    // MARK: Messages

    /// `box.sections[1].rows[2]`
    private func place(_ box: BoxName, _ position: Position) -> String {
        var s = "\(box.rawValue).sections[\(position.section)]"
        if let row = position.row { s += ".rows[\(row)]" }
        return s
    }

    private func describe(_ value: JSONValue?) -> String {
        value.map { JSONWriter.shortened($0, width: 40) } ?? "nothing"
    }

    /// A mismatch at `changes[k]`, or at its `member`.
    private func mismatch(_ k: Int?, _ member: String?, _ message: String) -> ChangesetMismatch {
        var keys: [AnyCodingKey] = [AnyCodingKey("changes")]
        if let k { keys.append(AnyCodingKey(intValue: k)) }
        if let member { keys.append(AnyCodingKey(member)) }
        return ChangesetMismatch(keys, message)
    }

    /// A mismatch at `changes[k].fields[m]`, or at its `member`.
    private func fieldMismatch(_ k: Int, _ m: Int, _ member: String?, _ message: String) -> ChangesetMismatch {
        var keys = [AnyCodingKey("changes"), AnyCodingKey(intValue: k), AnyCodingKey("fields"), AnyCodingKey(intValue: m)]
        if let member { keys.append(AnyCodingKey(member)) }
        return ChangesetMismatch(keys, message)
    }
}
