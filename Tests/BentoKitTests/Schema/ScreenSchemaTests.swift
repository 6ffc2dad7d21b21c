import Testing

@testable import BentoJSON
@testable import BentoKit

/// The JSON Schema against the decoders it describes: the same member names,
/// the same required ones, every reference resolvable. (CI also runs a real
/// validator over the fixtures: .ci/check-schema.py.)
@Suite("Screen schema")
struct ScreenSchemaTests {
    static let schema = ScreenSchema.jsonValue

    static func definition(_ name: String) throws -> JSONValue {
        try #require(schema["$defs"]?[name], "no definition \(name)")
    }

    static func propertyNames(_ definition: JSONValue) -> [String] {
        guard case .object(let properties)? = definition["properties"] else { return [] }
        return properties.members.map(\.key).sorted()
    }

    @Test("draft 2020-12, with a definition for each type of the format")
    func header() throws {
        #expect(Self.schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        for name in ["Screen", "Box", "Section", "Node", "Component", "ID"] { _ = try Self.definition(name) }
    }

    @Test("the closed objects list exactly the members their decoders allow, $-members aside")
    func closedObjects() throws {
        let closed: [(String, [String])] = [
            ("Box", Box.CodingKeys.allCases.map(\.rawValue)),
            ("Section", Section.CodingKeys.allCases.map(\.rawValue)),
            ("Node", Node.CodingKeys.allCases.map(\.rawValue)),
        ]
        for (name, keys) in closed {
            let definition = try Self.definition(name)
            #expect(Self.propertyNames(definition) == keys.sorted(), "\(name)")
            #expect(definition["additionalProperties"] == false, "\(name)")
            #expect(definition["patternProperties"] == ["^\\$": true], "\(name)")
        }
        #expect(try Self.definition("Section")["required"] == ["id"])
        #expect(try Self.definition("Node")["required"] == ["id", "component"])
        #expect(try Self.definition("Box")["required"] == ["sections"])
    }

    @Test("a screen is open: attributes are any other member")
    func screenIsOpen() throws {
        let screen = try Self.definition("Screen")
        #expect(screen["additionalProperties"] == nil)
        #expect(screen["required"] == ["box"])
        #expect(Self.propertyNames(screen) == ["box", "pinnedToBottomBox", "title"])
    }

    @Test("every $ref names a definition")
    func references() {
        var refs: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let object):
                for member in object.members {
                    if member.key == "$ref", case .string(let ref) = member.value { refs.append(ref) }
                    walk(member.value)
                }
            case .array(let elements): elements.forEach(walk)
            default: break
            }
        }
        walk(Self.schema)
        #expect(refs.count >= 8)
        for ref in refs {
            #expect(ref.hasPrefix("#/$defs/"))
            #expect(JSONPointer(String(ref.dropFirst()))?.value(in: Self.schema) != nil, "\(ref)")
        }
    }

    @Test("the schema reads back through bento's strict reader")
    func roundTrip() throws {
        let text = JSONWriter(style: .pretty).string(Self.schema)
        let read = try JSONDecoding.decode(JSONValue.self, from: SourceText(name: "schema", bytes: Array(text.utf8))).value
        #expect(read == Self.schema)
    }
}
