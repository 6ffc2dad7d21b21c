import Testing

@testable import BentoJSON
@testable import BentoKit

/// One test or more per matching rule of bento-screen(5), MATCHING.
@Suite("bento-screen(5), MATCHING")
struct MatchingRuleTests {
    // MARK: Rule 1: sections

    @Test("rule 1: an old section with no match is a delete, a new one an insert; their rows are not listed")
    func sectionInsertDelete() throws {
        let c = try Screens.diff(
            Screens.box([("a", ["1", "2"]), ("b", ["3"])]),
            Screens.box([("a", ["1", "2"]), ("c", ["4", "5"])]))
        #expect(c.outline == [#"delete section "b""#, #"insert section "c""#])
        #expect(c.changes[0].from == Position(section: 1))
        #expect(c.changes[1].to == Position(section: 1))
        guard case .section(let inserted)? = c.changes[1].new else {
            Issue.record("insert carries no section")
            return
        }
        #expect(inserted.rows.map(\.id) == [ScreenID("4"), ScreenID("5")])
    }

    @Test("rule 1: a matched section whose header or footer differs is an update with field changes")
    func sectionUpdate() throws {
        let c = try Screens.diff(
            #"{"box":{"sections":[{"id":"s","header":{"type":"H","text":"Hi"},"rows":[]}]}}"#,
            #"{"box":{"sections":[{"id":"s","header":{"type":"H","text":"Hello"},"footer":{"type":"F"}}]}}"#)
        #expect(c.outline == [#"update section "s""#])
        #expect(
            c.changes[0].fields == [
                FieldChange(path: "/footer", old: nil, new: ["type": "F"]),
                FieldChange(path: "/header/text", old: "Hi", new: "Hello"),
            ])
    }

    @Test("rule 1: a section's fields never include its rows")
    func sectionFieldsExcludeRows() throws {
        let c = try Screens.diff(Screens.box([("s", ["1"])]), Screens.box([("s", ["2"])]))
        #expect(c.outline == [#"delete row "1""#, #"insert row "2""#])
    }

