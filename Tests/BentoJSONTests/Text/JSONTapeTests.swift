import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The compact tape: 8-byte entries, kinds from the source bytes, strings
/// made from the source on demand, duplicate names found by fingerprint.
@Suite("JSON tape")
struct JSONTapeTests {
    static func tape(_ text: String) throws -> JSONTape { try JSONReader.parse(Array(text.utf8)) }

    @Test("duplicate member names are found however long, escaped or many they are", arguments: [
        (#"{"abcdef1":1,"abcdef2":2,"abcdef1":3}"#, false),
        (#"{"abcdefgh":1,"abcdefgX":2}"#, true),
        (#"{"abcdefgh":1,"abcd\u0065fgh":2}"#, false),
        (#"{"ab":1,"abc":2,"abcd":3,"abcde":4}"#, true),
        (#"{"\u00e9t\u00e9":1,"été":2}"#, false),
        ("{" + (0..<20).map { #""key\#($0)":\#($0)"# }.joined(separator: ",") + "}", true),
        ("{" + (0..<20).map { #""key\#($0)":\#($0)"# }.joined(separator: ",") + #","key7":0}"#, false),
        ("{" + (0..<20).map { #""key\#($0)":\#($0)"# }.joined(separator: ",") + #","k\u0065y19":0}"#, false),
    ])
    func duplicates(_ text: String, _ valid: Bool) {
        #expect(((try? Self.tape(text)) != nil) == valid, "\(text)")
    }

    @Test("every value's range is the text it is written in, white space, escapes and nesting aside")
    func ranges() throws {
        let text = " {\"a\" : [ 1 , -2.5e3, \"x\\\"y\" , true,false , null, [], [ ] , {}, { } ] ,\n \"\\u00e9\":{\"b\":{\"c\":[[{}]]}} } "
        let tape = try Self.tape(text)
        let bytes = Array(text.utf8)
        var count = 0
        for index in tape.entries.indices {
            let range = tape.range(of: index)
            let written = try JSONReader.parse(Array(bytes[range]))
            #expect(written.value(at: 0) == tape.value(at: index), "entry \(index)")
            #expect(range.lowerBound == tape.offset(of: index))
            count += 1
        }
        #expect(count == tape.entries.count && count > 20)
    }

    @Test("the error for a duplicate names it and points at both")
    func duplicateMessage() {
        #expect(throws: JSONSyntaxError(offset: 12, message: #"duplicate member "été" (first at 1:2)"#)) {
            try Self.tape(#"{"été":1, "\u00e9t\u00e9":2}"#)
        }
        // In an object of many members, whose names are hashed: the same
        // message, pointing at both, escapes decoded either way round.
        let head = "{" + (0..<30).map { #""key\#($0)":\#($0)"# }.joined(separator: ",")
        for (again, first) in [(#""k\u0065y3""#, "key3"), (#""key29""#, "key29")] {
            let text = head + "," + again + ":0}"
            // The first's opening quote: one past the bytes before it.
            let column = text.components(separatedBy: "\"\(first)\"")[0].utf8.count + 1
            #expect(throws: JSONSyntaxError(offset: head.utf8.count + 1, message: #"duplicate member "\#(first)" (first at 1:\#(column))"#)) {
                try Self.tape(text)
            }
        }
    }

    @Test("strings, numbers and counts read back from the source")
    func values() throws {
        let tape = try Self.tape(#" [ "plain", "esc\"aped\n\u00e9\ud83d\ude00\/", -12.5e+3, [], {"a": [1, 2, 3]}, true, null ] "#)
        #expect(tape.kind(0) == .array)
        #expect(tape.count(of: 0) == 7)
        #expect(tape.string(at: 1) == "plain")
        #expect(tape.string(at: 2) == "esc\"aped\n\u{E9}\u{1F600}/")
        #expect(tape.numberText(at: 3) == "-12.5e+3")
        #expect(tape.kind(4) == .array && tape.count(of: 4) == 0)
        #expect(tape.kind(5) == .object && tape.count(of: 5) == 1)
        #expect(tape.count(of: 7) == 3)
        #expect(tape.value(at: 0) == ["plain", .string("esc\"aped\n\u{E9}\u{1F600}/"), .number(JSONNumber("-12.5e+3")!), [], ["a": [1, 2, 3]], true, .null])
    }

    @Test("compact text reads into the same tape as through the strict reader")
    func compactTape() throws {
        for seed in UInt64(0)..<200 {
            let pair = RandomScreenPairs.pair(seed: seed)
            let strict = try JSONReader.parse(pair.old)
            let text = strict.compactText(0)
            let checked = try JSONReader.parse(text)
            let trusted = JSONTape(compact: text)
            #expect(trusted.entries.map(\.offset) == checked.entries.map(\.offset), "seed \(seed)")
            #expect(trusted.entries.map(\.payload) == checked.entries.map(\.payload), "seed \(seed)")
            #expect(trusted.value(at: 0) == strict.value(at: 0), "seed \(seed)")
        }
    }

    @Test("compact text from the tape is JSONWriter's compact text of the value")
    func compact() throws {
        for seed in UInt64(0)..<200 {
            let pair = RandomScreenPairs.pair(seed: seed)
            for bytes in [pair.old, pair.new] {
                let tape = try JSONReader.parse(bytes)
                let text = tape.compactText(0)
                var expected: [UInt8] = []
                JSONWriter(style: .compact).write(tape.value(at: 0), to: &expected)
                #expect(text == expected, "seed \(seed)")
            }
        }
    }

    @Test("two tapes' values are compared as bento-screen(5) compares values, as their values are")
    func equalsAcrossTapes() throws {
        let texts = [
            "1", "1.0", "1e0", "2", #""é""#, #""\u00e9""#, #""e\u0301""#, "null", "true", "false", "[]", "[1, 2]", "[2, 1]",
            "{}", #"{"a": 1, "b": [true]}"#, #"{"b": [true], "a": 1.0}"#, #"{"a": 1}"#, #"{"\u0061": 1}"#, #"{"a": 1, "b": [false]}"#,
        ]
        let tapes = try texts.map { try JSONReader.parse(Array($0.utf8)) }
        for (a, left) in tapes.enumerated() {
            for (b, right) in tapes.enumerated() {
                let expected = left.value(at: 0) == right.value(at: 0)
                #expect(left.equals(0, right, 0) == expected, "\(texts[a]) vs \(texts[b])")
            }
        }
        #expect(tapes[0].equals(0, tapes[1], 0) && tapes[4].equals(0, tapes[5], 0) && !tapes[4].equals(0, tapes[6], 0))
        #expect(tapes[14].equals(0, tapes[15], 0) && tapes[16].equals(0, tapes[17], 0) && !tapes[14].equals(0, tapes[18], 0))
    }
}
