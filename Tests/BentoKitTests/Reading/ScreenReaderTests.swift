import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// bento-screen(5), DOCUMENT and INVALID INPUT: what a screen document is, and the errors for what is not.
@Suite("bento-screen(5), DOCUMENT: screen documents and invalid input")
struct ScreenReaderTests {
    @Test("a Screen has a box, an optional pinnedToBottomBox, a title and any other attributes")
    func screenForm() throws {
        let s = try Screens.read(
            #"{"title":"Pharmacy","box":{"sections":[]},"pinnedToBottomBox":{"sections":[{"id":"p"}]},"shouldUseSystemSeparators":true}"#
        )
        #expect(s.title == "Pharmacy")
        #expect(s.pinnedToBottomBox?.sections.map(\.id) == [ScreenID("p")])
        #expect(s.attributes.members.map(\.key) == ["title", "shouldUseSystemSeparators"])
        #expect(s.shape == .screen)
    }

    @Test("a Box alone reads as a Screen with that box and no attributes")
    func boxForm() throws {
        let s = try Screens.read(#"{"$schema":"x","sections":[{"id":"a","rows":[]}]}"#)
        #expect(s.box.sections.count == 1)
        #expect(s.attributes.isEmpty)
        #expect(s.shape == .box)
    }

    @Test("a missing header or footer is null, missing rows are []")
    func defaults() throws {
        let s = try Screens.read(#"{"box":{"sections":[{"id":"a"}]}}"#)
        #expect(s.box.sections[0] == Section(id: ScreenID("a")))
    }

    @Test("$-members are ignored in schema objects but kept inside components")
    func dollarMembers() throws {
        let s = try Screens.read(
            #"{"$comment":"c","box":{"$x":1,"sections":[{"$c":2,"id":"a","rows":[{"$d":3,"id":"r","component":{"type":"T","$keep":4}}]}]}}"#
        )
        #expect(s.attributes.isEmpty)
        #expect(s.box.sections[0].rows[0].component.properties["$keep"] == 4)
    }

    @Test("a UTF-8 byte order mark at the start is tolerated")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"sections":[]}"#.utf8)
        #expect(throws: Never.self) { try ScreenReader.read(SourceText(name: "bom.json", bytes: bytes)) }
    }

    @Test("the schema round-trips through Codable (Foundation's encoder and decoder)")
    func codableRoundTrip() throws {
        var throughFoundation = 0
        for seed in UInt64(0)..<400 {
            let screen = try RandomScreenPairs.screens(seed: seed).old
            // Foundation's coders hold numbers as Double or Decimal, and key
            // objects by String ==: only screens whose numbers those keep
            // exactly, and whose member names differ by more than Unicode
            // normalization, can round-trip there.
            if SchemaFastPathTests.numbersAreExactInDouble(screen.jsonValue) && Self.namesDifferAsSwiftStrings(screen.jsonValue) {
                let data = try JSONEncoder().encode(screen)
                let decoded = try JSONDecoder().decode(Screen.self, from: data)
                #expect(decoded.box == screen.box, "seed \(seed)")
                #expect(decoded.attributes == screen.attributes, "seed \(seed)")
                throughFoundation += 1
            }
            // And through bento's own reader and writer, every one.
            let bytes = Array(JSONWriter(style: .pretty).string(screen.jsonValue).utf8)
            let reread = try ScreenReader.read(SourceText(name: "x.json", bytes: bytes))
            #expect(reread == screen, "seed \(seed)")
        }
        #expect(throughFoundation >= 100)
    }

