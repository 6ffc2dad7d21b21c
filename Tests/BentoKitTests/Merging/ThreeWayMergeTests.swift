import Testing

@testable import BentoJSON
@testable import BentoKit

/// bento-changeset(5), MERGE, one rule per test: what merges cleanly, the order
/// rule, and each kind of conflict with its two resolutions.
@Suite("Three-way merge: the rules of bento-changeset(5), MERGE")
struct ThreeWayMergeTests {
    private func clean(_ base: String, _ ours: String, _ theirs: String) throws -> String {
        let merged = try MergeSupport.merge(base, ours, theirs)
        #expect(merged.conflicts == [])
        return MergeSupport.layout(merged.resolved(.ours))
    }

    // MARK: Identity and fields

    @Test("a row moved on one side and edited on the other merges cleanly")
    func moveAgainstEdit() throws {
        #expect(try clean("a: x y z", "a: y z x", "a: x=New y z") == "a: y z x=New")
        #expect(try clean("a: x y z", "a: x=New y z", "a: y z x") == "a: y z x=New")
    }

    @Test("a row moved across sections on one side and edited on the other merges cleanly")
    func crossSectionMoveAgainstEdit() throws {
        #expect(try clean("a: x y; b: z", "a: y; b: z x", "a: x=X y; b: z") == "a: y; b: z x=X")
        #expect(try clean("a: x y; b: z", "a: x=O y; b: z", "a: y; b: x z") == "a: y; b: x=O z")
    }