    @Test("rule 1: a header that goes away has only old; a missing header is the same as null")
    func headerAppearsAndGoes() throws {
        let c = try Screens.diff(
            #"{"box":{"sections":[{"id":"s","header":{"type":"H"}},{"id":"t","header":null}]}}"#,
            #"{"box":{"sections":[{"id":"s"},{"id":"t"}]}}"#)
        #expect(c.changes.count == 1)
        #expect(c.changes[0].fields == [FieldChange(path: "/header", old: ["type": "H"], new: nil)])
    }

    @Test("rule 1: section moves are the matched count minus the longest increasing subsequence")
    func sectionMovesAreMinimal() throws {
        // Old a b c d e; new b c d e a: only a moves, not four others.
        let c = try Screens.diff(
            Screens.box([("a", []), ("b", []), ("c", []), ("d", []), ("e", [])]),
            Screens.box([("b", []), ("c", []), ("d", []), ("e", []), ("a", [])]))
        #expect(c.outline == [#"move section "a""#])
        #expect(c.changes[0].from == Position(section: 0))
        #expect(c.changes[0].to == Position(section: 4))
    }

    @Test("rule 1: a swap of two sections is one move; the earlier one stays (patience sorting)")
    func sectionSwap() throws {
        let c = try Screens.diff(Screens.box([("a", []), ("b", [])]), Screens.box([("b", []), ("a", [])]))
        #expect(c.outline == [#"move section "b""#])
    }

    @Test("rule 1: a moved section whose header also changed is one move record with its fields")
    func sectionMoveWithFields() throws {
        let c = try Screens.diff(
            #"{"box":{"sections":[{"id":"a"},{"id":"b","header":{"type":"H","t":1}}]}}"#,
            #"{"box":{"sections":[{"id":"b","header":{"type":"H","t":2}},{"id":"a"}]}}"#)
        #expect(c.outline == [#"move section "b""#])
        #expect(c.changes[0].fields == [FieldChange(path: "/header/t", old: 1, new: 2)])
    }

    // MARK: Rule 2: rows

    @Test("rule 2: rows of a matched pair of sections match by id within it")
    func rowsMatchWithinPair() throws {
        let c = try Screens.diff(Screens.box([("s", ["1", "2", "3"])]), Screens.box([("s", ["1", "3", "4"])]))
        #expect(c.outline == [#"delete row "2""#, #"insert row "4""#])
        #expect(c.changes[0].section == ScreenID("s"))
        #expect(c.changes[0].from == Position(section: 0, row: 1))
        #expect(c.changes[1].to == Position(section: 0, row: 2))
    }

    @Test("rule 2: an id once in each whole box, in two different matched sections, is a cross-section move")
    func crossSectionMove() throws {
        let c = try Screens.diff(
            Screens.box([("a", ["1", "x"]), ("b", ["2"])]),
            Screens.box([("a", ["1"]), ("b", ["x", "2"])]))
        #expect(c.outline == [#"move row "x""#])
        #expect(c.changes[0].fromSection == ScreenID("a"))
        #expect(c.changes[0].section == ScreenID("b"))
        #expect(c.changes[0].from == Position(section: 0, row: 1))
        #expect(c.changes[0].to == Position(section: 1, row: 0))
    }

    @Test("rule 2: an id twice in the old box does not move across sections: delete and insert")
    func noCrossMoveWhenIDRepeats() throws {
        let c = try Screens.diff(
            Screens.box([("a", ["x"]), ("b", ["2"]), ("c", ["x"])]),
            Screens.box([("a", []), ("b", ["x", "2"]), ("c", ["x"])]))
        #expect(c.outline == [#"delete row "x""#, #"insert row "x""#])
    }

    @Test("rule 2: an id twice in the new box does not move across sections")
    func noCrossMoveWhenIDRepeatsInNew() throws {
        let c = try Screens.diff(
            Screens.box([("a", ["x"]), ("b", [])]),
            Screens.box([("a", []), ("b", ["x"]), ("c", ["x"])]))
        #expect(c.outline == [#"insert section "c""#, #"delete row "x""#, #"insert row "x""#])
    }

    @Test("rule 2: a row that goes into an inserted section is a delete; it comes with the section")
    func noCrossMoveIntoInsertedSection() throws {
        let c = try Screens.diff(Screens.box([("a", ["x"])]), Screens.box([("a", []), ("n", ["x"])]))
        #expect(c.outline == [#"insert section "n""#, #"delete row "x""#])
    }

    @Test("rule 2: within a section the fewest rows are moves")
    func rowMovesAreMinimal() throws {
        let c = try Screens.diff(
            Screens.box([("s", ["1", "2", "3", "4", "5"])]), Screens.box([("s", ["5", "1", "2", "3", "4"])]))
        #expect(c.outline == [#"move row "5""#])
        #expect(c.changes[0].fromSection == nil)
    }

    @Test("rule 2: a matched row whose node differs is an update with field changes")
    func rowUpdate() throws {
        let c = try Screens.diff(
            #"{"box":{"sections":[{"id":"s","rows":[{"id":"r","component":{"type":"T","props":{"title":"A"}}}]}]}}"#,
            #"{"box":{"sections":[{"id":"s","rows":[{"id":"r","component":{"type":"T","props":{"title":"B"}}}]}]}}"#)
        #expect(c.outline == [#"update row "r""#])
        #expect(c.changes[0].fields == [FieldChange(path: "/component/props/title", old: "A", new: "B")])
    }

    @Test("rule 2: a moved row whose node also differs is one move record carrying its field changes")
    func rowMoveWithFields() throws {
        let c = try Screens.diff(
            #"{"box":{"sections":[{"id":"a","rows":[{"id":"x","component":{"type":"T","t":"A"}}]},{"id":"b"}]}}"#,
            #"{"box":{"sections":[{"id":"a"},{"id":"b","rows":[{"id":"x","component":{"type":"T","t":"B"}}]}]}}"#)
        #expect(c.outline == [#"move row "x""#])
        #expect(c.changes[0].fields == [FieldChange(path: "/component/t", old: "A", new: "B")])
    }

    // MARK: Rule 3 and boxes

    @Test("rule 3: screen attributes that differ make one update of kind screen")
    func screenUpdate() throws {
        let c = try Screens.diff(
            #"{"title":"A","x":1,"box":{"sections":[]}}"#, #"{"title":"B","y":true,"box":{"sections":[]}}"#)
        #expect(c.outline == ["update screen"])
        #expect(
            c.changes[0].fields == [
                FieldChange(path: "/title", old: "A", new: "B"),
                FieldChange(path: "/x", old: 1, new: nil),
                FieldChange(path: "/y", old: nil, new: true),
            ])
    }

    @Test("box and pinnedToBottomBox are diffed each on its own; a missing box is an empty one")
    func boxesSeparately() throws {
        let c = try Screens.diff(
            #"{"box":{"sections":[{"id":"s","rows":[{"id":"x","component":{"type":"T"}}]}]}}"#,
            #"{"box":{"sections":[{"id":"s"}]},"pinnedToBottomBox":{"sections":[{"id":"s","rows":[{"id":"x","component":{"type":"T"}}]}]}}"#
        )
        #expect(c.outline == [#"delete row "x""#, #"insert section "s""#])
        #expect(c.changes.map(\.box) == [.box, .pinnedToBottomBox])
    }

    @Test("records come in bento-changeset(5)'s order: screen; per box sections then rows; delete, insert, move, update")
    func recordOrder() throws {
        let c = try Screens.diff(
            #"{"title":"A","box":{"sections":[{"id":"a","header":{"type":"H"},"rows":[{"id":"1","component":{"type":"T"}},{"id":"2","component":{"type":"T"}}]},{"id":"b"},{"id":"gone"}]}}"#,
            #"{"title":"B","box":{"sections":[{"id":"b"},{"id":"new"},{"id":"a","header":{"type":"H2"},"rows":[{"id":"2","component":{"type":"T"}},{"id":"1","component":{"type":"U"}},{"id":"3","component":{"type":"T"}}]}]}}"#
        )
        #expect(
            c.outline == [
                "update screen", #"delete section "gone""#, #"insert section "new""#, #"move section "b""#,
                #"update section "a""#, #"insert row "3""#, #"move row "2""#, #"update row "1""#,
            ])
    }

    @Test("identical screens written differently give no changes")
    func identical() throws {
        let c = try Screens.diff(
            #"{"box":{"sections":[{"id":"s","header":null,"rows":[{"id":1,"component":{"type":"T","a":1,"b":[1.0]}}]}]}}"#,
            #"{"$comment":"x","box":{"sections":[{"rows":[{"component":{"b":[1e0],"a":10e-1,"type":"T"},"id":1}],"id":"s"}]}}"#
        )
        #expect(c.isIdentical)
    }

    @Test("the summary counts the records by kind and op")
    func summary() throws {
        let c = try Screens.diff(Screens.box([("a", ["1", "2"]), ("b", [])]), Screens.box([("b", ["2"]), ("c", [])]))
        #expect(c.summary[.section, .delete] == 1)
        #expect(c.summary[.section, .insert] == 1)
        // Row 2 leaves a deleted section: it goes with it, and arrives as an insert.
        #expect(c.summary[.row, .insert] == 1)
        #expect(c.summary[.row, .move] == 0)
        #expect(c.summary[.row, .delete] == 0)
        #expect(c.summary[.screen, .update] == 0)
    }
}
