import Foundation
import Testing

/// Errors as (bento-screen(5), INVALID INPUT), at the process
/// boundary: exit status 2 for `diff` (1 for `validate`), nothing on standard
/// output, and one line per error, `bento: FILE:LINE:COLUMN: path: message`.
/// Columns count Unicode scalars, so most cases put non-ASCII text before
/// the error.
@Suite("Invalid input: one clear line per error")
struct InvalidInputTests {
    /// One invalid document. `⟨` in `text` marks the error's position and
    /// is not part of the file; `LINE:COLUMN` is worked out from the text
    /// before it (lines end at LF, columns count Unicode scalars).
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        let line: Int
        let column: Int
        /// The JSON path the message names, or nil for a syntax error.
        let path: String?
        /// Text the message must contain.
        let message: String

        init(_ name: String, _ text: String, path: String? = nil, _ message: String) {
            let parts = text.components(separatedBy: "⟨")
            precondition(parts.count == 2, "one ⟨ marker in \(name)")
            self.init(name, prefix: Array(parts[0].utf8), suffix: Array(parts[1].utf8), path: path, message)
        }

        /// For bytes that are not UTF-8: the error is at the first byte of `suffix`.
        init(_ name: String, prefix: [UInt8], suffix: [UInt8], path: String? = nil, _ message: String) {
            self.name = name
            bytes = prefix + suffix
            var body = prefix[...]
            if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }  // a BOM is no column
            // Scalars, not Characters: Swift makes one Character of CR LF.
            let scalars = String(decoding: body, as: UTF8.self).unicodeScalars
            line = scalars.filter { $0 == "\n" }.count + 1
            column = scalars.reversed().prefix { $0 != "\n" }.count + 1
            self.path = path
            self.message = message
        }

        var description: String { name }
    }

    static let cases: [Case] = [
        // Not JSON.
        .init(
            "trailing comma", #"{"title": "Café 😀", "box": {"sections": [{"id": "a", "rows": [1,⟨]}]}}"#,
            "expected a value, found character ']'"),
        .init(
            "trailing comma in rows, second line",
            "{\"title\": \"Ünïcödé\",\n  \"box\": {\"sections\": [{\"id\": \"ß\", \"rows\": [{\"id\": 1, \"component\": {\"type\": \"T\"}},⟨]}]}}",
            "expected a value"),
        .init("empty file", "⟨", "empty document"),
        .init("only white space", "\n  \n\t ⟨", "empty document"),
        .init("a lone byte order mark", "\u{FEFF}⟨", "empty document"),
        .init("a byte order mark after white space", " ⟨\u{FEFF}{}", "byte order mark"),
        .init("truncated document", #"{"title": "日本", "box": {"sections": [⟨"#, "unexpected end of input"),
        .init("trailing data", #"{"box": {"sections": []}} ⟨{"#, "after the JSON value"),
        .init("NaN", #"{"box": {"sections": []}, "ratio": ⟨NaN}"#, "expected a value"),
        .init("Infinity", #"{"box": {"sections": []}, "ratio": -⟨Infinity}"#, "expected a digit"),
        .init("single quotes", #"{"box": {"sections": []}, "title": ⟨'x'}"#, "expected a value"),
        .init("comment", "{\"box\": {\"sections\": []} ⟨// à\n}", "expected ',' or '}'"),
        .init("leading zero", #"{"box": {"sections": []}, "n": 0⟨1}"#, "leading zero"),
        .init("unescaped tab", "{\"title\": \"a⟨\tb\", \"box\": {\"sections\": []}}", "control character U+0009"),
        .init("bad escape", #"{"title": "é ⟨\x", "box": {"sections": []}}"#, "invalid escape"),
        .init(
            "lone surrogate escape", #"{"title": "é ⟨\ud800", "box": {"sections": []}}"#,
            #"lone surrogate \ud800 in a string"#),
        .init(
            "low surrogate first", #"{"title": "😀⟨\udc00\ud800", "box": {"sections": []}}"#,
            #"lone surrogate \udc00 in a string"#),
        .init(
            "CR LF line ends", "{\r\n  \"title\": \"Ça\",\r\n  \"box\": {\"sections\": [⟨,]}\r\n}",
            "expected a value"),
        .init(
            "combining characters count one column each",
            "{\"title\": \"e\u{301}e\u{301}\", \"box\": {\"sections\": []}, ⟨}", "expected a member name"),
        .init("a byte order mark is no column", "\u{FEFF}{\"box\": {\"sections\": []}, ⟨]", "expected a member name"),

        // Not UTF-8: the position of the first bad byte.
        .init(
            "Latin-1 byte", prefix: Array(#"{"title": "Caf"#.utf8), suffix: [0xE9] + Array(#"", "box": {"sections": []}}"#.utf8),
            "invalid UTF-8 byte 0xe9"),
        .init(
            "overlong NUL after non-ASCII", prefix: Array(#"{"title": "日本 "#.utf8),
            suffix: [0xC0, 0x80] + Array(#"", "box": {"sections": []}}"#.utf8), "invalid UTF-8"),
        .init(
            "UTF-8 encoded surrogate", prefix: Array(#"{"box": {"sections": []}, "😀": ""#.utf8),
            suffix: [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), "invalid UTF-8"),
        .init(
            "above U+10FFFF", prefix: Array(#"{"box": {"sections": []}, "t": "ü"#.utf8),
            suffix: [0xF4, 0x90, 0x80, 0x80] + Array(#""}"#.utf8), "invalid UTF-8"),
        .init(
            "truncated sequence at the end", prefix: Array(#"{"box": {"sections": []}, "t": "ü"#.utf8),
            suffix: [0xE6, 0x97], "invalid UTF-8"),
        .init(
            "UTF-16", prefix: [], suffix: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], "UTF-16 (little-endian); bento reads UTF-8"),

        // A member name twice: the position of the second.
        .init(
            "duplicate member", #"{"box": {"sections": []}, "tïtle": "a", ⟨"tïtle": "b"}"#, path: "tïtle",
            #"duplicate member "tïtle" (first at 1:27)"#),
        .init(
            "duplicate member in a component",
            #"{"box": {"sections": [{"id": "é", "rows": [{"id": "r", "component": {"type": "T", "props": {"a": 1, ⟨"a": 1}}}]}]}}"#,
            path: "box.sections[0].rows[0].component.props.a", #"duplicate member "a""#),
        .init(
            "duplicate member spelled with an escape",
            #"{"box": {"sections": []}, "title": "x", ⟨"\u0074itle": "y"}"#, path: "title", "duplicate member"),

        // Missing, unknown or mistyped members.
        .init(
            "unknown member in a section",
            "{\"title\": \"Café\",\n \"box\": {\"sections\": [{\"id\": \"a\", ⟨\"row\": []}]}}",
            path: "box.sections[0].row", #"unknown member "row" in section; did you mean "rows"?"#),
        .init(
            "unknown member in a node",
            #"{"box": {"sections": [{"id": "ä", "rows": [{"id": "r", ⟨"compnent": {"type": "T"}}]}]}}"#,
            path: "box.sections[0].rows[0].compnent", #"did you mean "component"?"#),
        .init(
            "unknown member in a box", #"{"box": {"sections": [], ⟨"section": []}}"#, path: "box.section",
            #"did you mean "sections"?"#),
        .init(
            "missing component", #"{"box": {"sections": [{"id": "ö", "rows": [⟨{"id": "r"}]}]}}"#,
            path: "box.sections[0].rows[0].component", #"missing member "component""#),
        .init(
            "missing section id", #"{"title": "ø", "box": {"sections": [⟨{"rows": []}]}}"#,
            path: "box.sections[0].id", #"missing member "id""#),
        .init("missing box", #"⟨{"title": "Ünï"}"#, #"missing member "box""#),
        .init(
            "rows is an object", #"{"box": {"sections": [{"id": "é", "rows": ⟨{}}]}}"#, path: "box.sections[0].rows",
            "expected an array, found an object"),
        .init("title is a number", #"{"box": {"sections": []}, "title": ⟨5}"#, path: "title", "expected a string"),
        .init(
            "component type missing", #"{"box": {"sections": [{"id": "é", "header": ⟨{"props": {}}}]}}"#,
            path: "box.sections[0].header.type", #"missing member "type""#),

        // Ids.
        .init(
            "a boolean id", #"{"box": {"sections": [{"id": "é", "rows": [{"id": ⟨true, "component": {"type": "T"}}]}]}}"#,
            path: "box.sections[0].rows[0].id", "an id must be"),
        .init(
            "a fractional id", #"{"box": {"sections": [{"id": ⟨1.5}]}}"#, path: "box.sections[0].id", "the number 1.5"),
        .init(
            "a structured id holding null", #"{"box": {"sections": [{"id": ⟨{"a": [1, null]}}]}}"#,
            path: "box.sections[0].id", "an id must be"),
        .init(
            "a section id twice",
            "{\"box\": {\"sections\": [\n  {\"id\": \"größe\"},\n  {\"id\": \"b\"},\n  {\"id\": ⟨\"größe\"}]}}",
            path: "box.sections[2].id", #"duplicate section id "größe" (first at 2:10, box.sections[0].id)"#),
        .init(
            "a row id twice, structured, members in another order",
            "{\"box\": {\"sections\": [{\"id\": \"s\", \"rows\": [\n  {\"id\": {\"a\": \"é\", \"b\": 1}, \"component\": {\"type\": \"T\"}},\n  {\"id\": ⟨{\"b\": 1, \"a\": \"é\"}, \"component\": {\"type\": \"T\"}}]}]}}",
            path: "box.sections[0].rows[1].id",
            #"duplicate row id {"a":"é","b":1} (first at 2:10, box.sections[0].rows[0].id)"#),
        .init(
            "equal integer ids, -0 and 0",
            #"{"box": {"sections": [{"id": 0}, {"id": ⟨-0}]}}"#, path: "box.sections[1].id", "duplicate section id 0"),

        // Nesting.
        .init(
            "nesting 513 levels in a prop",
            #"{"box": {"sections": [{"id": "é", "rows": [{"id": "r", "component": {"type": "T", "x": "#
                + String(repeating: "[", count: 505) + "⟨[" + String(repeating: "]", count: 506) + "}}]}]}}",
            path: "box.sections[0].rows[0].component.x[0]…(×505)",
            "nesting deeper than 512 levels"),
    ]

    @Test("bento diff: exit 2, nothing on standard output, one line", arguments: cases)
    func diff(_ testCase: Case) throws {
        let scratch = try ScratchDirectory()
        let bad = try scratch.write("bad screen.json", bytes: testCase.bytes)
        let good = try scratch.write("good.json", #"{"box": {"sections": []}}"#)
        for arguments in [["diff", bad, good], ["diff", good, bad], ["diff", "-f", "json", bad, good]] {
            let result = try BentoRun.run(arguments)
            #expect(result.status == 2, "\(arguments)\n\(result)")
            #expect(!result.signaled)
            #expect(result.stdout.isEmpty, "\(result)")
            try expectOneLine(result, file: bad, testCase)
        }
    }

    @Test("bento validate: exit 1, one line", arguments: cases)
    func validate(_ testCase: Case) throws {
        let scratch = try ScratchDirectory()
        let bad = try scratch.write("bad.json", bytes: testCase.bytes)
        let result = try BentoRun.run(["validate", bad])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        try expectOneLine(result, file: bad, testCase)
    }

    @Test("standard input is named '-'", arguments: cases.prefix(3))
    func standardInput(_ testCase: Case) throws {
        let scratch = try ScratchDirectory()
        let good = try scratch.write("good.json", #"{"box": {"sections": []}}"#)
        let result = try BentoRun.run(["diff", "-", good], stdin: .bytes(testCase.bytes))
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        try expectOneLine(result, file: "-", testCase)
    }

    private func expectOneLine(_ result: BentoRun.Result, file: String, _ testCase: Case) throws {
        #expect(result.errorLines.count == 1, "\(testCase.name): \(result)")
        let line = try #require(result.errorLines.first)
        var expected = "bento: \(file):\(testCase.line):\(testCase.column): "
        if let path = testCase.path { expected += "\(path): " }
        #expect(line.hasPrefix(expected), "\(testCase.name): expected prefix \(expected)\n got \(line)")
        #expect(line.contains(testCase.message), "\(testCase.name): \(line)")
        if testCase.path == nil {
            // A syntax error names no path: the message follows the position.
            let rest = line.dropFirst(expected.count)
            #expect(!rest.hasPrefix("box"), "\(line)")
        }
    }

    // MARK: Several errors

    @Test("two invalid inputs: one line each, old first")
    func bothInvalid() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", #"{"box": {"sections": [{"id": "a", "row": []}]}}"#)
        let new = try scratch.write("new.json", "{\"box\": ")
        let result = try BentoRun.run(["diff", old, new])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines.count == 2, "\(result)")
        #expect(result.errorLines.first?.hasPrefix("bento: \(old):1:35: box.sections[0].row: unknown member") == true)
        #expect(result.errorLines.last?.hasPrefix("bento: \(new):1:9: unexpected end of input") == true)
    }

    @Test("validate reports every invalid file and stays quiet on valid ones")
    func validateSeveral() throws {
        let scratch = try ScratchDirectory()
        let a = try scratch.write("a.json", #"{"box": {"sections": []}}"#)
        let b = try scratch.write("b.json", #"{"box": {"sections": [{"id": null}]}}"#)
        let c = try scratch.write("c.json", "[")
        let result = try BentoRun.run(["validate", a, b, scratch.path("missing.json"), c])
        // A file that cannot be read is trouble (bento-screen(5), REPORTS): 2, and the others are still checked.
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.errorLines == [
                "bento: \(b):1:30: box.sections[0].id: an id must be a string, an integer, or an array or object of them; found null",
                "bento: \(scratch.path("missing.json")): No such file or directory",
                "bento: \(c):1:2: unexpected end of input: expected a value",
            ], "\(result)")
    }

    @Test("names with line breaks and controls stay on one line")
    func controlCharactersEscaped() throws {
        let scratch = try ScratchDirectory()
        // A member name with an escaped line break, a DEL and U+2028.
        let file = try scratch.write(
            "odd.json", #"{"box": {"sections": [{"id": "a", "ro\nws": [], "\u007f\u2028": 1}]}}"#)
        let result = try BentoRun.run(["validate", file])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result)")
        #expect(
            result.errorLines.first
                == #"bento: \#(file):1:35: box.sections[0]["ro\nws"]: unknown member "ro\nws" in section; did you mean "rows"?"#,
            "\(result)")
        let duplicate = try scratch.write("dup.json", #"{"box": {"sections": []}, "a\"\u2028": 1, "a\"\u2028": 2}"#)
        let second = try BentoRun.run(["validate", duplicate])
        #expect(
            second.errorLines == [#"bento: \#(duplicate):1:43: ["a\"\u2028"]: duplicate member "a\"\u2028" (first at 1:27)"#],
            "\(second)")
    }

    // MARK: The fixtures

    /// Fixtures/invalid/README.md: each file, its position and its path.
    static let fixtures: [(file: String, position: String, path: String?, message: String)] = [
        ("not-json.json", "29:9", nil, "expected a value"),
        ("bad-utf8.json", "2:16", nil, "invalid UTF-8"),
        ("duplicate-member.json", "14:77", "box.sections[0].rows[1].component.props.title", "(first at 14:55)"),
        ("unknown-member.json", "20:9", "box.sections[1].row", #"did you mean "rows"?"#),
        ("missing-member.json", "34:11", "box.sections[2].rows[0].component", #"missing member "component""#),
        ("mistyped-member.json", "33:17", "box.sections[2].rows", "expected an array"),
        ("duplicate-section-id.json", "32:15", "box.sections[2].id", "(first at 6:15, box.sections[0].id)"),
        ("duplicate-row-id.json", "30:19", "box.sections[1].rows[2].id", "(first at 22:19, box.sections[1].rows[0].id)"),
        ("bad-id.json", "13:19", "box.sections[0].rows[1].id", "an id must be"),
        (
            "too-deep.json", "10:601",
            "box.sections[0].rows[0].component.props.nested[0]…(×504)",
            "nesting deeper than 512 levels"
        ),
        ("empty.json", "1:1", nil, "empty document"),
    ]

    @Test("every file in Fixtures/invalid gets its documented line", arguments: 0..<fixtures.count)
    func fixture(_ k: Int) throws {
        let (file, position, path, message) = Self.fixtures[k]
        let bad = BentoRun.fixture("invalid/\(file)")
        let good = BentoRun.fixture("identical/old.json")
        try #require(FileManager.default.fileExists(atPath: bad), "Fixtures/invalid/\(file) is missing")
        let result = try BentoRun.run(["diff", bad, good])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines.count == 1, "\(result)")
        let expected = "bento: \(bad):\(position): " + (path.map { "\($0): " } ?? "")
        #expect(result.errorLines.first?.hasPrefix(expected) == true, "expected \(expected)\n\(result)")
        #expect(result.standardError.contains(message), "\(result)")
    }
}
