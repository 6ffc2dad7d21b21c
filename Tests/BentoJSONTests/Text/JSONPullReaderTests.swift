import Testing

@testable import BentoJSON

/// The pull reader is the fast path of reading: it may give up on valid text
/// it does not handle (the caller then reads with `JSONReader`), but it must
/// never take text `JSONReader` rejects, and what it reads must be what the
/// tape holds.
@Suite("JSON pull reader: never more lenient than the reader")
struct JSONPullReaderTests {
    enum Key: String, CodingKey { case type }

    /// The whole text read as one value: its compact form, or nil when the
    /// pull reader gives up.
    static func pulled(_ bytes: [UInt8]) -> [UInt8]? {
        var reader = JSONPullReader(bytes: bytes)
        // Little room at first: the writer grows many times.
        var out = CompactWriter(capacity: 1)
        do {
            try reader.writeCompact(to: &out)
            try reader.finish()
            return out.bytes.array
        } catch {
            return nil
        }
    }

    @Test("the verdicts of the conformance table: nothing invalid is taken", arguments: jsonConformanceCases)
    func verdict(_ testCase: JSONConformanceCase) throws {
        let pulled = Self.pulled(testCase.bytes)
        guard testCase.valid else {
            #expect(pulled == nil, "\(testCase.name)")
            return
        }
        let tape = try JSONReader.parse(testCase.bytes)
        let compact = tape.compactText(0)
        #expect(pulled == compact, "\(testCase.name)")
    }

