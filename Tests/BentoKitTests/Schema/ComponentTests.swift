import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Component content kept as compact text must behave exactly like the value
/// it stands for: read back, written out, compared.
@Suite("Compact JSON text of components")
struct ComponentTests {
    /// Every component of the random pairs, old and new side by side.
    static func components() throws -> [(Component, Component)] {
        var pairs: [(Component, Component)] = []
        for seed in UInt64(0)..<300 {
            let files = RandomScreenPairs.pair(seed: seed)
            let old = try ScreenReader.read(SourceText(name: "old.json", bytes: files.old))
            let new = try ScreenReader.read(SourceText(name: "new.json", bytes: files.new))
            let a = old.box.sections.flatMap(\.rows).map(\.component)
            let b = new.box.sections.flatMap(\.rows).map(\.component)
            for x in a { for y in b { pairs.append((x, y)) } }
        }
        return pairs
    }

    @Test("equality of components is equality of their values, fast path or not")
    func equality() throws {
        var equalWithOtherText = 0
        for (a, b) in try Self.components() {
            #expect((a == b) == (a.jsonValue == b.jsonValue))
            if a == b && !a.content.sameText(as: b.content) { equalWithOtherText += 1 }
            if a == b { #expect(a.hashValue == b.hashValue) }
        }
        // Members reordered or numbers respelled: equal values, other text.
        #expect(equalWithOtherText > 10)
    }

    @Test("rows compared in place have the same text exactly when their components do")
    func sameTextInPlace() throws {
        var nodes: [Node] = []
        for (a, b) in try Self.components().prefix(4000) {
            nodes.append(Node(id: ScreenID("a"), component: a))
            nodes.append(Node(id: ScreenID("b"), component: b))
        }
        // A long type name built afresh: equal, but not the same bits as
        // the one read (and shared) with the screens.
        let name = "IconTitle" + String(repeating: "Details", count: 3)
        let content = nodes[0].component.content
        nodes.append(Node(id: ScreenID("c"), component: Component(type: name, compactProperties: content)))
        nodes.append(Node(id: ScreenID("d"), component: Component(type: String(name.utf8.map { Character(UnicodeScalar($0)) }), compactProperties: content)))
        nodes.append(Node(id: ScreenID("e"), component: Component(type: name + "s", compactProperties: content)))
        var agreed = 0, same = 0
        nodes.withSpan { rows in
            for k in stride(from: 0, to: rows.count - 1, by: 1) {
                let inPlace = Node.haveSameComponentText(rows[k], rows[k + 1])
                if inPlace == rows[k].component.hasSameText(as: rows[k + 1].component) { agreed += 1 }
                if inPlace { same += 1 }
            }
        }
        #expect(agreed == nodes.count - 1)
        #expect(same > 0 && same < nodes.count - 1)
        #expect(!CodePoints.sameBits(nodes[nodes.count - 3].component.type, nodes[nodes.count - 2].component.type))
        #expect(nodes.withSpan { Node.haveSameComponentText($0[$0.count - 3], $0[$0.count - 2]) })
    }

    @Test("written from text, indented, the bytes are those of the value")
    func writing() throws {
        for (component, _) in try Self.components().prefix(3000) {
            for indent in [0, 3] {
                var fromText: [UInt8] = []
                component.write(with: JSONWriter(style: .pretty), to: &fromText, indent: indent)
                var fromValue: [UInt8] = []
                JSONWriter(style: .pretty).write(component.jsonValue, to: &fromValue, indent: indent)
                #expect(fromText == fromValue)
            }
        }
    }

    @Test("properties read back, and set, as the value")
    func properties() {
        let props: JSONValue = ["title": "A", "n": .number(JSONNumber("1.50")!)]
        var component = Component(type: "Row", properties: JSONObject([("props", props)]))
        #expect(component.properties["props"] == props)
        #expect(String(decoding: component.content.bytes, as: UTF8.self) == #"{"props":{"title":"A","n":1.50}}"#)
        component.properties = JSONObject([("style", .string("x\u{1}\""))])
        #expect(component.jsonValue == ["type": "Row", "style": .string("x\u{1}\"")])
        #expect(String(decoding: component.content.bytes, as: UTF8.self) == #"{"style":"x\u0001\""}"#)
    }

    @Test("a change of type goes where `type` sorts among the members that changed")
    func typeChangeOrder() {
        // Names either side of "type" in code point order, escaped ones too.
        let names = ["a", "typ", "type ", "typf", "tz", "u/v", "~", "é"]
        for changed in 0..<(1 << names.count) where changed.nonzeroBitCount <= 3 {
            let old = JSONObject(names.map { ($0, JSONValue.string("old")) })
            let new = JSONObject(names.indices.map { k in (names[k], .string(changed & (1 << k) != 0 ? "new" : "old")) })
            let a = Component(type: "A", properties: old), b = Component(type: "B", properties: new)
            #expect(a.fieldChanges(to: b, at: "/component") == JSONDiff.changes(from: a.jsonValue, to: b.jsonValue, at: "/component"))
        }
    }

    @Test("field changes of components from their compact text are those from their values")
    func componentFieldChanges() throws {
        for (a, b) in try Self.components().prefix(20_000) {
            let fromText = a.fieldChanges(to: b, at: "/component")
            let fromValues = JSONDiff.changes(from: a.jsonValue, to: b.jsonValue, at: "/component")
            #expect(fromText == fromValues)
        }
    }
}
