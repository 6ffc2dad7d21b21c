import Testing

@testable import BentoJSON
@testable import BentoKit

/// The typed records of a changeset: each operation carries exactly what the
/// table of bento-changeset(5) gives it, in the JSON it writes and in the JSON it reads.
@Suite("Changeset records")
struct ChangeTests {
    static let node = Node(id: ScreenID("r"), component: Component(type: "T"))
    static let fields = [FieldChange(path: "/component/props/title", old: "A", new: "B")]

    static func record(_ text: String) throws(Diagnostic) -> Change {
        try JSONDecoding.decode(Change.self, from: SourceText(name: "c.json", bytes: Array(text.utf8))).value
    }

    static func members(_ change: Change) -> [String] {
        guard case .object(let object) = change.jsonValue else { return [] }
        return object.members.map(\.key)
    }

    @Test("each operation writes the members of the table of bento-changeset(5), in its order")
    func members() {
        let insert = Change.row(RowChange(box: .box, id: ScreenID("r"), section: ScreenID("s"), .insert(to: RowPosition(section: 0, row: 1), new: Self.node)))
        let delete = Change.section(SectionChange(box: .pinnedToBottomBox, id: ScreenID("s"), .delete(from: 2, old: Section(id: ScreenID("s")))))
        let move = Change.row(RowChange(
            box: .box, id: ScreenID("r"), section: ScreenID("t"), movedFrom: ScreenID("s"),
            from: RowPosition(section: 0, row: 0), to: RowPosition(section: 1, row: 0), fields: []))
        let changedMove = move.replacingFields(Self.fields)
        let update = Change.section(SectionChange(box: .box, id: ScreenID("s"), .update(from: 0, to: 1, fields: Self.fields)))
        #expect(Self.members(insert) == ["kind", "op", "box", "id", "section", "to", "new"])
        #expect(Self.members(delete) == ["kind", "op", "box", "id", "from", "old"])
        #expect(Self.members(move) == ["kind", "op", "box", "id", "fromSection", "section", "from", "to"])
        #expect(Self.members(changedMove) == ["kind", "op", "box", "id", "fromSection", "section", "from", "to", "fields"])
        #expect(Self.members(update) == ["kind", "op", "box", "id", "from", "to", "fields"])
        #expect(Self.members(.screen(fields: [])) == ["kind", "op", "fields"])
        #expect(insert.from == nil && insert.old == nil && insert.fields.isEmpty)
        #expect(delete.to == nil && delete.new == nil && delete.section == nil)
        #expect(insert.replacingFields(Self.fields) == insert)
        #expect(changedMove.fromSection == ScreenID("s") && changedMove.fields == Self.fields)
    }

    @Test("every record reads back as itself")
    func roundTrip() throws {
        let records: [Change] = [
            .screen(fields: Self.fields),
            .section(SectionChange(box: .box, id: ScreenID(3), .insert(to: 0, new: Section(id: ScreenID(3), rows: [Self.node])))),
            .section(SectionChange(box: .box, id: ScreenID("s"), .move(from: 1, to: 0, fields: []))),
            .row(RowChange(box: .box, id: ScreenID("r"), section: ScreenID("t"), movedFrom: ScreenID("s"), from: RowPosition(section: 0, row: 2), to: RowPosition(section: 1, row: 0), fields: Self.fields)),
            .row(RowChange(box: .box, id: ScreenID("r"), section: ScreenID("s"), .delete(from: RowPosition(section: 0, row: 0), old: Self.node))),
            .row(RowChange(box: .box, id: ScreenID("r"), section: ScreenID("s"), .update(from: RowPosition(section: 0, row: 0), to: RowPosition(section: 0, row: 0), fields: Self.fields))),
        ]
        for change in records {
            let text = JSONWriter(style: .compact).string(change.jsonValue)
            #expect(try Self.record(text) == change, "\(text)")
        }
    }

    @Test("a record without a member its operation carries is refused, naming the member", arguments: [
        (#"{"kind": "row", "op": "insert", "box": "box", "id": "r", "section": "s", "new": {"id": "r", "component": {"type": "T"}}}"#, #"missing member "to""#),
        (#"{"kind": "section", "op": "delete", "box": "box", "id": "s", "from": {"section": 0}}"#, #"missing member "old""#),
        (#"{"kind": "row", "op": "move", "box": "box", "id": "r", "from": {"section": 0, "row": 0}, "to": {"section": 0, "row": 1}}"#, #"missing member "section""#),
        (#"{"kind": "section", "op": "move", "box": "box", "id": "s", "from": {"section": 0, "row": 1}, "to": {"section": 1}}"#, #"a section's position has no "row""#),
        (#"{"kind": "row", "op": "update", "box": "box", "id": "r", "section": "s", "from": {"section": 0}, "to": {"section": 0, "row": 0}, "fields": []}"#, #"a row's position needs a "row""#),
        (#"{"kind": "screen", "op": "delete", "fields": []}"#, "a screen record must be an update"),
    ])
    func refused(_ text: String, _ message: String) {
        do {
            _ = try Self.record(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message == message, "\(error)")
        }
    }
}
