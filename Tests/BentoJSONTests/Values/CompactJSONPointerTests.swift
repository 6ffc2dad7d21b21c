import BenchmarkScreens
import Testing

@testable import BentoJSON

/// JSON Pointers read and set on compact text: the value, and the text, that
/// `JSONPointer` reads and sets on the value the text holds.
@Suite("Compact JSON pointers")
struct CompactJSONPointerTests {
    /// Tokens that lead somewhere in `value` and, now and then, nowhere:
    /// a missing member, an index past the end or spelled wrong, a step
    /// into a scalar.
    static func tokens(in value: JSONValue, _ random: inout SeededGenerator) -> [String] {
        var tokens: [String] = []
        var current: JSONValue? = value
        while tokens.isEmpty || random.int(0...2) > 0 {
            let astray = random.int(0...7) == 0
            switch current {
            case .object(let object)?:
                let name = object.members.isEmpty || astray ? random.pick(["a", "é", "zz", "~/"]) : random.pick(object.members).key
                tokens.append(name)
                current = object[name]
            case .array(let elements)?:
                let k = elements.isEmpty || astray ? elements.count : random.int(0...(elements.count - 1))
                tokens.append(astray && random.int(0...1) == 0 ? random.pick(["-", "01", "x"]) : String(k))
                current = k < elements.count ? elements[k] : nil
            default:
                guard astray else { return tokens }
                tokens.append(random.pick(["0", "a"]))
                current = nil
            }
        }
        return tokens
    }

    @Test("the value at a pointer, and the text with it set, added or removed, are JSONPointer's on the value")
    func sameAsOnTheValue() {
        var random = SeededGenerator(seed: 29)
        var (set, removed, nowhere) = (0, 0, 0)
        for _ in 0..<4000 {
            let value = CompactMembersTests.value(&random)
            let compact = CompactJSON(value)
            let tokens = Self.tokens(in: value, &random)
            let pointer = JSONPointer(tokens: tokens)
            #expect(compact.value(at: tokens[...]) == pointer.value(in: value), "\(pointer) in \(JSONWriter.canonical.string(value))")
            let new: JSONValue? = random.int(0...2) == 0 ? nil : CompactMembersTests.value(&random, depth: 2)
            let expected = pointer.setting(new, in: value).map { CompactJSON($0).bytes }
            // Bytes, not values: the text must be the one the value is written as.
            #expect(compact.setting(tokens[...], to: new)?.bytes == expected, "\(pointer) in \(JSONWriter.canonical.string(value))")
            if expected == nil { nowhere += 1 } else if new == nil { removed += 1 } else { set += 1 }
        }
        // Each case is met often.
        #expect(set > 500 && removed > 300 && nowhere > 300, "set \(set), removed \(removed), nowhere \(nowhere)")
    }

    @Test("set from an old value: the text set only where the value there is the old one, as checking and setting apart")
    func settingFromOld() {
        var random = SeededGenerator(seed: 31)
        var (made, refused) = (0, 0)
        for _ in 0..<3000 {
            let value = CompactMembersTests.value(&random)
            let compact = CompactJSON(value)
            let tokens = Self.tokens(in: value, &random)[...]
            let there = compact.value(at: tokens)
            // The value there, another, or none: each must be told apart.
            let old: JSONValue? = random.pick([there, nil, CompactMembersTests.value(&random, depth: 1)])
            let new: JSONValue? = random.int(0...2) == 0 ? nil : CompactMembersTests.value(&random, depth: 2)
            let expected = there == old ? compact.setting(tokens, to: new)?.bytes : nil
            #expect(compact.setting(tokens, from: old, to: new)?.bytes == expected, "\(tokens) in \(JSONWriter.canonical.string(value))")
            if expected == nil { refused += 1 } else { made += 1 }
        }
        #expect(made > 500 && refused > 500, "made \(made), refused \(refused)")
        // Equal by value, not by bytes: `1.0` is the `1` written there.
        let number = CompactJSON(["a": ["b": 1]])
        #expect(number.setting(["a", "b"], from: .number(JSONNumber("1.0")!), to: "x")?.bytes == Array(#"{"a":{"b":"x"}}"#.utf8))
        #expect(number.setting([], from: ["a": ["b": 1]], to: 2)?.bytes == Array("2".utf8))
    }

    @Test("set from an old string: compared where it is written, escapes decoded, by code point; long strings too")
    func settingFromOldString() {
        // "é" written escaped in the text is the old "é"; "e\u{301}" is another string.
        let escaped = CompactJSON(validated: Array(#"{"t":"\u00e9 \"q\""}"#.utf8))
        #expect(escaped.setting(["t"], from: "é \"q\"", to: "x")?.bytes == Array(#"{"t":"x"}"#.utf8))
        #expect(escaped.setting(["t"], from: "e\u{301} \"q\"", to: "x") == nil)
        #expect(escaped.setting(["t"], from: 1, to: "x") == nil && escaped.setting(["u"], from: "é", to: "x") == nil)
        // A long text, set from its old value to a longer one: the same as the value tree gives.
        let (old, new) = (String(repeating: "o", count: 100_000), String(repeating: "n", count: 150_000))
        let long = CompactJSON(["a": 1, "t": .string(old)])
        #expect(long.setting(["t"], from: .string(old + "!"), to: .string(new)) == nil)
        let set = long.setting(["t"], from: .string(old), to: .string(new))
        #expect(set?.bytes == CompactJSON(["a": 1, "t": .string(new)]).bytes)
        #expect(set?.value == ["a": 1, "t": .string(new)])
    }

    @Test("a member removed takes one comma with it: first, middle, last and only")
    func removedMembers() throws {
        let compact = CompactJSON(["a": 1, "b": [1, 2, 3], "c": ["d": true]])
        #expect(compact.setting(["a"], to: nil)?.bytes == Array(#"{"b":[1,2,3],"c":{"d":true}}"#.utf8))
        #expect(compact.setting(["b", "1"], to: nil)?.bytes == Array(#"{"a":1,"b":[1,3],"c":{"d":true}}"#.utf8))
        #expect(compact.setting(["c"], to: nil)?.bytes == Array(#"{"a":1,"b":[1,2,3]}"#.utf8))
        #expect(compact.setting(["c", "d"], to: nil)?.bytes == Array(#"{"a":1,"b":[1,2,3],"c":{}}"#.utf8))
        #expect(compact.setting(["c", "e"], to: "x")?.bytes == Array(#"{"a":1,"b":[1,2,3],"c":{"d":true,"e":"x"}}"#.utf8))
        #expect(compact.setting(["c", "d", "e"], to: 1) == nil && compact.setting(["b", "3"], to: 1) == nil)
        #expect(compact.setting([], to: 2)?.bytes == Array("2".utf8))
    }
}
