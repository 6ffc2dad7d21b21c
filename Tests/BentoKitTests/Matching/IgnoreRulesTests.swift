import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// `--ignore POINTER`: each kind of object a rule applies to, the wildcard,
/// escapes, what is never masked, and the summary record.
@Suite("Ignore rules")
struct IgnoreRulesTests {
    static func row(_ id: String, _ props: String, style: String = "{}") -> String {
        #"{"id": "\#(id)", "component": {"type": "Cell", "props": \#(props), "style": \#(style)}}"#
    }

    static func single(rows: [String], header: String = "null", attributes: String = "") throws -> Screen {
        try Screens.read(
            #"{\#(attributes)"box": {"sections": [{"id": "s", "header": \#(header), "rows": [\#(rows.joined(separator: ","))]}]}}"#
        )
    }

    static func diff(_ old: Screen, _ new: Screen, _ pointers: [String]) throws -> Changeset {
        ScreenDiff.changeset(from: old, to: new, ignoring: try IgnoreRules(pointers))
    }

    @Test("a row whose only difference is ignored is not updated")
    func rowMemberIgnored() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"title": "A", "analyticsId": "x1"}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"title": "A", "analyticsId": "x2"}"#)])
        #expect(!ScreenDiff.changeset(from: old, to: new).isIdentical)
        let changeset = try Self.diff(old, new, ["/component/props/analyticsId"])
        #expect(changeset.isIdentical)
    }

    @Test("other field changes of the row remain, with their values")
    func rowOtherFieldsRemain() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"title": "A", "analyticsId": "x1"}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"title": "B", "analyticsId": "x2"}"#)])
        let changeset = try Self.diff(old, new, ["/component/props/analyticsId"])
        #expect(changeset.changes.count == 1)
        #expect(changeset.changes[0].op == .update)
        #expect(changeset.changes[0].fields == [FieldChange(path: "/component/props/title", old: "A", new: "B")])
    }

    @Test("an ignored member that appears or goes away is no change")
    func memberAddedOrRemoved() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"title": "A"}"#), Self.row("b", #"{"analyticsId": "y"}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"title": "A", "analyticsId": "x"}"#), Self.row("b", "{}")])
        #expect(try Self.diff(old, new, ["/component/props/analyticsId"]).isIdentical)
    }

    @Test("* matches any one member: props and style alike")
    func wildcardMember() throws {
        let old = try Self.single(rows: [
            Self.row("a", #"{"accessibilityId": "p1"}"#, style: #"{"accessibilityId": "s1", "color": "red"}"#)
        ])
        let new = try Self.single(rows: [
            Self.row("a", #"{"accessibilityId": "p2"}"#, style: #"{"accessibilityId": "s2", "color": "blue"}"#)
        ])
        let changeset = try Self.diff(old, new, ["/component/*/accessibilityId"])
        #expect(changeset.changes.map(\.fields) == [[FieldChange(path: "/component/style/color", old: "red", new: "blue")]])
    }

    @Test("* matches one segment only, not several")
    func wildcardIsOneSegment() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"deep": {"analyticsId": "1"}}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"deep": {"analyticsId": "2"}}"#)])
        #expect(!(try Self.diff(old, new, ["/component/*/analyticsId"]).isIdentical))
        #expect(try Self.diff(old, new, ["/component/*/*/analyticsId"]).isIdentical)
    }

    @Test("section headers: relative to the section")
    func sectionHeader() throws {
        let old = try Self.single(
            rows: [], header: #"{"type": "Header", "props": {"title": "T", "accessibilityId": "h1"}}"#)
        let same = try Self.single(
            rows: [], header: #"{"type": "Header", "props": {"title": "T", "accessibilityId": "h2"}}"#)
        let retitled = try Self.single(
            rows: [], header: #"{"type": "Header", "props": {"title": "U", "accessibilityId": "h2"}}"#)
        #expect(try Self.diff(old, same, ["/header/*/accessibilityId"]).isIdentical)
        let changeset = try Self.diff(old, retitled, ["/header/*/accessibilityId"])
        #expect(changeset.changes.map(\.kind) == [.section])
        #expect(changeset.changes[0].fields == [FieldChange(path: "/header/props/title", old: "T", new: "U")])
    }

    @Test("a header that appears is still a change unless /header itself is ignored")
    func headerAppears() throws {
        let old = try Self.single(rows: [])
        let new = try Self.single(rows: [], header: #"{"type": "Header", "accessibilityId": "h"}"#)
        #expect(try Self.diff(old, new, ["/header/accessibilityId"]).changes.count == 1)
        #expect(try Self.diff(old, new, ["/header"]).isIdentical)
    }

    @Test("screen attributes: relative to the screen")
    func screenAttributes() throws {
        let old = try Self.single(rows: [], attributes: #""title": "A", "shouldUseSystemSeparators": true,"#)
        let new = try Self.single(rows: [], attributes: #""title": "A", "shouldUseSystemSeparators": false,"#)
        #expect(!ScreenDiff.changeset(from: old, to: new).isIdentical)
        #expect(try Self.diff(old, new, ["/shouldUseSystemSeparators"]).isIdentical)
        let retitled = try Self.single(rows: [], attributes: #""title": "B", "shouldUseSystemSeparators": false,"#)
        let changeset = try Self.diff(old, retitled, ["/shouldUseSystemSeparators"])
        #expect(changeset.changes.map(\.kind) == [.screen])
        #expect(changeset.changes[0].fields == [FieldChange(path: "/title", old: "A", new: "B")])
    }

    @Test("a moved row stays a move; its ignored field changes go")
    func moveKeepsOnlyUnignoredFields() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"analyticsId": "1"}"#), Self.row("b", "{}")])
        let new = try Self.single(rows: [Self.row("b", "{}"), Self.row("a", #"{"analyticsId": "2"}"#)])
        let changeset = try Self.diff(old, new, ["/component/props/analyticsId"])
        #expect(changeset.changes.map(\.op) == [.move])
        #expect(changeset.changes[0].fields.isEmpty)
    }

    @Test("inserted and deleted content is reported whole, not masked")
    func insertsAndDeletesWhole() throws {
        let old = try Self.single(rows: [Self.row("gone", #"{"analyticsId": "g"}"#)])
        let new = try Self.single(rows: [Self.row("came", #"{"analyticsId": "c"}"#)])
        let changeset = try Self.diff(old, new, ["/component/props/analyticsId"])
        #expect(changeset.changes.map(\.op) == [.delete, .insert])
        #expect(changeset.changes[0].old?.jsonValue["component"]?["props"]?["analyticsId"] == "g")
        #expect(changeset.changes[1].new?.jsonValue["component"]?["props"]?["analyticsId"] == "c")
    }

    @Test("a whole-array change reports the arrays as written, ignored members included")
    func wholeArrayValuesUnmasked() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"items": [{"t": 1, "analyticsId": "i"}]}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"items": [{"t": 1, "analyticsId": "i"}, {"t": 2}]}"#)])
        let changeset = try Self.diff(old, new, ["/component/props/items/*/analyticsId"])
        let field = try #require(changeset.changes.first?.fields.first)
        #expect(field.path == "/component/props/items")
        #expect(field.old == [["t": 1, "analyticsId": "i"]])
        #expect(field.new == [["t": 1, "analyticsId": "i"], ["t": 2]])
    }

    @Test("an array index (or * over an array) ignores that element, keeping indices")
    func arrayElements() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"tags": ["x", "y", "z"]}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"tags": ["x", "Y", "Z"]}"#)])
        let one = try Self.diff(old, new, ["/component/props/tags/1"])
        #expect(one.changes.first?.fields == [FieldChange(path: "/component/props/tags/2", old: "z", new: "Z")])
        #expect(try Self.diff(old, new, ["/component/props/tags/*"]).isIdentical)
        // `01` is no array index (RFC 6901): nothing ignored.
        #expect(try Self.diff(old, new, ["/component/props/tags/01"]).changes.first?.fields.count == 2)
    }

    @Test("~1 and ~0 name members with / and ~")
    func escapes() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"a/b": 1, "c~d": 1, "e": 1}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"a/b": 2, "c~d": 2, "e": 2}"#)])
        let changeset = try Self.diff(old, new, ["/component/props/a~1b", "/component/props/c~0d"])
        #expect(changeset.changes.first?.fields.map(\.path) == ["/component/props/e"])
    }

    @Test("names compare by code points: U+00E9 does not ignore e + U+0301")
    func codePoints() throws {
        let old = try Self.single(rows: [Self.row("a", "{\"cafe\u{301}\": 1}")])
        let new = try Self.single(rows: [Self.row("a", "{\"cafe\u{301}\": 2}")])
        #expect(!(try Self.diff(old, new, ["/component/props/caf\u{E9}"]).isIdentical))
        #expect(try Self.diff(old, new, ["/component/props/cafe\u{301}"]).isIdentical)
    }

    @Test("ids still match rows: ignoring /id changes nothing")
    func identityUntouched() throws {
        let old = try Self.single(rows: [Self.row("a", "{}"), Self.row("b", "{}")])
        let new = try Self.single(rows: [Self.row("b", "{}"), Self.row("c", "{}")])
        #expect(try Self.diff(old, new, ["/id"]).changes == ScreenDiff.changeset(from: old, to: new).changes)
    }

    @Test("the summary records the pointers only when there are some")
    func summaryRecord() throws {
        let old = try Self.single(rows: [Self.row("a", #"{"title": "A"}"#)])
        let new = try Self.single(rows: [Self.row("a", #"{"title": "B"}"#)])
        let plain = String(decoding: JSONRenderer.render(ScreenDiff.changeset(from: old, to: new)), as: UTF8.self)
        #expect(!plain.contains("ignored"))
        let withNone = String(
            decoding: JSONRenderer.render(ScreenDiff.changeset(from: old, to: new, ignoring: .none)), as: UTF8.self)
        #expect(withNone == plain)
        let rules = ["/component/props/analyticsId", "/header/*/accessibilityId"]
        let changeset = try Self.diff(old, new, rules)
        #expect(changeset.summary.jsonValue["ignored"] == .array(rules.map { .string($0) }))
        #expect(changeset.jsonValue["summary"]?["ignored"] == .array(rules.map { .string($0) }))
    }

    @Test("a masked screen: ignored fields gone everywhere, ids and types kept")
    func maskedScreen() throws {
        let screen = try Self.single(
            rows: [Self.row("a", #"{"title": "A", "analyticsId": "x"}"#)],
            header: #"{"type": "Header", "props": {"accessibilityId": "h"}}"#,
            attributes: #""title": "T", "shouldUseSystemSeparators": true,"#)
        let rules = try IgnoreRules([
            "/component/props/analyticsId", "/header/*/accessibilityId", "/shouldUseSystemSeparators", "/id",
            "/component/type",
        ])
        let masked = rules.masked(screen)
        let expected = try Self.single(
            rows: [Self.row("a", #"{"title": "A"}"#)], header: #"{"type": "Header", "props": {}}"#,
            attributes: #""title": "T","#)
        #expect(masked == expected)
        #expect(IgnoreRules.none.masked(screen) == screen)
        // A rule that takes a whole header away leaves the section without one.
        #expect(try IgnoreRules(["/header"]).masked(screen).box.sections[0].header == nil)
    }

    @Test("invalid pointers are refused", arguments: ["", "component/props/x", "/a~2b", "/a~"])
    func invalidPointers(_ pointer: String) {
        #expect(throws: IgnoreRules.InvalidPointer.self) { try IgnoreRules([pointer]) }
    }

    @Test("ignoring equals diffing with the field stripped from both files (random screens)")
    func matchesStrippedDiff() throws {
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<300 {
            let oldRows = Self.randomRows(&generator), newRows = Self.randomRows(&generator)
            func build(_ rows: [(String, Int, Int?)], stripped: Bool) throws -> Screen {
                let json = rows.map { id, title, analytics in
                    let a = (analytics.map { #", "analyticsId": \#($0)"# } ?? "")
                    return Self.row(id, #"{"title": \#(title)\#(stripped ? "" : a)}"#)
                }
                return try Self.single(rows: json)
            }
            let ignored = try Self.diff(
                try build(oldRows, stripped: false), try build(newRows, stripped: false), ["/component/props/analyticsId"])
            let stripped = ScreenDiff.changeset(
                from: try build(oldRows, stripped: true), to: try build(newRows, stripped: true))
            // Inserted and deleted rows keep their ids; compare everything but their content.
            #expect(ignored.changes.map(\.shape) == stripped.changes.map(\.shape))
        }
    }

    static func randomRows(_ g: inout SeededGenerator) -> [(String, Int, Int?)] {
        var ids = ["a", "b", "c", "d", "e", "f"].filter { _ in g.next() % 3 != 0 }
        ids.shuffle(using: &g)
        return ids.map { ($0, Int(g.next() % 2), g.next() % 2 == 0 ? nil : Int(g.next() % 3)) }
    }
}

extension Change {
    /// Everything but inserted and deleted content.
    fileprivate var shape: String {
        "\(kind) \(op) \(id.map(\.description) ?? "") \(from.map(\.description) ?? "") \(to.map(\.description) ?? "") \(fields)"
    }
}
