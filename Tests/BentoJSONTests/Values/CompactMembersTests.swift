import Testing

@testable import BentoJSON

/// Members of compact object text found in place: names and value texts as
/// a tape of the same text has them.
@Suite("Compact members")
struct CompactMembersTests {
    static let texts = [
        #"{}"#,
        #"{"a":1}"#,
        #"{"a":"x","b":-1.5e3,"c":true,"d":null,"e":false}"#,
        #"{"s":"}]\",{[","n":{"x":["]","}",{"y":"\\"}]},"t":[]}"#,
        #"{"\u00e9\"":{"":[[[]]]},"z":[1,{"w":"\""}],"q":{}}"#,
    ]

    @Test("each member's name and value text, in order, as the tape of the same text gives them", arguments: texts)
    func members(_ text: String) {
        let bytes = Array(text.utf8)
        let tape = JSONTape(compact: bytes)
        let expected = tape.members(of: 0).map { name, value in
            var compact: [UInt8] = []
            tape.writeCompact(value, to: &compact)
            return (tape.rawString(name).range, tape.rawString(name).escaped, compact)
        }
        let found = bytes.withUnsafeBufferPointer { Array(CompactMembers($0, objectAt: 0)) }
        #expect(found.count == expected.count)
        for (member, (name, escaped, value)) in zip(found, expected) {
            #expect(member.name == name && member.escaped == escaped, "\(text)")
            #expect(Array(bytes[member.value]) == value, "\(text)")
        }
    }

    @Test("an object inside the text is read from where it starts")
    func nested() {
        let bytes = Array(#"{"p":{"a":"1","b":[2]},"q":3}"#.utf8)
        let names = bytes.withUnsafeBufferPointer { text in
            CompactMembers(text, objectAt: 5).map { String(decoding: bytes[$0.name], as: UTF8.self) }
        }
        #expect(names == ["a", "b"])
    }
}
