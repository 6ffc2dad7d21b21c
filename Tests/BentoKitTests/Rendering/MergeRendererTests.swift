import Testing

@testable import BentoJSON
@testable import BentoKit

/// Conflict markers: each side's block holds its own commas, so keeping
/// either side of every block gives valid JSON, the screen resolved to that
/// side, wherever the conflict stands.
@Suite("Merge output with conflict markers")
struct MergeRendererTests {
    /// Renders the merge, and checks that each hand resolution reads back as
    /// the merge resolved to that side. Returns the text.
    @discardableResult
    private func check(_ merged: MergedScreen, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let text = String(decoding: MergeRenderer.render(merged), as: UTF8.self)
        #expect(text.contains("\n<<<<<<< OURS\n") == !merged.isClean, sourceLocation: sourceLocation)
        if !merged.isClean { #expect(Screens.error(text) != nil, "markers make the file invalid", sourceLocation: sourceLocation) }
        for side in MergeSide.allCases {
            let kept = MergeSupport.keep(side, of: text)
            let screen = try Screens.read(kept)
            #expect(MergeSupport.same(screen, merged.resolved(side)), "\(side):\n\(kept)", sourceLocation: sourceLocation)
            #expect(
                Array(kept.utf8) == ScreenRenderer.render(merged.resolved(side)).dropLast() || !merged.isClean,
                sourceLocation: sourceLocation)
        }
        return text
    }

    @Test("a clean merge is written exactly as bento apply writes the screen")
    func cleanMerge() throws {
        let merged = try MergeSupport.merge("a: x y", "a: y x", "a: x=1 y")
        #expect(MergeRenderer.render(merged) == ScreenRenderer.render(merged.resolved(.ours)))
    }

    @Test("a conflict at the first, middle and last row", arguments: ["x", "y", "z"])
    func rowPositions(row: String) throws {
        let base = "a: x y z"
        let merged = try MergeSupport.merge(
            base, base.replacingOccurrences(of: row, with: "\(row)=1"), base.replacingOccurrences(of: row, with: "\(row)=2"))
        #expect(merged.conflicts.count == 1)
        let text = try check(merged)
        #expect(text.contains("<<<<<<< OURS\n          {\n            \"id\": \"\(row)\""))
    }

    @Test("an empty side (deleted against changed) at the first, middle and last row", arguments: ["x", "y", "z"])
    func emptySide(row: String) throws {
        let base = "a: x y z"
        let deleted = base.replacingOccurrences(of: " \(row)", with: "").replacingOccurrences(of: ": \(row)", with: ":")
        for (ours, theirs) in [(deleted, base.replacingOccurrences(of: row, with: "\(row)=1")),
                               (base.replacingOccurrences(of: row, with: "\(row)=1"), deleted)] {
            let merged = try MergeSupport.merge(base, ours, theirs)
            #expect(merged.conflicts.count == 1)
            try check(merged)
        }
    }

    @Test("a list whose every element is in conflict, with empty sides: one block")
    func noCleanElement() throws {
        let merged = try MergeSupport.merge("a: x y", "a:", "a: x=1 y=2")
        #expect(merged.conflicts.count == 2)
        let text = try check(merged)
        #expect(text.components(separatedBy: "<<<<<<< OURS").count == 2)
        let alone = try MergeSupport.merge("a: x", "a:", "a: x=1")
        try check(alone)
    }

    @Test("rows moved apart: a block at each side's place")
    func movedApart() throws {
        let merged = try MergeSupport.merge("a: v w x y z", "a: v w y z x", "a: x v w y z")
        let text = try check(merged)
        #expect(text.components(separatedBy: "<<<<<<< OURS").count == 3)
    }

    @Test("sections: deleted against changed, first and last; moved apart")
    func sections() throws {
        try check(try MergeSupport.merge("a: x; b: y", "b: y", "a: x=T; b: y"))
        try check(try MergeSupport.merge("a: x; b: y", "a: x", "a: x; b: y=T"))
        try check(try MergeSupport.merge("a:; b:; c:; d:; e:", "a:; b:; d:; e:; c:", "c:; a:; b:; d:; e:"))
        try check(try MergeSupport.merge("a: x", "a: x; n: p", "a: x; n: q"))
    }

    @Test("a header: changed on both sides, and removed against changed")
    func header() throws {
        func screen(_ header: String?) throws -> Screen {
            let member = header.map { #""header":{"type":"H","text":"\#($0)"},"# } ?? ""
            return try Screens.read(#"{"box":{"sections":[{"id":"a",\#(member)"rows":[]}]}}"#)
        }
        try check(ThreeWayMerge.merge(base: try screen("1"), ours: try screen("2"), theirs: try screen("3")))
        try check(ThreeWayMerge.merge(base: try screen("1"), ours: try screen(nil), theirs: try screen("3")))
    }

    @Test("screen attributes: the last member, and one only a side has")
    func attributes() throws {
        try check(
            ThreeWayMerge.merge(
                base: try MergeSupport.screen("a:", attributes: #""title":"A""#),
                ours: try MergeSupport.screen("a:", attributes: #""title":"B""#),
                theirs: try MergeSupport.screen("a:")))
        try check(
            ThreeWayMerge.merge(
                base: try MergeSupport.screen("a:", attributes: #""title":"A","n":1"#),
                ours: try MergeSupport.screen("a:", attributes: #""title":"B","n":1"#),
                theirs: try MergeSupport.screen("a:", attributes: #""title":"C","n":2"#)))
    }

    @Test("a Box-form screen stays a Box around its conflicts")
    func boxForm() throws {
        let base = try Screens.read(#"{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","n":1}}]}]}"#)
        let ours = try Screens.read(#"{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","n":2}}]}]}"#)
        let theirs = try Screens.read(#"{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","n":3}}]}]}"#)
        let text = try check(ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs))
        #expect(text.hasPrefix("{\n  \"sections\": ["))
    }
}