    /// True when no object in `value` has two member names that Swift's
    /// `String ==` takes for one (`"café"` written two ways).
    static func namesDifferAsSwiftStrings(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let a): return a.allSatisfy(namesDifferAsSwiftStrings)
        case .object(let o):
            return Set(o.members.map(\.key)).count == o.count && o.members.allSatisfy { namesDifferAsSwiftStrings($0.value) }
        default: return true
        }
    }

    // MARK: Invalid input: one line, file, line, column, JSON path

    @Test("not JSON: the position of the problem")
    func notJSON() {
        let e = Screens.error("{\"box\": {\"sections\": [],}}")
        #expect(e?.description == "test.json:1:25: expected a member name in double quotes, found character '}'")
    }

    @Test("not UTF-8: the position of the first bad byte")
    func notUTF8() throws {
        let bytes = Array("{\"title\": \"caf".utf8) + [0xE9] + Array("\", \"box\": {\"sections\": []}}".utf8)
        do {
            _ = try ScreenReader.read(SourceText(name: "latin1.json", bytes: bytes))
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.description == "latin1.json:1:15: invalid UTF-8 byte 0xe9")
        }
    }

    @Test("a member name twice in one object: the position of the second")
    func duplicateMember() {
        let e = Screens.error("{\"box\": {\"sections\": []},\n \"box\": {}}")
        // The path names the member (Fixtures/invalid/README.md, duplicate-member.json).
        #expect(e?.description == "test.json:2:2: box: duplicate member \"box\" (first at 1:2)")
    }

    @Test("an unknown member names the nearest allowed one")
    func unknownMember() {
        let e = Screens.error(#"{"box":{"sections":[{"id":"a","row":[]}]}}"#)
        #expect(
            e?.description
                == #"test.json:1:31: box.sections[0].row: unknown member "row" in section; did you mean "rows"?"#)
    }

    @Test("a missing member points at the object that lacks it")
    func missingMember() {
        let e = Screens.error("{\"box\":{\"sections\":[{\"id\":\"a\",\"rows\":[\n  {\"id\":\"r\"}]}]}}")
        // The path is the missing member's (Fixtures/invalid/README.md, missing-member.json).
        #expect(e?.description == #"test.json:2:3: box.sections[0].rows[0].component: missing member "component""#)
    }

    @Test("a mistyped member names what was expected and what was found")
    func mistypedMember() {
        let e = Screens.error(#"{"box":{"sections":[{"id":"a","rows":{}}]}}"#)
        #expect(e?.description == "test.json:1:38: box.sections[0].rows: expected an array, found an object")
        let t = Screens.error(#"{"title":3,"box":{"sections":[]}}"#)
        #expect(t?.description == "test.json:1:10: title: expected a string, found a number")
    }

    @Test("an id that is not an id")
    func badID() {
        let e = Screens.error(#"{"box":{"sections":[{"id":1.5}]}}"#)
        #expect(
            e?.description
                == "test.json:1:27: box.sections[0].id: an id must be a string, an integer, or an array or object of them; found the number 1.5"
        )
    }

    @Test("a section id twice in one box: both positions")
    func duplicateSectionID() {
        let e = Screens.error("{\"box\":{\"sections\":[{\"id\":\"a\"},\n{\"id\":\"a\"}]}}")
        #expect(
            e?.description
                == #"test.json:2:7: box.sections[1].id: duplicate section id "a" (first at 1:27, box.sections[0].id)"#)
    }

    @Test("a row id twice in one section: both positions; the same id in two sections is fine")
    func duplicateRowID() {
        let e = Screens.error(
            #"{"box":{"sections":[{"id":"a","rows":[{"id":1,"component":{"type":"T"}},{"id":1,"component":{"type":"T"}}]}]}}"#
        )
        #expect(
            e?.description
                == "test.json:1:79: box.sections[0].rows[1].id: duplicate row id 1 (first at 1:45, box.sections[0].rows[0].id)"
        )
        #expect(Screens.error(Screens.box([("a", ["x"]), ("b", ["x"])])) == nil)
    }

    @Test("nesting deeper than 512 levels is an error, never a crash")
    func tooDeep() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let e = Screens.error(#"{"box":{"sections":[{"id":"a","header":{"type":"T","p":"# + deep + "}}]}}")
        #expect(e?.message == "nesting deeper than 512 levels")
        #expect(e?.location == SourceLocation(line: 1, column: 563))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() {
        let e = Screens.error(#"{"title":"ééé€😀","box":{"sections":[],}}"#)
        #expect(e?.location == SourceLocation(line: 1, column: 39))
    }

    @Test("a file that cannot be read has no line and column")
    func unreadable() {
        do {
            _ = try ScreenReader.read(path: "/nonexistent/old.json")
            Issue.record("read a missing file")
        } catch {
            #expect(error.description == "/nonexistent/old.json: No such file or directory")
        }
    }
}
