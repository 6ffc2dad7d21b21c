import BenchmarkScreens
import Testing

@testable import BentoJSON

/// Members of compact object text found in place: names and value texts as
/// a tape of the same text has them.
@Suite("Compact members")
struct CompactMembersTests {
    static let texts = [
        #"{}"#,
        #"{"a":1}"#,
        #"{"a":"x","b":-1.5e3,"c":true,"d":null,"e":false}"#,
        #"{"s":"}]\",{[","n":{"x":["]","}",{"y":"\\"}]},"t":[]}"#,
        #"{"\u00e9\"":{"":[[[]]]},"z":[1,{"w":"\""}],"q":{}}"#,
    ]

    @Test("each member's name and value text, in order, as the tape of the same text gives them", arguments: texts)
    func members(_ text: String) {
        let bytes = Array(text.utf8)
        let tape = JSONTape(compact: bytes)
        let expected = tape.members(of: 0).map { name, value in
            let compact = tape.compactText(value)
            return (tape.rawString(name).range, tape.rawString(name).escaped, compact)
        }
        let found = bytes.withSpan { CompactMembers.all(of: $0, objectAt: 0) }
        #expect(found.count == expected.count)
        for (member, (name, escaped, value)) in zip(found, expected) {
            #expect(member.name == name && member.escaped == escaped, "\(text)")
            #expect(Array(bytes[member.value]) == value, "\(text)")
        }
    }