    @Test("each side's changes to different fields of one row are both kept")
    func fieldByField() throws {
        let base = try Screens.read(#"{"box":{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","a":1,"b":1}}]}]}}"#)
        let ours = try Screens.read(#"{"box":{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","a":2,"b":1}}]}]}}"#)
        let theirs = try Screens.read(#"{"box":{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"U","a":1,"b":3}}]}]}}"#)
        let expected = try Screens.read(#"{"box":{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"U","a":2,"b":3}}]}]}}"#)
        let merged = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.isClean)
        #expect(MergeSupport.same(merged.resolved(.ours), expected))
    }

    @Test("changed on both sides to equal values is clean")
    func equalChanges() throws {
        #expect(try clean("a: x=1", "a: x=2", "a: x=2") == "a: x=2")
    }

    @Test("the same row added on both sides with equal content is one row")
    func addedTwiceEqual() throws {
        #expect(try clean("a: x", "a: x n=1", "a: x n=1") == "a: x n=1")
    }

    @Test("screen attributes merge member by member")
    func attributes() throws {
        let merged = ThreeWayMerge.merge(
            base: try MergeSupport.screen("a: x", attributes: #""title":"A","badge":1"#),
            ours: try MergeSupport.screen("a: x", attributes: #""title":"B","badge":1"#),
            theirs: try MergeSupport.screen("a: x", attributes: #""title":"A","badge":2,"new":true"#))
        #expect(merged.isClean)
        #expect(merged.resolved(.ours).attributes == JSONObject([("title", "B"), ("badge", 2), ("new", true)]))
    }

    // MARK: Order

    @Test("order: OURS' order, without what THEIRS deleted")
    func oursOrderWithoutTheirsDeletes() throws {
        #expect(try clean("a: x y z", "a: z x y", "a: x z") == "a: z x")
    }

    @Test("order: THEIRS' insert goes immediately after its predecessor in THEIRS")
    func insertAfterPredecessor() throws {
        #expect(try clean("a: x y", "a: x o y", "a: x t y") == "a: x t o y")
    }

    @Test("order: an insert with no predecessor in THEIRS goes first")
    func insertFirst() throws {
        #expect(try clean("a: x y", "a: o x y", "a: t x y") == "a: t o x y")
    }

    @Test("order: a predecessor OURS deleted is skipped for the nearest one in the merge")
    func predecessorDeleted() throws {
        #expect(try clean("a: w x y", "a: w y", "a: w x t y") == "a: w t y")
    }

    @Test("order: THEIRS' inserts are taken in THEIRS' order")
    func insertsInTheirsOrder() throws {
        #expect(try clean("a: x y", "a: x o y", "a: x t1 t2 y") == "a: x t1 t2 o y")
    }

    @Test("order: THEIRS' move against OURS' insert next to it keeps both (jsondiffpatch #167)")
    func moveAgainstInsert() throws {
        #expect(try clean("a: p q r", "a: p o q r", "a: q r p") == "a: o q r p")
        #expect(try clean("a: p q r s", "a: p r s q", "a: p q n s") == "a: p s q n")
    }

    @Test("order: sections follow the same rule")
    func sectionOrder() throws {
        #expect(try clean("a:; b:; c:", "c:; a:; b:", "a:; t:; b:; c:") == "c:; a:; t:; b:")
    }

    // MARK: Conflicts

    @Test("conflict: a field changed on both sides to different values")
    func conflictBothChanged() throws {
        let merged = try MergeSupport.merge("a: x=1 y", "a: x=2 y", "a: x=3 y")
        #expect(
            merged.conflicts == [
                MergeConflict(.row(.box, section: ScreenID("a"), id: ScreenID("x")), .changedOnBoth(paths: ["/component/title"]))
            ])
        #expect(MergeSupport.layout(merged.resolved(.ours)) == "a: x=2 y")
        #expect(MergeSupport.layout(merged.resolved(.theirs)) == "a: x=3 y")
    }

    @Test("conflict: deleted on one side and changed on the other")
    func conflictDeletedChanged() throws {
        let merged = try MergeSupport.merge("a: x y", "a: y", "a: x=T y")
        #expect(merged.conflicts.map(\.reason) == [.deleted(by: .ours, changed: true, moved: false)])
        #expect(MergeSupport.layout(merged.resolved(.ours)) == "a: y")
        #expect(MergeSupport.layout(merged.resolved(.theirs)) == "a: x=T y")
    }

    @Test("conflict: deleted on one side and moved on the other")
    func conflictDeletedMoved() throws {
        let merged = try MergeSupport.merge("a: x y z", "a: y z x", "a: y z")
        #expect(merged.conflicts.map(\.reason) == [.deleted(by: .theirs, changed: false, moved: true)])
        #expect(MergeSupport.layout(merged.resolved(.ours)) == "a: y z x")
        #expect(MergeSupport.layout(merged.resolved(.theirs)) == "a: y z")
    }

    @Test("moved for sure: a move that some minimal move set does not make conflicts with nothing")
    func movedForSure() throws {
        // OURS moved x down one place (or s up: the diff names one); THEIRS deletes s.
        #expect(try clean("a: x s y z", "a: s x y z", "a: x y z") == "a: x y z")
        #expect(try clean("x:; s:; y:; z:", "s:; x:; y:; z:", "x:; y:; z:") == "x:; y:; z:")
        // The same with the sides swapped.
        #expect(try clean("a: x s y z", "a: x y z", "a: s x y z") == "a: x y z")
        // Both reorder the same pair: neither moved for sure, OURS' order stays.
        #expect(try clean("a: x s y", "a: s x y", "a: s x y=T") == "a: s x y=T")
        // A move every minimal set makes still conflicts with a delete.
        let merged = try MergeSupport.merge("a: x y z", "a: y z x", "a: y z")
        #expect(merged.conflicts.map(\.reason) == [.deleted(by: .theirs, changed: false, moved: true)])
    }

    @Test("conflict: the same id added on both sides with different content")
    func conflictAddedTwice() throws {
        let merged = try MergeSupport.merge("a: x", "a: x n=1", "a: x n=2")
        #expect(merged.conflicts.map(\.reason) == [.addedOnBoth])
        #expect(MergeSupport.layout(merged.resolved(.theirs)) == "a: x n=2")
        let sections = try MergeSupport.merge("a: x", "a: x; n: p", "a: x; n: q")
        #expect(sections.conflicts == [MergeConflict(.section(.box, id: ScreenID("n"), member: nil), .addedOnBoth)])
    }

    @Test("conflict: moved on both sides to different places; to the same place is clean")
    func conflictMovedApart() throws {
        let merged = try MergeSupport.merge("a: v w x y z", "a: v w y z x", "a: x v w y z")
        #expect(merged.conflicts.map(\.reason) == [.movedApart])
        #expect(MergeSupport.layout(merged.resolved(.ours)) == "a: v w y z x")
        #expect(MergeSupport.layout(merged.resolved(.theirs)) == "a: x v w y z")
        #expect(try clean("a: v w x y z", "a: v w y z x", "a: v w y z x") == "a: v w y z x")
        let sections = try MergeSupport.merge("a:; b:; c:; d:; e:", "a:; b:; d:; e:; c:", "c:; a:; b:; d:; e:")
        #expect(sections.conflicts == [MergeConflict(.section(.box, id: ScreenID("c"), member: nil), .movedApart)])
    }

    @Test("conflict: a section deleted on one side whose rows the other changed; untouched, it is deleted")
    func conflictSectionDeleted() throws {
        let merged = try MergeSupport.merge("a: x; b: y", "b: y", "a: x=T; b: y")
        #expect(
            merged.conflicts == [
                MergeConflict(.section(.box, id: ScreenID("a"), member: nil), .deleted(by: .ours, changed: true, moved: false))
            ])
        #expect(MergeSupport.layout(merged.resolved(.theirs)) == "a: x=T; b: y")
        #expect(try clean("a: x; b: y", "b: y", "a: x; b: y z") == "b: y z")
    }

    @Test("conflict: a header changed on both sides is marked at the header")
    func conflictHeader() throws {
        func screen(_ text: String) throws -> Screen {
            try Screens.read(#"{"box":{"sections":[{"id":"a","header":{"type":"H","text":"\#(text)"},"rows":[]}]}}"#)
        }
        let merged = ThreeWayMerge.merge(base: try screen("1"), ours: try screen("2"), theirs: try screen("3"))
        #expect(
            merged.conflicts == [
                MergeConflict(.section(.box, id: ScreenID("a"), member: "header"), .changedOnBoth(paths: ["/header/text"]))
            ])
        #expect(merged.resolved(.theirs).box.sections[0].header?.properties["text"] == "3")
    }

    @Test("conflict: a screen attribute changed on both sides")
    func conflictAttribute() throws {
        let merged = ThreeWayMerge.merge(
            base: try MergeSupport.screen("a:", attributes: #""title":"A""#),
            ours: try MergeSupport.screen("a:", attributes: #""title":"B""#),
            theirs: try MergeSupport.screen("a:", attributes: #""title":"C""#))
        #expect(merged.conflicts == [MergeConflict(.attribute("title"), .changedOnBoth(paths: ["/title"]))])
        #expect(merged.resolved(.theirs).title == "C")
    }

    @Test("a conflict is one line naming the box, section and row ids")
    func conflictLine() {
        let conflict = MergeConflict(
            .row(.pinnedToBottomBox, section: ScreenID("a"), id: ScreenID(7)), .deleted(by: .ours, changed: true, moved: true))
        #expect(conflict.description == #"pinnedToBottomBox, section "a", row 7: deleted in OURS, changed and moved in THEIRS"#)
    }
}
