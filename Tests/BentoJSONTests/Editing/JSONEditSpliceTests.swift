import BenchmarkScreens
import Testing

@testable import BentoJSON

/// A value kept but for a few values inside it (`JSONEdit.spliced`): the
/// text is the one the editor's comparison writes for the value with those
/// values set, where it stands and moved one level in.
@Suite("Splicing values of a JSON text")
struct JSONEditSpliceTests {
    /// The text of `tape`'s root array `[value, []]`, its first element
    /// written by `edit` where it stands, or moved into the empty array.
    private func written(_ tape: JSONTape, _ edit: JSONEdit, moved: Bool) -> [UInt8] {
        let layout = tape.layout(of: 0)
        let items: [JSONEdit.Item] =
            moved
            ? [.child(JSONEdit.Child(origin: 1, value: .array(source: 0, tape.layout(of: Array(tape.elements(of: 0))[1]), elements: [.child(JSONEdit.Child(value: edit))])))]
            : [.child(JSONEdit.Child(origin: 0, value: edit)), .child(JSONEdit.Child(origin: 1, value: .keep(source: 0, range: layout.children[1].value)))]
        let root = JSONEdit.array(source: 0, layout, elements: JSONEdit.Items(items))
        return JSONEditWriter.write(root, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape)).joined()
            .map { $0 }
    }

    @Test("a value with values set inside it is written as the editor writes it, in every layout, where it stands and moved in")
    func sameAsTheEditor() throws {
        var random = SeededGenerator(seed: 53)
        var spliced = 0
        for n in 0..<2000 {
            let value = CompactMembersTests.value(&random)
            let tokens = CompactJSONPointerTests.tokens(in: value, &random)
            let pointer = JSONPointer(tokens: tokens)
            let new = CompactMembersTests.value(&random, depth: 2)
            guard let old = pointer.value(in: value), !(old.isContainer && new.isContainer), old != new,
                let target = pointer.setting(new, in: value)
            else { continue }
            var text: [UInt8] = []
            JSONWriter(style: [.pretty, .line, .compact][n % 3]).write([value, []], to: &text)
            let tape = try JSONReader.parse(text)
            let range = tape.range(of: Array(tape.elements(of: 0))[0])
            let at = try #require(text.withSpan { PointedValue.range(of: tokens, in: $0.extracting(range), valueAt: 0) })
            var compact: [UInt8] = []
            JSONWriter(style: .compact).write(new, to: &compact)
            let replaced = JSONEdit.Replacement(range: (range.lowerBound + at.lowerBound)..<(range.lowerBound + at.upperBound), compact: compact)
            let splice = JSONEdit.spliced(source: 0, range: range, replaced: [replaced])
            let edit = JSONEditor.edit(JSONEditor.Place(source: 0, tape: tape, value: Array(tape.elements(of: 0))[0]), to: target)
            for moved in [false, true] {
                let (a, b) = (written(tape, splice, moved: moved), written(tape, edit, moved: moved))
                #expect(a == b, "\(pointer) → \(JSONWriter.canonical.string(new)), moved \(moved)\n\(String(decoding: a, as: UTF8.self))\n---\n\(String(decoding: b, as: UTF8.self))")
            }
            spliced += 1
        }
        #expect(spliced > 800, "spliced \(spliced)")
    }

    @Test("replacements in order, the bytes between them kept: a string, a number, a literal set to an array")
    func severalReplacements() throws {
        let text = "{\n  \"a\": \"x\",\n  \"b\": {\"c\": 1.0,\n        \"d\": true}\n}"
        let bytes = Array(text.utf8)
        let tape = try JSONReader.parse(bytes)
        func replacement(_ pointer: String, _ compact: String) -> JSONEdit.Replacement {
            let at = bytes.withSpan { PointedValue.range(of: JSONPointer(pointer)!.tokens, in: $0, valueAt: 0) }!
            return JSONEdit.Replacement(range: at, compact: Array(compact.utf8))
        }
        let edit = JSONEdit.spliced(
            source: 0, range: tape.range(of: 0), replaced: [replacement("/a", #""y/z""#), replacement("/b/c", "2"), replacement("/b/d", "[1,2]")])
        let written = String(
            decoding: JSONEditWriter.write(edit, sources: [SourceBytes(bytes)], document: tape.range(of: 0), style: TextStyle(of: tape)).joined(),
            as: UTF8.self)
        #expect(written == "{\n  \"a\": \"y/z\",\n  \"b\": {\"c\": 2,\n        \"d\": [\n          1,\n          2\n        ]}\n}", "\(written.debugDescription)")
    }
}
