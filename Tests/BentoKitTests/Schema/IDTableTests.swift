import Testing

@testable import BentoKit

/// Ids interned to small integers, equal ids to one, by the rules of
/// identity (canonical JSON, code points).
@Suite("Id table")
struct IDTableTests {
    @Test("equal ids intern to one number, different ones to the next")
    func intern() throws {
        var table = IDTable(capacity: 2)
        let structured = try #require(ScreenID(["prescription": ["id": "42", "n": 1]]))
        let reordered = try #require(ScreenID(["prescription": ["n": 1, "id": "42"]]))
        #expect(table.intern(ScreenID("a")) == 0)
        #expect(table.intern(ScreenID(1)) == 1)
        #expect(table.intern(ScreenID("1")) == 2)
        #expect(table.intern(structured) == 3)
        #expect(table.intern(reordered) == 3)
        #expect(table.intern(ScreenID("caf\u{E9}")) == 4)
        #expect(table.intern(ScreenID("cafe\u{301}")) == 5)
        #expect(table.intern(ScreenID("a"), hint: 3) == 0)
        #expect(table.count == 6)
    }

    @Test("the table grows past its capacity and still finds every id")
    func grows() {
        var table = IDTable(capacity: 1)
        for k in 0..<1000 { #expect(table.intern(ScreenID("row-\(k)"), hint: k) == k) }
        for k in stride(from: 0, to: 1000, by: 37) { #expect(table.find(ScreenID("row-\(k)")) == k) }
        #expect(table.find(ScreenID("row-1000")) == nil)
    }
}
