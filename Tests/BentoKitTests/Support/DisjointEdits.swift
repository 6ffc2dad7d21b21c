import BenchmarkScreens

@testable import BentoJSON
@testable import BentoKit

/// Random three-way merges whose two sides touch disjoint elements: every
/// attribute, section and row of BASE is given to OURS, to THEIRS or to
/// neither, and each side edits only what it was given (attribute changes;
/// a section's deletion, move, header change and every edit of its rows;
/// row deletes, changes and moves in a section given to neither) and adds
/// elements with ids of its own.
enum DisjointEdits {
    /// BASE, OURS and THEIRS of seed `seed`.
    static func triple(seed: UInt64) throws -> (base: Screen, ours: Screen, theirs: Screen) {
        let base = try RandomScreenPairs.screens(seed: seed).old
        var g = SeededGenerator(seed: seed &* 0xD6E8_FEB8_6659_FD93 &+ 3)
        var owners = Owners()
        owners.attributes = base.attributes.members.map { _ in g.int(0...2) }
        for name in BoxName.allCases {
            let sections = base[box: name].sections
            owners.sections[name] = sections.map { _ in g.int(0...2) }
            owners.rows[name] = sections.map { $0.rows.map { _ in g.int(0...2) } }
        }
        let ours = edit(base, as: 1, owners, SeededGenerator(seed: g.next()))
        let theirs = edit(base, as: 2, owners, SeededGenerator(seed: g.next()))
        return (base, ours, theirs)
    }

    /// Who may edit what: 0 neither, 1 OURS, 2 THEIRS.
    private struct Owners {
        var attributes: [Int] = []
        var sections: [BoxName: [Int]] = [:]
        var rows: [BoxName: [[Int]]] = [:]
    }

    private static func edit(_ base: Screen, as side: Int, _ owners: Owners, _ g: SeededGenerator) -> Screen {
        var g = g
        let tag = side == 1 ? "ours" : "theirs"
        var screen = base
        var attributes = JSONObject()
        for (i, member) in base.attributes.members.enumerated() {
            guard owners.attributes[i] == side else {
                attributes[member.key] = member.value
                continue
            }
            switch g.int(0...2) {
            case 0: attributes[member.key] = .string("\(tag) \(g.int(0...9))")
            case 1: break  // removed
            default: attributes[member.key] = member.value
            }
        }
        if g.chance(0.3) { attributes["\(tag)Badge"] = .number(JSONNumber(g.int(1...9))) }
        screen.attributes = attributes

        for name in BoxName.allCases {
            guard base.pinnedToBottomBox != nil || name == .box else { continue }
            let sectionOwners = owners.sections[name]!, rowOwners = owners.rows[name]!
            var sections = base[box: name].sections
            let idCounts = Dictionary(sections.flatMap(\.rows).map { ($0.id, 1) }, uniquingKeysWith: +)
            var carried: [(node: Node, from: Int)] = []
            for s in sections.indices {
                let mine = sectionOwners[s] == side, open = sectionOwners[s] == 0
                guard mine || open else { continue }
                var rows: [Node] = []
                var moving: [Node] = []
                for (r, row) in sections[s].rows.enumerated() {
                    guard mine || rowOwners[s][r] == side else {
                        rows.append(row)
                        continue
                    }
                    switch g.int(0...9) {
                    case 0: continue  // deleted
                    case 1, 2: rows.append(Node(id: row.id, component: changed(row.component, tag, &g)))
                    case 3: moving.append(row)
                    case 4 where idCounts[row.id] == 1: carried.append((row, s))
                    default: rows.append(row)
                    }
                }
                for row in moving { rows.insert(row, at: g.int(0...rows.count)) }
                if mine && g.chance(0.3) { rows.shuffle(using: &g) }
                if g.chance(0.3) {
                    rows.insert(Node(id: ScreenID("\(tag)-\(s)"), component: Component(type: tag)), at: g.int(0...rows.count))
                }
                sections[s].rows = rows
                if mine && g.chance(0.3) { sections[s].header = Component(type: "\(tag)Header") }
            }
            // Rows moved to another section this side may edit.
            for (node, from) in carried {
                let targets = sections.indices.filter {
                    $0 != from && (sectionOwners[$0] == 0 || sectionOwners[$0] == side)
                        && !sections[$0].rows.contains(where: { $0.id == node.id })
                }
                if targets.isEmpty {
                    sections[from].rows.append(node)
                } else {
                    let t = g.pick(targets)
                    sections[t].rows.insert(node, at: g.int(0...sections[t].rows.count))
                }
            }
            // Sections: this side's may be deleted or moved; new ones added.
            var kept: [Section] = [], moved: [Section] = []
            for (s, section) in sections.enumerated() {
                if sectionOwners[s] == side && g.chance(0.2) { continue }
                if sectionOwners[s] == side && g.chance(0.3) { moved.append(section) } else { kept.append(section) }
            }
            for section in moved { kept.insert(section, at: g.int(0...kept.count)) }
            if g.chance(0.3) {
                let rows = [Node(id: ScreenID("\(tag) row"), component: Component(type: tag))]
                kept.insert(Section(id: ScreenID("\(tag) section"), rows: rows), at: g.int(0...kept.count))
            }
            screen[box: name] = Box(sections: kept)
        }
        return screen
    }

    private static func changed(_ component: Component, _ tag: String, _ g: inout SeededGenerator) -> Component {
        var properties = component.properties
        properties["\(tag)Field"] = .number(JSONNumber(g.int(1...99)))
        return Component(type: component.type, properties: properties)
    }
}
