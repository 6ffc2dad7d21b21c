import Testing

@testable import BentoJSON

/// `MemberKeys` finds which of a schema's keys a member name is, by length
/// and then bytes; a name of the same length but other bytes is no key.
@Suite("MemberKeys")
struct MemberKeysTests {
    enum Key: String, CodingKey, CaseIterable, Sendable { case id, component, rows, row, header, footer }

    static let keys = MemberKeys(Key.allCases)

    func key(_ name: String) -> Key? { Array(name.utf8).withSpan { Self.keys.key(named: $0) } }

    @Test("every key is found by its own name, and names of the same length but other bytes are not keys")
    func lookUp() {
        for key in Key.allCases { #expect(self.key(key.stringValue) == key) }
        for name in ["ix", "Id", "rowz", "ro", "row ", "components", "", "héader", "footeR"] {
            #expect(key(name) == nil, "\(name)")
        }
    }

    @Test("a name read with escapes is matched by its decoded bytes")
    func escapedNames() throws {
        let text = Array(#"{"r\u006fws": 1, "\u0069d": 2, "r\u006f": 3}"#.utf8)
        var found: [Key?] = []
        try JSONPullReader.reading(text) { reader throws(JSONSyntaxError) in
            var reader = reader
            try reader.beginObject()
            while let name = try reader.nextMember() {
                found.append(reader.key(of: name, among: Self.keys))
                _ = try reader.readNumber()
            }
        }
        #expect(found == [.rows, .id, nil])
    }
}