    @Test("duplicate member names are rejected at every depth")
    func duplicates() {
        #expect(Self.pulled(Array(#"{"a":1,"b":2,"a":3}"#.utf8)) == nil)
        #expect(Self.pulled(Array(#"[{"x":{"a":1,"a":1}}]"#.utf8)) == nil)
        // The same name in sibling and nested objects is fine.
        #expect(Self.pulled(Array(#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#.utf8)) != nil)
        // Objects of many members, whose names are checked through a set.
        for count in [63, 64, 65, 200] {
            let names = (0..<count).map { #""m\#($0)":\#($0)"# }
            let distinct = "{" + names.joined(separator: ",") + "}"
            #expect(Self.pulled(Array(distinct.utf8)) != nil, "\(count)")
            for repeated in [0, count / 2, count - 1] {
                let twice = "{" + (names + [#""m\#(repeated)":0"#]).joined(separator: ",") + "}"
                #expect(Self.pulled(Array(twice.utf8)) == nil, "\(count) \(repeated)")
            }
            let escaped = "{" + (names + [#""\u006d\#(count - 1)":0"#]).joined(separator: ",") + "}"
            #expect(Self.pulled(Array(escaped.utf8)) == nil, "\(count) escaped")
        }
        // Large objects inside large objects: each checks its own names.
        let names = (0..<70).map { #""m\#($0)":\#($0)"# }
        let inner = "{" + names.joined(separator: ",") + "}"
        let nested = "{" + (names + [#""inner":\#(inner)"#, #""after":[\#(inner),\#(inner)]"#]).joined(separator: ",") + "}"
        #expect(Self.pulled(Array(nested.utf8)) != nil)
        let repeatedAfter = "{" + (names + [#""inner":\#(inner)"#, #""m3":0"#]).joined(separator: ",") + "}"
        #expect(Self.pulled(Array(repeatedAfter.utf8)) == nil)
    }

    @Test("nesting: 512 levels are read, 513 are not")
    func depth() {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(Self.pulled(Array(ok.utf8)) != nil)
        #expect(Self.pulled(Array(deep.utf8)) == nil)
    }

    @Test("strings with escapes are written as JSONWriter writes them")
    func escapes() throws {
        let text = Array(#"{"s":"\u00e9\/\n\"","t":"\ud83d\ude00","\u0074\n":1}"#.utf8)
        let tape = try JSONReader.parse(text)
        let compact = tape.compactText(0)
        #expect(Self.pulled(text) == compact)
        #expect(String(decoding: compact, as: UTF8.self) == #"{"s":"é/\n\"","t":"😀","t\n":1}"#)
        // A name with escapes is the same name as without.
        #expect(Self.pulled(Array(#"{"a":1,"\u0061":2}"#.utf8)) == nil)
    }

    @Test("a string or container read at hand must be there: anything else throws, nothing is skipped")
    func atHand() throws {
        func fails(_ text: String, _ read: (inout JSONPullReader) throws -> Void) -> Bool {
            var reader = JSONPullReader(bytes: Array(text.utf8))
            do {
                try read(&reader)
                return false
            } catch {
                return error is JSONSyntaxError
            }
        }
        // White space first, another value, or nothing: not at hand.
        for text in [#" "a""#, "1", "{}", ""] {
            #expect(fails(text) { _ = try $0.readStringAtHand() }, "\(text)")
        }
        for text in [" {}", "[]", #""a""#, ""] {
            #expect(fails(text) { try $0.openAtHand(isObject: true) }, "\(text)")
        }
        #expect(fails("{}") { try $0.openAtHand(isObject: false) })
        var reader = JSONPullReader(bytes: Array(#""a\n""#.utf8))
        let token = try reader.readStringAtHand()
        #expect(reader.string(token) == "a\n" && token.isEscaped)
        var array = JSONPullReader(bytes: Array("[]".utf8))
        try array.openAtHand(isObject: false)
        #expect(try !array.nextElement())
        try array.finish()
    }

    @Test("member names and strings are lent as views: names match literals, escapes are decoded, literals are as written")
    func views() throws {
        let text = Array(#"{"id": "a\u0062c", "$x": "plain", "t\u0079pe": 1}"#.utf8)
        var names: [String] = [], matches: [Bool] = [], dollars: [Bool] = [], strings: [(String, String?)] = []
        var scratch = CompactWriter(capacity: 1)
        try JSONPullReader.reading(text) { reader throws(JSONSyntaxError) in
            var reader = reader
            try reader.beginObject()
            while let name = try reader.nextMember() {
                names.append(reader.string(of: name))
                matches.append(reader.key(of: name, among: MemberKeys([Self.Key.type])) == .type)
                dollars.append(reader.name(name, startsWith: UInt8(ascii: "$")))
                reader.writeName(name, to: &scratch)
                if try reader.kind() == .string {
                    let token = try reader.readString()
                    strings.append((reader.string(token), token.isEscaped ? nil : reader.withLiteral(of: token) { $0.string }))
                } else {
                    _ = try reader.value()
                }
            }
            try reader.finish()
        }
        #expect(names == ["id", "$x", "type"])
        #expect(matches == [false, false, true] && dollars == [false, true, false])
        #expect(strings.map(\.0) == ["abc", "plain"] && strings.map(\.1) == [nil, "\"plain\""])
        #expect(scratch.bytes.array == Array(#""id":"$x":"type":"#.utf8))
    }
}

/// Scalars a reader turns into values without making a string.
extension JSONPullReaderTests {
    @Test("an integer as Int reads its text, and nothing else", arguments: [
        ("2", 2), ("-1", -1), ("-0", 0), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
        ("9223372036854775808", nil), ("-9223372036854775809", nil), ("1.0", nil), ("1e2", nil), ("10", 10),
    ] as [(String, Int?)])
    func integers(_ number: (text: String, value: Int?)) throws {
        var reader = JSONPullReader(bytes: Array("[\(number.text)]".utf8))
        try reader.beginArray()
        #expect(try reader.nextElement())
        #expect(try reader.readInteger() == number.value)
        #expect(Int(number.text) == number.value)
    }

    @Test("a string names a key as written or with escapes")
    func stringKeys() throws {
        enum Op: String, CaseIterable, Sendable { case insert, delete }
        let keys = MemberKeys(cases: Op.self)
        var reader = JSONPullReader(bytes: Array(#"["delete", "ins\u0065rt", "move", "insert "]"#.utf8))
        try reader.beginArray()
        var read: [Op?] = []
        while try reader.nextElement() {
            let token = try reader.readString()
            read.append(reader.key(of: token, among: keys))
        }
        #expect(read == [.delete, .insert, nil, nil])
    }
}
