@testable import BentoJSON
@testable import BentoKit

/// Random but valid screen pairs for property tests. Small id alphabets make
/// collisions likely: the same row id in several sections, rows that cross
/// sections, sections and rows that are inserted, deleted, moved and updated.
struct ScreenGenerator {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// An old screen and a new one made from it by random edits.
    mutating func pair() -> (old: Screen, new: Screen) {
        let old = screen()
        return (old, edited(old))
    }

    mutating func screen() -> Screen {
        var attributes = JSONObject()
        if random.chance(0.5) { attributes["title"] = .string(random.pick(["Pharmacy", "Café", "Cafe\u{301}"])) }
        if random.chance(0.3) { attributes["shouldUseSystemSeparators"] = .bool(random.chance(0.5)) }
        let pinned: Box? = random.chance(0.3) ? box(maxSections: 2) : nil
        let shape: Screen.Shape = attributes.isEmpty && pinned == nil && random.chance(0.3) ? .box : .screen
        return Screen(box: box(maxSections: 5), pinnedToBottomBox: pinned, attributes: attributes, shape: shape)
    }

    mutating func box(maxSections: Int) -> Box {
        let ids = sectionIDs.shuffled(using: &random).prefix(random.int(0...maxSections))
        return Box(sections: ids.map { section(id: $0) })
    }

    mutating func section(id: ScreenID) -> Section {
        let rowIDs = self.rowIDs.shuffled(using: &random).prefix(random.int(0...6))
        return Section(
            id: id,
            header: random.chance(0.3) ? component() : nil,
            footer: random.chance(0.2) ? component() : nil,
            rows: rowIDs.map { Node(id: $0, component: component()) })
    }

    mutating func component() -> Component {
        var properties = JSONObject()
        properties["title"] = .string(random.pick(["A", "B", "é", "e\u{301}"]))
        if random.chance(0.5) { properties["count"] = .number(JSONNumber(random.pick(["1", "1.0", "2", "1e0", "12345678901234567890"]))!) }
        if random.chance(0.3) { properties["tags"] = .array((0..<random.int(0...2)).map { _ in .string(random.pick(["x", "y"])) }) }
        if random.chance(0.2) { properties["style"] = ["bold": .bool(random.chance(0.5))] }
        return Component(type: random.pick(["IconTitleDetails", "Description", "Button"]), properties: properties)
    }

    /// Random edits: delete, insert, reorder and change sections and rows.
    mutating func edited(_ screen: Screen) -> Screen {
        var new = screen
        if random.chance(0.3) { new.attributes["title"] = .string(random.pick(["Pharmacy", "Delivery"])) }
        if random.chance(0.2) { new.attributes["shouldUseSystemSeparators"] = nil }
        new.box = edited(screen.box)
        if random.chance(0.4), let pinned = screen.pinnedToBottomBox { new.pinnedToBottomBox = edited(pinned) }
        if new.shape == .box && (new.pinnedToBottomBox != nil || !new.attributes.isEmpty) { new.shape = .screen }
        return new
    }

    mutating func edited(_ box: Box) -> Box {
        var sections = box.sections.filter { _ in !random.chance(0.15) }
        if random.chance(0.5) { sections.shuffle(using: &random) }
        for id in sectionIDs where random.chance(0.08) && !sections.contains(where: { $0.id == id }) {
            sections.insert(section(id: id), at: random.int(0...sections.count))
        }
        // Rows leave their sections and some land in others.
        var loose: [Node] = []
        for k in sections.indices {
            if random.chance(0.2) { sections[k].header = random.chance(0.5) ? component() : nil }
            if random.chance(0.1) { sections[k].footer = random.chance(0.5) ? component() : nil }
            var rows: [Node] = []
            for row in sections[k].rows {
                if random.chance(0.15) { continue }
                if random.chance(0.15) { loose.append(row); continue }
                rows.append(random.chance(0.2) ? Node(id: row.id, component: component()) : row)
            }
            if random.chance(0.4) { rows.shuffle(using: &random) }
            sections[k].rows = rows
        }
        for var row in loose where !sections.isEmpty {
            let k = random.int(0...sections.count - 1)
            guard !sections[k].rows.contains(where: { $0.id == row.id }) else { continue }
            if random.chance(0.3) { row.component = component() }
            sections[k].rows.insert(row, at: random.int(0...sections[k].rows.count))
        }
        for k in sections.indices where random.chance(0.2) {
            let id = random.pick(rowIDs)
            if !sections[k].rows.contains(where: { $0.id == id }) {
                sections[k].rows.insert(Node(id: id, component: component()), at: random.int(0...sections[k].rows.count))
            }
        }
        return Box(sections: sections)
    }

    private let sectionIDs: [ScreenID] = [
        ScreenID("first"), ScreenID("second"), ScreenID(3), ScreenID("3"),
        ScreenID(["header": [:]])!, ScreenID("caf\u{E9}"), ScreenID("cafe\u{301}"),
    ]
    private let rowIDs: [ScreenID] = [
        ScreenID("a"), ScreenID("b"), ScreenID("c"), ScreenID("d"), ScreenID(1), ScreenID("1"),
        ScreenID(["prescription": ["id": "42"]])!, ScreenID(["prescription": ["id": "7"]])!,
        ScreenID("é"), ScreenID("e\u{301}"),
    ]
}
