import BenchmarkScreens
@testable import BentoJSON
@testable import BentoKit

/// Writes a screen as one of the many JSON documents that read as it: `$`
/// members here and there, explicit `null` headers and footers, a missing
/// `rows` for an empty section, members in any order, the Box form where it
/// fits. Patches work on documents, so they are tested on such variety.
struct DocumentVariations {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// A document for `screen`, read back: the screen as the reader sees it
    /// and the document as written.
    mutating func read(_ screen: Screen) throws -> (screen: Screen, document: JSONValue) {
        var bytes: [UInt8] = []
        JSONWriter(style: .pretty).write(document(screen), to: &bytes)
        return try ScreenReader.readDocument(SourceText(name: "variation.json", bytes: bytes))
    }

    /// The old screen of random pair `seed` and one of its documents, on
    /// lines for an even seed and on one line for an odd one.
    static func written(seed: UInt64) throws -> (screen: Screen, bytes: [UInt8]) {
        var variations = DocumentVariations(seed: seed)
        let screen = try RandomScreenPairs.screens(seed: seed).old
        var bytes: [UInt8] = []
        JSONWriter(style: seed % 2 == 0 ? .pretty : .compact).write(variations.document(screen), to: &bytes)
        return (screen, bytes)
    }

    mutating func document(_ screen: Screen) -> JSONValue {
        if screen.shape == .box && screen.attributes.isEmpty && screen.pinnedToBottomBox == nil {
            var members = members(of: screen.box)
            if random.chance(0.3) { members.append(("$schema", "https://example.com/bento/box.schema.json")) }
            return object(members)
        }
        var members: [(key: String, value: JSONValue)] = [("box", object(self.members(of: screen.box)))]
        if let pinned = screen.pinnedToBottomBox {
            members.append(("pinnedToBottomBox", object(self.members(of: pinned))))
        } else if random.chance(0.1) {
            members.append(("pinnedToBottomBox", ["sections": []]))
        }
        members += screen.attributes.members
        if random.chance(0.2) { members.append(("$schema", "https://example.com/bento/screen.schema.json")) }
        return object(members)
    }

    private mutating func members(of box: Box) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("sections", .array(box.sections.map { section($0) }))]
        if random.chance(0.1) { members.append(("$comment", .string(random.pick(["box", "the box"])))) }
        return members
    }

    private mutating func section(_ section: Section) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", section.id.value)]
        for (name, part) in [("header", section.header), ("footer", section.footer)] {
            if let part {
                members.append((name, part.jsonValue))
            } else if random.chance(0.2) {
                members.append((name, .null))
            }
        }
        if !section.rows.isEmpty || random.chance(0.6) {
            members.append(("rows", .array(section.rows.map { node($0) })))
        }
        if random.chance(0.1) { members.append(("$comment", .string(random.pick(["section", "a section"])))) }
        return object(members)
    }

    private mutating func node(_ node: Node) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", node.id.value), ("component", node.component.jsonValue)]
        if random.chance(0.05) { members.append(("$comment", "node")) }
        return object(members)
    }

    /// The members, in a random order now and then.
    private mutating func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(JSONObject(random.chance(0.2) ? members.shuffled(using: &random) : members))
    }
}
