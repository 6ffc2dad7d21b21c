import BenchmarkScreens
import Testing

@testable import BentoJSON

/// `JSONEditor`: the edit from a value of a text toward another value keeps
/// what is equal as written, and places added members as bento-changeset(5)
/// MERGE says.
@Suite("JSON editor")
struct JSONEditorTests {
    /// The text `text`, its root value edited toward `target` (with `donor`'s
    /// values lent), written.
    private func edited(_ text: String, to target: String, donor: String? = nil) throws -> String {
        let tape = try JSONReader.parse(Array(text.utf8))
        let targetTape = try JSONReader.parse(Array(target.utf8))
        var sources = [SourceBytes(tape.source.bytes)]
        var lent: JSONEditor.Place?
        if let donor {
            let donorTape = try JSONReader.parse(Array(donor.utf8))
            sources.append(SourceBytes(donorTape.source.bytes))
            lent = JSONEditor.Place(source: 1, tape: donorTape, value: 0)
        }
        let edit = JSONEditor.edit(
            JSONEditor.Place(source: 0, tape: tape, value: 0), to: JSONEditor.Target(tape: targetTape, value: 0), donor: lent)
        let written = JSONEditWriter.write(edit, sources: sources, document: tape.range(of: 0), style: TextStyle(of: tape))
        return String(decoding: written.joined(), as: UTF8.self)
    }

    @Test("what is equal keeps its bytes; a changed value is replaced in place; added members go last")
    func keepsBytes() throws {
        #expect(try edited(#"{"b": 1.0, "a": "\u00e9"}"#, to: #"{"a": "é", "b": 1}"#) == #"{"b": 1.0, "a": "\u00e9"}"#)
        #expect(try edited(#"{"b": 1.0, "a": [1, 2]}"#, to: #"{"a": [1, 3], "b": 1}"#) == #"{"b": 1.0, "a": [1, 3]}"#)
        #expect(try edited(#"{"b": 1, "a": 2}"#, to: #"{"a": 2, "c": true}"#) == #"{"a": 2, "c": true}"#)
        // Names compare by code points: a decomposed é is another member,
        // written in the text's style (which escapes what is past ASCII).
        let respelled = try edited(#"{"\u00e9": 1}"#, to: #"{"e\u0301": 1}"#)
        #expect(Array(respelled.utf8) == Array(#"{"e\u0301": 1}"#.utf8), "\(respelled.debugDescription)")
    }

    /// Objects with the same names in the same order are edited member by
    /// member without indexing their names: the text is the one the
    /// general way writes (forced here by a donor that lends nothing).
    @Test("same names in the same order: the text the general edit writes")
    func sameOrderAsGeneral() throws {
        var random = SeededGenerator(seed: 7)
        let values = [#"1"#, #"1.0"#, #""a""#, #""\u0061""#, #"[1, {"x": 2}]"#, #"{"p": 1, "q": [2]}"#, #"null"#, #"true"#]
        for _ in 0..<300 {
            let names = ["a", "b", "c", "d"].prefix(Int.random(in: 1...4, using: &random))
            func object() -> String {
                "{\n  " + names.map { #""\#($0)": \#(values.randomElement(using: &random)!)"# }.joined(separator: ",\n  ") + "\n}"
            }
            let (text, target) = (object(), object())
            let nested = #"{"row": \#(text), "id": 1}"#, nestedTarget = #"{"row": \#(target), "id": 2}"#
            for (a, b) in [(text, target), (nested, nestedTarget)] {
                #expect(try edited(a, to: b) == edited(a, to: b, donor: "{}"), "\(a) → \(b)")
            }
        }
    }

    @Test("an added member goes after its predecessor in the donor's order, with the donor's bytes")
    func donorOrder() throws {
        let text = "{\n  \"a\": 1,\n  \"c\": 3\n}"
        // The donor is not the result (its c differs): only its added members are taken.
        let donor = "{\n  \"z\": 0, \"a\": 1,\n  \"b\": 2.0,\n  \"c\": 4\n}"
        let result = try edited(text, to: #"{"a": 1, "b": 2, "c": 3, "z": 0}"#, donor: donor)
        #expect(result == "{\n  \"z\": 0,\n  \"a\": 1,\n  \"b\": 2.0,\n  \"c\": 3\n}", "\(result.debugDescription)")
    }

    /// `placing` as bento-changeset(5) words it, one member at a time: each added
    /// member, in `order`'s order, after the nearest one before it in
    /// `order` that is placed.
    private func reference(_ added: [String], among kept: [String], order: [String]) -> [String] {
        var placed = kept
        let position = { (name: String) in order.firstIndex(of: name) }
        for name in added.sorted(by: { (position($0) ?? .max, added.firstIndex(of: $0)!) < (position($1) ?? .max, added.firstIndex(of: $1)!) }) {
            guard let p = position(name) else {
                placed.append(name)
                continue
            }
            let before = order[..<p].reversed().lazy.compactMap { placed.firstIndex(of: $0) }.first
            placed.insert(name, at: before.map { $0 + 1 } ?? 0)
        }
        return placed
    }

    @Test("placing: the same as one member at a time, over random orders")
    func placingMatchesTheRule() {
        var g = SeededGenerator(seed: 12)
        for _ in 0..<3_000 {
            let names = (0..<Int(g.next() % 12)).map { "m\($0)" }
            var order = names.shuffled(using: &g)
            if g.next() % 3 == 0, !order.isEmpty { order.removeLast() }
            var kept: [String] = [], added: [String] = []
            for name in names.shuffled(using: &g) { if g.next() % 2 == 0 { kept.append(name) } else { added.append(name) } }
            let placed = JSONEditor.placing(added.map { ($0, $0) }, among: kept.map { ($0, $0) }, order: order)
            #expect(placed == reference(added, among: kept, order: order), "kept \(kept), added \(added), order \(order)")
        }
    }

    @Test("a wide object's members are found by their names' decoded bytes, however escaped")
    func wideObjectEscapedNames() throws {
        let members = (0..<20).map { #""m\#($0)": \#($0)"# }.joined(separator: ", ")
        let old = "{" + members + #", "\u0061b": 1, "c": 2}"#
        // The same value, its members in another order, the name unescaped.
        #expect(try edited(old, to: #"{"c": 2, "ab": 1, "# + members + "}") == old)
        // A changed member is replaced where it is, the escaped name kept.
        let changed = "{" + members + #", "\u0061b": 5, "c": 2}"#
        #expect(try edited(old, to: "{" + members + #", "ab": 5, "c": 2}"#) == changed)
    }

    @Test("an object of 100k members is edited member by member, its order kept")
    func wideObject() throws {
        let old = "{" + (0..<100_000).map { #""m\#($0)": \#($0)"# }.joined(separator: ", ") + "}"
        let new = "{" + (0..<100_000).filter { $0 % 10 != 3 }.map { #""m\#($0)": \#($0 % 100 == 7 ? -1 : $0)"# }
            .joined(separator: ", ") + #", "added": 1}"#
        let expected = "{" + (0..<100_000).filter { $0 % 10 != 3 }.map { #""m\#($0)": \#($0 % 100 == 7 ? -1 : $0)"# }
            .joined(separator: ", ") + #", "added": 1}"#
        #expect(try edited(old, to: new) == expected)
    }
}
