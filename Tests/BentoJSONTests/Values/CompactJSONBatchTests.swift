import BenchmarkScreens
import Testing

@testable import BentoJSON

/// Many field changes made in one walk of compact text
/// (`CompactJSON.setting(checking:)`): the text `JSONPointer.setting` gives
/// on the value, or nil wherever a change does not fit.
@Suite("Compact JSON: many changes in one walk")
struct CompactJSONBatchTests {
    /// An object of `count` members, some of them objects, some names escaped.
    private static func object(_ count: Int) -> JSONValue {
        .object(
            JSONObject(
                (0..<count).map { k in
                    let name = k % 9 == 0 ? "q\"\(k)" : "m\(k)"
                    let value: JSONValue = k % 5 == 0 ? .object(JSONObject([("x", .number(JSONNumber(validatedText: "\(k)")))])) : .string("v\(k)")
                    return (key: name, value: value)
                }))
    }

    @Test("random changes of a wide object: replaced, removed, added, nested; the text the value gives")
    func randomChanges() {
        var random = SeededGenerator(seed: 3)
        let value = Self.object(40)
        guard case .object(let members) = value else { return }
        let text = CompactJSON(value)
        var made = 0
        for _ in 0..<300 {
            var changes: [CompactJSON.CheckedChange] = []
            for member in members.members where random.chance(0.3) {
                switch random.next() % 4 {
                case 0: changes.append(([member.key], member.value, .bool(true)))
                case 1: changes.append(([member.key], member.value, nil))
                case 2: changes.append(([member.key + "+"], nil, .number(JSONNumber(validatedText: "1"))))
                default:
                    if case .object(let inner) = member.value {
                        changes.append(([member.key, "x"], inner["x"], .null))
                    } else {
                        changes.append(([member.key], member.value, .string("w")))
                    }
                }
            }
            let expected = JSONPointer.setting(
                changes.map { (JSONPointer(tokens: Array($0.tokens)), $0.new) }, in: value)
            let found = text.setting(checking: changes)
            #expect(found?.bytes == expected.map { CompactJSON($0).bytes })
            if found != nil { made += 1 }
        }
        #expect(made > 250)
    }

    @Test("a change whose old value is not there, or that leads nowhere or twice to one place, is not made")
    func refusals() {
        let text = CompactJSON(Self.object(20))
        let one: JSONValue = .number(JSONNumber(validatedText: "1"))
        #expect(text.setting(checking: [(["m1"], one, nil)]) == nil, "another old value")
        #expect(text.setting(checking: [(["m1"], nil, one)]) == nil, "there, though old says absent")
        #expect(text.setting(checking: [(["absent"], .string("v"), one)]) == nil, "absent, though old says there")
        #expect(text.setting(checking: [(["absent"], nil, nil)]) == nil, "removes what is not there")
        #expect(text.setting(checking: [(["m1", "deeper"], nil, one)]) == nil, "through a string")
        #expect(text.setting(checking: [(["m1"], .string("v1"), one), (["m1"], .string("v1"), one)]) == nil, "twice")
        #expect(text.setting(checking: [(["m1"], .string("v1"), one)])?.bytes != nil)
    }
}
