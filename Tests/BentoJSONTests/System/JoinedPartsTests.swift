import Testing

@testable import BentoJSON

@Suite("JoinedParts")
struct JoinedPartsTests {
    @Test("reads the parts as the joined list, empty parts anywhere")
    func sameAsJoined() {
        let cases: [[[String]]] = [
            [], [[]], [[], []], [["a"]], [[], ["a", "b"], []], [["a"], [], [], ["b", "c"], ["d"]],
            (0..<13).map { p in (0..<(p % 4 == 0 ? 0 : p)).map { "\(p).\($0)" } },
        ]
        for parts in cases {
            let joined = JoinedParts(parts)
            #expect(joined.count == parts.joined().count, "\(parts)")
            #expect((0..<joined.count).map { joined[$0] } == Array(parts.joined()), "\(parts)")
        }
    }
}
