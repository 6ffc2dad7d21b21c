import Foundation
import Synchronization
import Testing

@testable import BentoJSON

/// Editing a JSON text (bento-changeset(5), WRITING): the style read off the text,
/// and each rule of commas, lines and indentation, at the first, a middle,
/// the last and the only element.
@Suite("Editing JSON text")
struct JSONEditWriterTests {
    private func tape(_ text: String) throws -> JSONTape { try JSONReader.parse(Array(text.utf8)) }

    /// `text` with its root array's elements kept in the order `keep` gives
    /// (indices into the original), then `added` values appended.
    private func edited(_ text: String, keep: [Int], added: [JSONValue] = []) throws -> String {
        let tape = try tape(text)
        let elements = Array(tape.elements(of: 0))
        let items = keep.map { JSONEdit.Item.child(JSONEdit.Child(origin: $0, value: .keep(source: 0, range: tape.range(of: elements[$0])))) }
            + added.map { JSONEdit.Item.child(JSONEdit.Child(value: .new($0))) }
        let edit = JSONEdit.array(source: 0, tape.layout(of: 0), elements: JSONEdit.Items(items))
        return String(decoding: JSONEditWriter.write(edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape)).joined(), as: UTF8.self)
    }

    @Test("the style: indent unit, name separator, line end, one line, escapes, empty containers")
    func style() throws {
        let jq = TextStyle(of: try tape("{\n  \"a\": [1, 2],\n  \"b\": []\n}\n"))
        #expect(jq.indentUnit == Array("  ".utf8) && jq.nameSeparator == Array(": ".utf8) && jq.lineEnd == [0x0A])
        #expect(!jq.isOneLine && !jq.emptyHasBlankLine && !jq.escapesSlash && !jq.escapesNonASCII)
        let encoder = TextStyle(of: try tape("{\r\n\t\"a\" : \"x\\/y\",\r\n\t\"b\" : [\r\n\r\n\t]\r\n}"))
        #expect(encoder.indentUnit == [0x09] && encoder.nameSeparator == Array(" : ".utf8) && encoder.lineEnd == [0x0D, 0x0A])
        #expect(encoder.escapesSlash && encoder.emptyHasBlankLine)
        let python = TextStyle(of: try tape(#"{"a": "caf\u00e9", "b": [1, 2]}"#))
        #expect(python.isOneLine && python.elementSpace == [0x20] && python.escapesNonASCII)
        let compact = TextStyle(of: try tape(#"{"a":"café","b":[1,2]}"#))
        #expect(compact.isOneLine && compact.elementSpace == [] && compact.nameSeparator == [0x3A] && !compact.escapesNonASCII)
    }

    @Test("string habits and the empty-container form are seen wherever they stand: after any run of plain text, in any word")
    func habitsAtEveryPlace() throws {
        for padding in 0..<24 {
            let plain = String(repeating: "p", count: padding)
            let slash = TextStyle(of: try tape("{\n  \"\(plain)\": \"x\\/y\",\n  \"b\": []\n}"))
            #expect(slash.escapesSlash && !slash.emptyHasBlankLine && !slash.escapesNonASCII, "padding \(padding)")
            let escaped = TextStyle(of: try tape("{\"\(plain)\": \"caf\\u00e9\", \"b\": [\n\n]}"))
            #expect(escaped.escapesNonASCII && escaped.emptyHasBlankLine && !escaped.escapesSlash, "padding \(padding)")
            // A letter past ASCII anywhere: the text writes them as they are.
            let raw = TextStyle(of: try tape("{\"\(plain)é\": \"caf\\u00e9\", \"b\": [1]}"))
            #expect(!raw.escapesNonASCII && !raw.emptyHasBlankLine, "padding \(padding)")
            // A backslash that escapes a backslash is no `\/`.
            let notSlash = TextStyle(of: try tape("{\"\(plain)\": \"a\\\\/b\"}"))
            #expect(!notSlash.escapesSlash, "padding \(padding)")
        }
    }

    @Test("deleting the first, a middle, the last or the only element takes its line and its comma")
    func deletes() throws {
        let text = "[\n  1,\n  2,\n  3\n]"
        #expect(try edited(text, keep: [1, 2]) == "[\n  2,\n  3\n]")
        #expect(try edited(text, keep: [0, 2]) == "[\n  1,\n  3\n]")
        #expect(try edited(text, keep: [0, 1]) == "[\n  1,\n  2\n]")
        #expect(try edited("[\n  1\n]", keep: []) == "[]")
        #expect(try edited("[1, 2, 3]", keep: [0, 2]) == "[1, 3]")
    }

    @Test("moving elements keeps each one's bytes; adding after the last gives it a comma and a line")
    func movesAndAdds() throws {
        #expect(try edited("[\n  1.0,\n  2e0,\n  3\n]", keep: [2, 0, 1]) == "[\n  3,\n  1.0,\n  2e0\n]")
        #expect(try edited("[\n    1\n]", keep: [0], added: [2]) == "[\n    1,\n    2\n]")
        #expect(try edited("[1]", keep: [0], added: [2]) == "[1,2]")
        #expect(try edited("[]", keep: [], added: ["a/é"]) == "[\"a/é\"]")
        #expect(try edited("[\n  []\n]", keep: [], added: [["x": 1]]) == "[\n  {\n    \"x\": 1\n  }\n]")
    }

    @Test("a value copied to another depth is re-indented line by line")
    func reindent() throws {
        let tape = try tape("{\n  \"deep\": {\n    \"a\": [\n      1\n    ]\n  }\n}")
        let inner = tape.member("deep", in: 0)! + 1
        let a = tape.member("a", in: inner)! + 1
        let edit = JSONEdit.object(
            source: 0, tape.layout(of: 0),
            members: [
                .child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: 1)), value: .keep(source: 0, range: tape.range(of: a))))
            ])
        let text = String(decoding: JSONEditWriter.write(edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape)).joined(), as: UTF8.self)
        #expect(text == "{\n  \"deep\": [\n    1\n  ]\n}")
    }

    @Test("new strings take the text's escapes: `\\/` where it escapes slashes, `\\u` (UTF-16, lower-case hex) where it escapes every character past ASCII")
    func newStringsTakeTheTextsEscapes() throws {
        let value: JSONValue = ["a/é": ["x/😀\"\\\n", [:]]]
        let cases = [
            ("[\"x\\/y\"]", #"[{"a\/é": ["x\/😀\"\\\n",{}]}]"#),
            (#"["caf\u00e9"]"#, #"[{"a/\u00e9": ["x/\ud83d\ude00\"\\\n",{}]}]"#),
            ("[1]", #"[{"a/é": ["x/😀\"\\\n",{}]}]"#),
        ]
        for (text, expected) in cases {
            let tape = try tape(text)
            for edit in [JSONEdit.new(value), .newCompact(CompactJSON(value).bytes)] {
                let whole = JSONEdit.array(source: 0, tape.layout(of: 0), elements: [.child(JSONEdit.Child(value: edit))])
                let written = JSONEditWriter.write(
                    whole, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape))
                #expect(String(decoding: written.joined(), as: UTF8.self) == expected, "\(text)")
            }
        }
    }

    @Test("new content given as compact text is written as its value is, in every style")
    func compactNewContent() throws {
        let values: [JSONValue] = [
            1, "a/é\"\\", true, .null, [], [:], ["x": 1], [1, [2, [3, []]], ["k": ["l": "m"]]],
            ["id": "row-1", "component": ["type": "T", "props": ["title": "a, b: c", "n": .number(JSONNumber("-1.5e3")!), "list": [true, false]]]],
        ]
        let texts = [
            "[\n  1\n]", "[\n\t1\n]", "[1]", "[1, 2]", "{\r\n    \"a\" : [\r\n\r\n    ]\r\n}", "[\"x\\/y\"]", #"["caf\u00e9"]"#,
        ]
        for text in texts {
            let tape = try tape(text)
            let style = TextStyle(of: tape)
            for value in values {
                func written(_ edit: JSONEdit) -> [UInt8] {
                    let array = JSONEdit.container(isObject: false, [.child(JSONEdit.Child(value: edit))])
                    return JSONEditWriter.write(array, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: style).joined()
                        .map { $0 }
                }
                #expect(written(.newCompact(CompactJSON(value).bytes)) == written(.new(value)), "\(text) \(value)")
            }
        }
    }

    @Test("a long list made child by child, or written in runs on all cores, is written as the same list given whole on one core, held or streamed")
    func arrayInRuns() throws {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 63, 64, 65, 200, 1000] {
            let elements = (0..<count).map { "{\n    \"n\": \($0)\n  }" }
            let text = "[\n  " + elements.joined(separator: ",\n  ") + "\n]\n"
            let tape = try tape(text)
            let spans = Array(tape.elements(of: 0))
            // Keep most in place, drop some, move some, add some.
            var items: [JSONEdit.Item] = []
            for (j, entry) in spans.enumerated() {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: continue
                case 1: items.append(.child(JSONEdit.Child(value: .new(["new": .number(JSONNumber(j))]))))
                default: break
                }
                items.append(.child(JSONEdit.Child(origin: j, value: .keep(source: 0, range: tape.range(of: entry)))))
            }
            if items.count > 2 { items.swapAt(0, items.count - 1) }
            let layout = tape.layout(of: 0)
            let whole = JSONEdit.array(source: 0, layout, elements: JSONEdit.Items(items))
            let given = items
            let inRuns = JSONEdit.array(source: 0, layout, elements: JSONEdit.Items(count: given.count) { given[$0] })
            func written(_ edit: JSONEdit, _ options: JSONEditWriter.Options = JSONEditWriter.Options()) -> [UInt8] {
                JSONEditWriter.write(
                    edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape), options: options
                ).joined().map { $0 }
            }
            func streamed(_ edit: JSONEdit) -> [UInt8] {
                let collected = Collected()
                JSONEditWriter.stream(
                    edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape)) { piece in collected.state.withLock { $0.bytes += piece } }
                return collected.state.withLock { $0.bytes }
            }
            var oneCore = JSONEditWriter.Options()
            oneCore.childrenWrittenInParallel = .max
            let expected = written(whole, oneCore)
            #expect(try JSONReader.parse(expected).value(at: 0) != .null, "\(count)")
            #expect(written(whole) == expected, "\(count)")
            #expect(written(inRuns) == expected, "\(count)")
            #expect(written(inRuns, oneCore) == expected, "\(count)")
            #expect(streamed(whole) == expected, "\(count)")
            #expect(streamed(inRuns) == expected, "\(count)")
        }
    }

    @Test("lists inside a long list's runs are written whole: held, streamed, and made a run at a time")
    func longListsInLongList() throws {
        for (outer, inner) in [(70, 70), (64, 200), (3, 100), (100, 3)] {
            let lists = (0..<outer).map { i in "[\n    " + (0..<inner).map { "\(i * 1000 + $0)" }.joined(separator: ",\n    ") + "\n  ]" }
            let text = "[\n  " + lists.joined(separator: ",\n  ") + "\n]\n"
            let tape = try tape(text)
            // Each inner list has its last child moved first: none is kept as it stands.
            let order = [inner - 1] + Array(0..<(inner - 1))
            let items: [JSONEdit.Item] = Array(tape.elements(of: 0)).enumerated().map { i, list in
                let numbers = Array(tape.elements(of: list))
                let children = order.map { j in
                    JSONEdit.Item.child(JSONEdit.Child(origin: j, value: .keep(source: 0, range: tape.range(of: numbers[j]))))
                }
                return .child(JSONEdit.Child(origin: i, value: .array(source: 0, tape.layout(of: list), elements: JSONEdit.Items(children))))
            }
            let expected = JSONValue.array((0..<outer).map { i in .array(order.map { .number(JSONNumber(i * 1000 + $0)) }) })
            let (layout, source, style) = (tape.layout(of: 0), [SourceBytes(tape.source.bytes)], TextStyle(of: tape))
            let made = JSONEdit.Items(count: items.count) { items[$0] }
            for edit in [JSONEdit.array(source: 0, layout, elements: JSONEdit.Items(items)), .array(source: 0, layout, elements: made)] {
                let held = JSONEditWriter.write(edit, sources: source, document: tape.range(of: 0), style: style).joined().map { $0 }
                let collected = Collected()
                JSONEditWriter.stream(edit, sources: source, document: tape.range(of: 0), style: style) { piece in collected.state.withLock { $0.bytes += piece } }
                #expect(try JSONReader.parse(held).value(at: 0) == expected, "\(outer) × \(inner)")
                #expect(collected.state.withLock { $0.bytes } == held, "\(outer) × \(inner)")
            }
        }
    }

    /// A CRLF text of 200 KB, written to a file of its own (which the
    /// caller removes): 2,000 rows in "a", four spaces shallower than the
    /// one element of "b"."c".
    private static func longCRLFText() throws -> (text: String, bytes: [UInt8], path: String) {
        let filler = String(repeating: "x", count: 60)
        let rows = (0..<2000).map { "        {\r\n            \"id\": \($0),\r\n            \"t\": \"\(filler)\"\r\n        }" }
        let text = "{\r\n    \"a\": [\r\n" + rows.joined(separator: ",\r\n")
            + "\r\n    ],\r\n    \"b\": {\r\n        \"c\": [\r\n            1\r\n        ]\r\n    }\r\n}\r\n"
        let bytes = Array(text.utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bento-far-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (text, bytes, path)
    }

    @Test("a value copied from far away in a mapped text is read from the file, with its line's indentation: the same text as from bytes in memory")
    func farCopyFromMappedText() throws {
        let (_, bytes, path) = try Self.longCRLFText()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tape = try JSONReader.parse(bytes)
        let (aName, a, bName, b) = (1, 2, tape.next(after: 2), tape.next(after: 2) + 1)
        let elements = Array(tape.elements(of: a))
        let c = b + 2
        let one = c + 1
        // Rows 0 and 1000 leave "a" for "b"."c", four spaces deeper; row 1999 stays last.
        let kept = elements.indices.filter { $0 != 0 && $0 != 1000 }.map { j in
            JSONEdit.Item.child(JSONEdit.Child(origin: j, value: .keep(source: 0, range: tape.range(of: elements[j]))))
        }
        let moved = [0, 1000].map { JSONEdit.Item.child(JSONEdit.Child(value: .keep(source: 0, range: tape.range(of: elements[$0])))) }
        let cEdit = JSONEdit.array(
            source: 0, tape.layout(of: c),
            elements: [moved[0], .child(JSONEdit.Child(origin: 0, value: .keep(source: 0, range: tape.range(of: one)))), moved[1]])
        let bEdit = JSONEdit.object(
            source: 0, tape.layout(of: b),
            members: [.child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: b + 1)), value: cEdit))])
        let edit = JSONEdit.object(
            source: 0, tape.layout(of: 0),
            members: [
                .child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: aName)), value: .array(source: 0, tape.layout(of: a), elements: JSONEdit.Items(kept)))),
                .child(JSONEdit.Child(origin: 1, name: .spelled(source: 0, range: tape.range(of: bName)), value: bEdit)),
            ])
        let style = TextStyle(of: tape)
        let mapped = SourceBytes(try #require(MappedFile(FilePath(path), readsAtRandom: true)))
        let fromFile = JSONEditWriter.write(edit, sources: [mapped], document: tape.range(of: 0), style: style).joined().map { $0 }
        let fromMemory = JSONEditWriter.write(edit, sources: [SourceBytes(bytes)], document: tape.range(of: 0), style: style).joined().map { $0 }
        let same = fromFile == fromMemory  // compared apart: the texts are 200 KB
        #expect(same)
        let written = String(decoding: fromFile, as: UTF8.self)
        let (first, second) = (
            written.contains("\"c\": [\r\n            {\r\n                \"id\": 0,\r\n                \"t\""),
            written.contains("1,\r\n            {\r\n                \"id\": 1000,")
        )
        #expect(first && second)
        let value = try JSONReader.parse(fromFile).value(at: 0)
        guard case .object(let root) = value, case .array(let list)? = root["a"], case .object(let inner)? = root["b"],
            case .array(let c)? = inner["c"]
        else { Issue.record("not the shape written"); return }
        #expect(list.count == 1998 && c.count == 3)
    }

    @Test("a value edited far from where the writer copies, in a mapped text, is read from the file: the same text as from bytes in memory")
    func farEdit() throws {
        let (_, bytes, path) = try Self.longCRLFText()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tape = try JSONReader.parse(bytes)
        let (aName, a, bName, b) = (1, 2, tape.next(after: 2), tape.next(after: 2) + 1)
        let elements = Array(tape.elements(of: a))
        let (c, one) = (b + 2, b + 3)
        /// Row 1000's edit, "t" made "changed", from the tape it is parsed in.
        func rowEdit(_ tape: JSONTape, _ row: Int) -> JSONEdit {
            let members = Array(tape.members(of: row))
            return .object(
                source: 0, tape.layout(of: row),
                members: [
                    .child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: members[0].name)), value: .keep(source: 0, range: tape.range(of: members[0].value)))),
                    .child(JSONEdit.Child(origin: 1, name: .spelled(source: 0, range: tape.range(of: members[1].name)), value: .new("changed"))),
                ])
        }
        // Row 1000 leaves "a" for "b"."c", four spaces deeper, edited.
        func edit(_ moved: JSONEdit) -> JSONEdit {
            let kept = elements.indices.filter { $0 != 1000 }.map { j in
                JSONEdit.Item.child(JSONEdit.Child(origin: j, value: .keep(source: 0, range: tape.range(of: elements[j]))))
            }
            let cEdit = JSONEdit.array(
                source: 0, tape.layout(of: c),
                elements: [.child(JSONEdit.Child(origin: 0, value: .keep(source: 0, range: tape.range(of: one)))), .child(JSONEdit.Child(value: moved))])
            return .object(
                source: 0, tape.layout(of: 0),
                members: [
                    .child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: aName)), value: .array(source: 0, tape.layout(of: a), elements: JSONEdit.Items(kept)))),
                    .child(JSONEdit.Child(origin: 1, name: .spelled(source: 0, range: tape.range(of: bName)), value: .object(
                        source: 0, tape.layout(of: b),
                        members: [.child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: b + 1)), value: cEdit))]))),
                ])
        }
        let style = TextStyle(of: tape)
        let moved = edit(rowEdit(tape, elements[1000]))
        let plain = JSONEditWriter.write(moved, sources: [SourceBytes(bytes)], document: tape.range(of: 0), style: style).joined().map { $0 }
        let mapped = SourceBytes(try #require(MappedFile(FilePath(path), readsAtRandom: true)))
        var nearNever = JSONEditWriter.Options()
        nearNever.farReadLimit = 0
        for (source, options) in [(mapped, JSONEditWriter.Options()), (mapped, nearNever)] {
            let written = JSONEditWriter.write(moved, sources: [source], document: tape.range(of: 0), style: style, options: options)
            let same = written.joined().map { $0 } == plain  // compared apart: the texts are 200 KB
            #expect(same, "far reads: \(options.farReadLimit > 0)")
        }
        // Where "c" is written, row 1000 is far, in the mapped text alone.
        let range = tape.range(of: elements[1000])
        for (source, far) in [(mapped, true), (SourceBytes(bytes), false)] {
            var writer = JSONEditWriter(sources: [source], style: style)
            writer.nearby[0] = tape.range(of: one).upperBound
            #expect(writer.readsFar(range, of: 0) == far)
        }
        let written = String(decoding: plain, as: UTF8.self)
        #expect(written.contains("1,\r\n            {\r\n                \"id\": 1000,\r\n                \"t\": \"changed\"\r\n            }\r\n        ]"))
        // What follows a value read far is copied from the whole text again.
        #expect(written.contains("\"id\": 1001,") && written.hasSuffix("    }\r\n}\r\n"))
    }

    @Test("a long stretch kept as it stands is streamed in pieces, and what follows it keeps its indentation")
    func longKeptStretch() throws {
        let rows = (0..<60_000).map { "    {\"id\": \"row-\($0)\", \"title\": \"Item \($0)\"}" }
        let text = "{\n  \"rows\": [\n" + rows.joined(separator: ",\n") + "\n  ]\n}\n"
        let tape = try tape(text)
        #expect(tape.range(of: 2).count > 2 * JSONEditWriter.Options().streamedPieceSize)
        let edit = JSONEdit.object(
            source: 0, tape.layout(of: 0),
            members: [
                .child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: 1)), value: .keep(source: 0, range: tape.range(of: 2)))),
                .child(JSONEdit.Child(name: .text("added"), value: .new(["x": 1]))),
            ])
        let style = TextStyle(of: tape)
        let written = JSONEditWriter.write(edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: style).joined().map { $0 }
        let collected = Collected()
        JSONEditWriter.stream(edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: style) {
            piece in collected.state.withLock { $0.bytes += piece; $0.pieces += 1 }
        }
        #expect(collected.state.withLock { $0.bytes } == written)
        #expect(collected.state.withLock { $0.pieces } > 2)
        #expect(String(decoding: written.suffix(40), as: UTF8.self).hasSuffix("],\n  \"added\": {\n    \"x\": 1\n  }\n}\n"))
    }

    /// What a streamed write hands over, in order.
    /// What the streamed pieces were, as the consumer saw them.
    private final class Collected: Sendable {
        let state = Mutex<(bytes: [UInt8], pieces: Int)>(([], 0))
    }

    @Test("conflicts: markers on lines of their own, each block with its own commas")
    func conflicts() throws {
        let tape = try tape("[\n  1,\n  2\n]")
        let elements = Array(tape.elements(of: 0))
        let edit = JSONEdit.array(
            source: 0, tape.layout(of: 0),
            elements: [
                .child(JSONEdit.Child(origin: 0, value: .keep(source: 0, range: tape.range(of: elements[0])))),
                .conflict(ours: [JSONEdit.Child(value: .keep(source: 0, range: tape.range(of: elements[1])))], theirs: []),
            ])
        let markers = ConflictMarkers(ours: "main", theirs: "feature", size: 3)
        let text = String(decoding: JSONEditWriter.write(edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape), markers: markers).joined(), as: UTF8.self)
        #expect(text == "[\n  1\n<<< main\n  , 2\n===\n>>> feature\n]")
    }

    @Test("bento-changeset(5) WRITING: a new element beside siblings on one line is written on one line, with their spacing")
    func siblingLayout() throws {
        let text = "{\n  \"rows\": [\n    {\"id\":\"a\",\"n\":1},\n    {\"id\":\"c\",\"n\":3}\n  ]\n}"
        let tape = try tape(text)
        let rows = tape.member("rows", in: 0)! + 1
        let elements = Array(tape.elements(of: rows))
        let added: JSONValue = .object(JSONObject([(key: "id", value: .string("b")), (key: "n", value: .number(JSONNumber(2)))]))
        let items: [JSONEdit.Item] = [
            .child(JSONEdit.Child(origin: 0, value: .keep(source: 0, range: tape.range(of: elements[0])))),
            .child(JSONEdit.Child(value: .new(added))),
            .child(JSONEdit.Child(origin: 1, value: .keep(source: 0, range: tape.range(of: elements[1])))),
        ]
        let members: [JSONEdit.Item] = [
            .child(JSONEdit.Child(origin: 0, name: .spelled(source: 0, range: tape.range(of: 1)), value: .array(source: 0, tape.layout(of: rows), elements: JSONEdit.Items(items))))
        ]
        let edit = JSONEdit.object(source: 0, tape.layout(of: 0), members: JSONEdit.Items(members))
        let written = String(
            decoding: JSONEditWriter.write(edit, sources: [SourceBytes(tape.source.bytes)], document: tape.range(of: 0), style: TextStyle(of: tape)).joined(),
            as: UTF8.self)
        #expect(written == "{\n  \"rows\": [\n    {\"id\":\"a\",\"n\":1},\n    {\"id\":\"b\",\"n\":2},\n    {\"id\":\"c\",\"n\":3}\n  ]\n}")
    }
}