    @Test("a string's end is found eight bytes at a time, with a quote or backslash at every place in a word")
    func stringsAcrossWords() {
        for length in 0..<20 {
            for special in [#"\""#, #"\\"#, #"\u0022"#, "é"] {
                for k in 0...length {
                    let inside = String(repeating: "a", count: k) + special + String(repeating: "b", count: length - k)
                    let bytes = Array(#"{"\#(inside)":"\#(inside)","z":1}"#.utf8)
                    let found = bytes.withSpan { CompactMembers.all(of: $0, objectAt: 0) }
                    #expect(found.count == 2, "\(inside)")
                    #expect(found.first.map { String(decoding: bytes[$0.name], as: UTF8.self) } == inside)
                    #expect(found.first?.escaped == special.hasPrefix("\\"))
                    #expect(found.first.map { Array(bytes[$0.value]) } == Array(#""\#(inside)""#.utf8))
                }
            }
        }
    }

    @Test("a container's end is found eight bytes at a time: brackets, braces, quotes and escapes at every place in a word")
    func containersAcrossWords() {
        // Strings that hold what a scan could take for structure, each at every
        // offset, in short strings and in long ones (handed to the string scan).
        let specials = [#"\""#, #"\\"#, "]", "}", "[{", #"\\\""#, #"\\]"#, "é", #"\u005d"#, #"\"\""#, "a|z^_"]
        for length in Array(0..<20) + [31, 32, 33, 47, 80] {
            for special in specials {
                for k in 0...length {
                    let inside = String(repeating: "a", count: k) + special + String(repeating: "b", count: length - k)
                    for container in [#"{"\#(inside)":["\#(inside)",{"k":"\#(inside)"}]}"#, #"["\#(inside)",[],{}]"#] {
                        let bytes = Array((container + #",{"z":"]"}"#).utf8)
                        bytes.withSpan { text in
                            #expect(CompactMembers.endOfValue(text, 0) == container.utf8.count, "\(container)")
                        }
                    }
                }
            }
        }
        // Random values of every shape, inside an array after a first element.
        var random = SeededGenerator(seed: 5)
        for _ in 0..<2000 {
            let value = Self.value(&random)
            let first = CompactJSON(.array([value])).bytes, whole = CompactJSON(.array([value, value, .string("]}")])).bytes
            whole.withSpan { text in
                #expect(CompactMembers.endOfValue(text, 1) == first.count - 1)
                #expect(CompactMembers.endOfValue(text, 0) == text.count)
            }
        }
    }

    @Test("a member read by the caller: its name, where its value starts, and the members after it")
    func steppingIn() {
        let bytes = Array(#"{"p":{"a":"1","b":[2]},"q":3}"#.utf8)
        bytes.withSpan { text in
            var outer = CompactMembers(objectAt: 0)
            let first = outer.nextName(in: text)
            #expect(first.map { String(decoding: bytes[$0.name], as: UTF8.self) } == "p" && first?.value == 5)
            var inner = CompactMembers(objectAt: 5)
            #expect(CompactMembers.all(of: text, objectAt: 5).map { String(decoding: bytes[$0.name], as: UTF8.self) } == ["a", "b"])
            _ = inner.next(in: text)
            _ = inner.next(in: text)
            #expect(inner.next(in: text) == nil && inner.end == 22)
            outer.resume(after: inner.end, in: text)
            let second = outer.next(in: text)
            #expect(second.map { String(decoding: bytes[$0.value], as: UTF8.self) } == "3")
            #expect(outer.next(in: text) == nil && outer.end == bytes.count)
        }
    }

    @Test("an object inside the text is read from where it starts")
    func nested() {
        let bytes = Array(#"{"p":{"a":"1","b":[2]},"q":3}"#.utf8)
        let names = bytes.withSpan { text in
            CompactMembers.all(of: text, objectAt: 5).map { String(decoding: bytes[$0.name], as: UTF8.self) }
        }
        #expect(names == ["a", "b"])
    }

    /// A value of every shape: names out of order, escaped and not ASCII,
    /// numbers in their many spellings, strings with escapes, nesting.
    static func value(_ random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        let names = ["b", "a", "é", "e\u{301}", "~/", "\u{1}", "", "ab", "B", "😀", "\"q"]
        let numbers = ["0", "-0", "1.0", "1e2", "1E+2", "0.10", "100", "-1.5e-3", "12345678901234567890", "2.50"]
        switch random.int(0...(depth > 3 ? 3 : 6)) {
        case 0: return .number(JSONNumber(validatedText: random.pick(numbers)))
        case 1: return .string(random.pick(names) + random.pick(["", "x\ny", "\u{7F}", "/"]))
        case 2: return random.pick([.null, .bool(true), .bool(false)])
        case 3: return .string("")
        case 4, 5:
            var members: [(key: String, value: JSONValue)] = []
            for name in names.shuffled(using: &random).prefix(random.int(0...5)) {
                members.append((name, value(&random, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        default:
            return .array((0..<random.int(0...4)).map { _ in value(&random, depth: depth + 1) })
        }
    }

    @Test("canonical text written from compact text in place is JSONWriter.canonical's, for values of every shape")
    func canonical() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let value = Self.value(&random)
            let compact = CompactJSON(value).bytes
            var written: [UInt8] = []
            compact.withSpan { CompactJSON.writeCanonical($0, to: &written) }
            // Bytes, not strings: Swift's == would take "é" and "e\u{301}" as one.
            #expect(written == Array(JSONWriter.canonical.string(value).utf8), "\(JSONWriter.canonical.string(value))")
        }
    }

    @Test("canonical text of objects of up to 40 members, in order, reversed and shuffled, with objects inside: JSONWriter.canonical's")
    func canonicalWideObjects() {
        var random = SeededGenerator(seed: 13)
        let stems = ["abcdefghijklmnop", "abcdefghijklmnopq", "m", "é", "Z", "a😀", "\u{7F}"]
        for round in 0..<400 {
            var ordered = Self.sortedNames(&random, stems, count: 0...40, numbers: 0...99)
            switch round % 3 {
            case 0: break
            case 1: ordered.reverse()
            default: ordered.shuffle(using: &random)
            }
            let members = ordered.map { name -> (key: String, value: JSONValue) in
                // Now and then an object inside, in order or not, or an array of them.
                switch random.int(0...5) {
                case 0: return (name, .object(JSONObject([("y", .number(JSONNumber(validatedText: "1.50"))), ("x", .null)])))
                case 1: return (name, .array([.object(JSONObject([("a", .bool(true)), ("b", .string("s"))]))]))
                default: return (name, Self.value(&random, depth: 3))
                }
            }
            Self.expectCanonical(.object(JSONObject(members)), "round \(round)")
        }
    }

    @Test("canonical text of wide objects, alone and inside wide objects, in runs, reversed and shuffled: JSONWriter.canonical's")
    func canonicalVeryWideObjects() {
        var random = SeededGenerator(seed: 29)
        for (round, count) in [17, 100, 3_000].enumerated() {
            // Numbered in counting order: runs already in code point order.
            var names = (0..<count).map { "member\($0)" }
            if round == 1 { names.reverse() }
            if round == 2 { names.shuffle(using: &random) }
            let wide = JSONObject(names.map { ($0, .string("value \($0)")) })
            Self.expectCanonical(.object(wide), "\(count) members")
            // Inside another wide object, after members of its own, and before more.
            let outer = (0..<20).map { (key: "z\($0)", value: JSONValue.number(JSONNumber(validatedText: "\($0)"))) }
            Self.expectCanonical(.object(JSONObject(outer + [("inner", .object(wide))] + outer.map { ("a" + $0.key, $0.value) })), "\(count) inside")
        }
    }

    /// Distinct names, each a stem and a number, in code point order.
    private static func sortedNames(
        _ random: inout SeededGenerator, _ stems: [String], count: ClosedRange<Int>, numbers: ClosedRange<Int>
    ) -> [String] {
        var names = Set<String>()
        for _ in 0..<random.int(count) { names.insert(random.pick(stems) + String(random.int(numbers))) }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Expects the canonical text written from `value`'s compact text to be
    /// the bytes `JSONWriter.canonical` writes for it.
    private static func expectCanonical(_ value: JSONValue, _ comment: Comment) {
        var written: [UInt8] = []
        CompactJSON(value).bytes.withSpan { CompactJSON.writeCanonical($0, to: &written) }
        #expect(written == Array(JSONWriter.canonical.string(value).utf8), comment)
    }

    @Test("canonical text of flat objects out of order, every value a scalar, some numbers not canonical: JSONWriter.canonical's")
    func canonicalFlatObjects() {
        var random = SeededGenerator(seed: 17)
        let numbers = ["1", "1.50", "-0", "2e3", "0.1", "10", "-7.25"]
        for round in 0..<400 {
            var ordered = Self.sortedNames(&random, ["m", "member", "é", "a😀", "z"], count: 1...60, numbers: 0...999)
            if round % 2 == 0 { ordered.shuffle(using: &random) } else { ordered.reverse() }
            let members = ordered.map { name -> (key: String, value: JSONValue) in
                switch random.int(0...4) {
                case 0: (name, .number(JSONNumber(validatedText: random.pick(numbers))))
                case 1: (name, .bool(random.int(0...1) == 0))
                case 2: (name, .null)
                default: (name, .string(random.pick(["", "x", "\"q\"", "é", "tab\t"])))
                }
            }
            Self.expectCanonical(.object(JSONObject(members)), "round \(round)")
        }
    }

    @Test("one canonical writer for many values, wide, small and nested, in turn: each written as on its own")
    func canonicalWriterKeepsNothingBetweenValues() {
        var random = SeededGenerator(seed: 23)
        var writer = CompactJSON.CanonicalWriter()
        for round in 0..<200 {
            var names = Self.sortedNames(&random, ["k", "é", "z"], count: 1...(round % 10 == 0 ? 300 : 4), numbers: 0...999)
            if round % 3 == 0 { names.reverse() } else if round % 3 == 1 { names.shuffle(using: &random) }
            let inner = JSONValue.object(JSONObject(names.map { ($0, .number(JSONNumber(validatedText: "1.0"))) }))
            let value = JSONValue.object(JSONObject([("z", inner), ("a", .array([inner, .string("x")]))]))
            var alone: [UInt8] = [], inTurn: [UInt8] = [0x2A]
            CompactJSON(value).bytes.withSpan { text in
                CompactJSON.writeCanonical(text, to: &alone)
                writer.write(text, to: &inTurn)
            }
            #expect(inTurn == [0x2A] + alone, "round \(round)")
            #expect(alone == Array(JSONWriter.canonical.string(value).utf8), "round \(round)")
        }
    }

    @Test("canonical text of objects nested 400 deep, each out of order after its nested one: each value written once")
    func canonicalDeepDisorder() {
        // `{"b":{"b":…,"a":1},"a":1}`: every object learns it is out of
        // order only after writing the object inside it. Written again at
        // each level, the innermost would be written 2^400 times. Every
        // other name holds an escape (`b\u0001`), sorted by code points.
        for escapedNames in [false, true] {
            var value = JSONValue.number(JSONNumber(validatedText: "1.0"))
            for depth in 0..<400 {
                let inner = escapedNames && depth % 2 == 0 ? "b\u{1}" : "b"
                value = .object(JSONObject([(inner, value), ("a", .number(JSONNumber(validatedText: "1")))]))
            }
            var written: [UInt8] = []
            CompactJSON(value).bytes.withSpan { CompactJSON.writeCanonical($0, to: &written) }
            #expect(written == Array(JSONWriter.canonical.string(value).utf8))
        }
    }

    @Test("members sorted by name in code point order: names that share sixteen bytes or begin one another, not ASCII, escaped")
    func sortedByName() {
        var random = SeededGenerator(seed: 11)
        let stems = ["member", "abcdefghijklmnop", "abcdefghijklmnopq", "é", "\u{7F}", "z", "", "a😀", "\u{FFFF}"]
        for round in 0..<300 {
            var names = Set<String>()
            for _ in 0..<random.int(0...40) { names.insert(random.pick(stems) + String(random.int(0...999)) + random.pick(["", "x", "ü"])) }
            // Every fourth object writes its names all in escapes.
            let members = names.shuffled(using: &random).map { name -> String in
                guard round % 4 == 0 else { return JSONWriter.quoted(name) + ":0" }
                let units = name.utf16.map { unit in
                    let hex = String(unit, radix: 16)
                    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
                return "\"" + units.joined() + "\":0"
            }
            let text = Array(("{" + members.joined(separator: ",") + "}").utf8)
            let (sorted, all) = text.withSpan { bytes in
                let members = CompactMembers.all(of: bytes, objectAt: 0)
                func name(_ m: CompactMembers.Member) -> String { JSONTape.string(bytes.extracting(m.name), escaped: m.escaped) }
                return (CompactMembers.sortedByName(bytes, members).map { name($0) }, members.map { name($0) })
            }
            let expected = all.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            #expect(all.count == names.count)
            #expect(sorted.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
        }
    }
}
