@testable import BentoJSON
@testable import BentoKit

/// Replays a changeset on the old screen, in memory, with UIKit's batch
/// semantics: deletes at old positions, inserts and moves at new positions,
/// everything else keeps its relative order and fills the free places. A
/// test helper independent of the library's own applier, in the manner of
/// DifferenceKit's tests: diff, replay, and check the target comes back.
enum ChangesetReplay {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static func replay(_ changeset: Changeset, on old: Screen) throws -> Screen {
        var screen = old
        for change in changeset.changes where change.kind == .screen {
            var attributes = JSONValue.object(screen.attributes)
            for field in change.fields { attributes = try set(field, in: attributes) }
            guard case .object(let object) = attributes else { throw Mismatch(description: "attributes") }
            screen.attributes = object
        }
        for name in BoxName.allCases {
            let records = changeset.changes.filter { $0.box == name }
            screen[box: name] = try replay(records, on: old[box: name])
        }
        return screen
    }

    private static func replay(_ records: [Change], on old: Box) throws -> Box {
        let sectionRecords = records.filter { $0.kind == .section }
        let rowRecords = records.filter { $0.kind == .row }
        // Sections: place inserts and moves, fill the rest in old order.
        let deleted = Set(sectionRecords.filter { $0.op == .delete }.map { $0.from!.section })
        let movedFrom = Set(sectionRecords.filter { $0.op == .move }.map { $0.from!.section })
        let count = old.sections.count - deleted.count + sectionRecords.filter { $0.op == .insert }.count
        var slots = [Int?](repeating: nil, count: count)  // old index, or -1 - k for insert k
        var placed: [Int: Section] = [:]
        for r in sectionRecords where r.op == .insert || r.op == .move {
            guard let to = r.to?.section, to < count, slots[to] == nil else {
                throw Mismatch(description: "section position \(String(describing: r.to)) taken or out of range")
            }
            if r.op == .insert {
                guard case .section(let s)? = r.new else { throw Mismatch(description: "insert without section") }
                placed[to] = s
                slots[to] = -1
            } else {
                slots[to] = r.from!.section
            }
        }
        var rest = old.sections.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }[...]
        for k in slots.indices where slots[k] == nil {
            guard let i = rest.popFirst() else { throw Mismatch(description: "too few sections") }
            slots[k] = i
        }
        guard rest.isEmpty else { throw Mismatch(description: "too many sections") }
        var sections: [Section] = []
        for (j, slot) in slots.enumerated() {
            if slot == -1 { sections.append(placed[j]!); continue }
            var section = old.sections[slot!]
            for r in sectionRecords where (r.op == .update || r.op == .move) && r.to?.section == j {
                guard r.from?.section == slot else { throw Mismatch(description: "section update from wrong place") }
                var value = section.fieldsValue
                for field in r.fields { value = try set(field, in: value) }
                section.header = try value["header"].map(component)
                section.footer = try value["footer"].map(component)
            }
            sections.append(section)
        }
        // Rows of each matched section.
        for (j, slot) in slots.enumerated() where slot != -1 {
            let i = slot!
            let into = rowRecords.filter { $0.to?.section == j }
            let leaving = rowRecords.filter {
                $0.from?.section == i && ($0.op == .delete || $0.op == .move)
            }
            let leavingRows = Set(leaving.map { $0.from!.row! })
            let n = old.sections[i].rows.count - leavingRows.count
                + into.filter { $0.op == .insert || $0.op == .move }.count
            var rowSlots = [Node?](repeating: nil, count: n)
            for r in into where r.op == .insert || r.op == .move {
                let c = r.to!.row!
                guard c < n, rowSlots[c] == nil else { throw Mismatch(description: "row position \(r.to!) taken") }
                if r.op == .insert {
                    guard case .node(let node)? = r.new else { throw Mismatch(description: "insert without node") }
                    rowSlots[c] = node
                } else {
                    let from = r.from!
                    guard from.section < old.sections.count, from.row! < old.sections[from.section].rows.count else {
                        throw Mismatch(description: "move from nowhere")
                    }
                    rowSlots[c] = try updated(old.sections[from.section].rows[from.row!], r.fields)
                }
            }
            var remaining = old.sections[i].rows.indices.filter { !leavingRows.contains($0) }[...]
            for c in rowSlots.indices where rowSlots[c] == nil {
                guard let r = remaining.popFirst() else { throw Mismatch(description: "too few rows") }
                var node = old.sections[i].rows[r]
                for u in into where u.op == .update && u.to!.row == c {
                    guard u.from == Position(section: i, row: r) else { throw Mismatch(description: "update from wrong place") }
                    node = try updated(node, u.fields)
                }
                rowSlots[c] = node
            }
            guard remaining.isEmpty else { throw Mismatch(description: "too many rows") }
            sections[j].rows = rowSlots.map { $0! }
        }
        return Box(sections: sections)
    }

    private static func updated(_ node: Node, _ fields: [FieldChange]) throws -> Node {
        var value = node.jsonValue
        for field in fields { value = try set(field, in: value) }
        guard let id = value["id"].flatMap(ScreenID.init), let c = value["component"] else {
            throw Mismatch(description: "node lost its id or component")
        }
        return Node(id: id, component: try component(c))
    }

    private static func component(_ value: JSONValue) throws -> Component {
        guard case .object(let o) = value, case .string(let type)? = o["type"] else {
            throw Mismatch(description: "not a component: \(value)")
        }
        var properties = o
        properties["type"] = nil
        return Component(type: type, properties: properties)
    }

    /// Applies one field change at its JSON Pointer, checking the old value.
    static func set(_ field: FieldChange, in value: JSONValue) throws -> JSONValue {
        return try set(pointerTokens(field.path)[...], field, in: value)
    }

    /// RFC 6901 tokens: `~1` is `/`, then `~0` is `~`.
    static func pointerTokens(_ pointer: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var scalars = pointer.unicodeScalars.dropFirst()[...]
        while let s = scalars.popFirst() {
            if s == "/" {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            } else if s == "~", let next = scalars.first, next == "0" || next == "1" {
                current.append(next == "0" ? "~" : "/")
                scalars = scalars.dropFirst()
            } else {
                current.append(s)
            }
        }
        if !pointer.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    private static func set(_ tokens: ArraySlice<String>, _ field: FieldChange, in value: JSONValue?) throws -> JSONValue {
        guard let token = tokens.first else {
            guard value == field.old else {
                throw Mismatch(description: "\(field.path): old value \(String(describing: value)) ≠ \(String(describing: field.old))")
            }
            return field.new ?? .null
        }
        switch value {
        case .object(var object)?:
            let child = try set(tokens.dropFirst(), field, in: object[token])
            object[token] = tokens.count == 1 && field.new == nil ? nil : child
            return .object(object)
        case .array(var array)?:
            guard let k = Int(token), k < array.count else { throw Mismatch(description: "bad index \(token)") }
            array[k] = try set(tokens.dropFirst(), field, in: array[k])
            return .array(array)
        default:
            throw Mismatch(description: "\(field.path) does not lead anywhere")
        }
    }
}
