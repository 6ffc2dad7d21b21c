import Testing

@testable import BentoJSON

/// The gap each child of a container edited in place owns
/// (bento-changeset(5), WRITING): its own, the first child's when it is
/// written first, a sibling's when it comes from elsewhere.
@Suite("The gap before a child")
struct JSONEditGapTests {
    private let text = "[ 1,\n  2 ,3\n]"

    private func layout(_ text: String) throws -> JSONEdit.Layout {
        try JSONReader.parse(Array(text.utf8)).layout(of: 0)
    }

    private func bytes(_ range: Range<Int>) -> String { String(decoding: Array(text.utf8)[range], as: UTF8.self) }

    @Test("the child written first takes the first child's gap, whichever child it is")
    func firstWritten() throws {
        let layout = try layout(text)
        for origin in [0, 1, 2, nil] {
            #expect(layout.gap(before: 0, origin: origin) == .copied(layout.firstGap))
        }
        #expect(bytes(layout.firstGap) == " ")
    }

    @Test("a child of the container written later keeps its own gap, comma and all")
    func ownGap() throws {
        let layout = try layout(text)
        guard case .copied(let second) = layout.gap(before: 1, origin: 1), case .copied(let third) = layout.gap(before: 1, origin: 2) else {
            Issue.record("not copied")
            return
        }
        #expect(bytes(second) == ",\n  ")
        #expect(bytes(third) == " ,")
    }

    @Test("a child from elsewhere, or the first child written later, takes the second child's gap")
    func borrowedGap() throws {
        let layout = try layout(text)
        let second = layout.gap(before: 1, origin: 1)
        #expect(layout.gap(before: 2, origin: nil) == second)
        #expect(layout.gap(before: 1, origin: 0) == second)
    }

    @Test("in a container of one, a child written later takes a comma and the first child's gap")
    func containerOfOne() throws {
        let layout = try layout("[\n  1\n]")
        #expect(layout.gap(before: 1, origin: nil) == .comma(then: layout.firstGap))
        #expect(layout.gap(before: 1, origin: 0) == .comma(then: layout.firstGap))
    }

    @Test("the closing gap is what stands after the last child")
    func closingGap() throws {
        let layout = try layout(text)
        #expect(bytes(layout.closingGap) == "\n")
    }
}
