import Testing

@testable import BentoJSON
@testable import BentoKit

/// A move whose positions read the same (`[0, 1] → [0, 1]`) says where it
/// went, by its neighbour in the new screen.
@Suite("Where a move went")
struct MovePlaceTests {
    private func phrases(_ old: String, _ new: String) throws -> [String?] {
        let (a, b) = (try MergeSupport.screen(old), try MergeSupport.screen(new))
        return ScreenDiff.changeset(from: a, to: b).changes.map { MovePlace.phrase($0, in: b.box) }
    }

    @Test("rows: after the row before, or first in the section; moves with other numbers get nothing")
    func rows() throws {
        #expect(try phrases("a: x y z", "a: z y x") == [nil, "now after \"z\""])
        #expect(try phrases("a: x y; b: p q", "a: x; b: y q") .allSatisfy { $0 == nil })
    }

    @Test("sections: after the section before, or first")
    func sections() throws {
        #expect(try phrases("a:; b:; c:", "c:; b:; a:") == [nil, "now after section \"c\""])
    }
}
