import BenchmarkScreens
import Testing

@testable import BentoJSON

/// Field changes worked out from tapes (as the engine does for the components
/// of updated rows) are those worked out from values, change for change.
@Suite("Field changes from tapes and from values agree")
struct JSONDiffTests {
    @Test("whole random documents, old against new and new against old")
    func documents() throws {
        var nonEmpty = 0
        for seed in UInt64(0)..<400 {
            let pair = RandomScreenPairs.pair(seed: seed)
            let a = try JSONReader.parse(pair.old), b = try JSONReader.parse(pair.new)
            for (x, y) in [(a, b), (b, a), (a, a)] {
                let fromTapes = JSONDiff.changes(from: x, 0, to: y, 0, at: "")
                let fromValues = JSONDiff.changes(from: x.value(at: 0), to: y.value(at: 0))
                #expect(fromTapes == fromValues, "seed \(seed)")
                let fromCompact = JSONDiff.changes(
                    fromCompact: CompactJSON(x.value(at: 0)).bytes, toCompact: CompactJSON(y.value(at: 0)).bytes, at: "")
                #expect(fromCompact == fromValues, "seed \(seed)")
                if !fromTapes.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > 300)
    }

    @Test("equal values written differently have no changes")
    func equalValues() throws {
        let a = try JSONReader.parse(Array(#"{"n": 1.0, "s": "\u00e9", "o": {"x": [1e0, true], "y": null}}"#.utf8))
        let b = try JSONReader.parse(Array(#"{"o": {"y": null, "x": [10e-1, true]}, "s": "é", "n": 1}"#.utf8))
        #expect(JSONDiff.changes(from: a, 0, to: b, 0, at: "").isEmpty)
        let c = try JSONReader.parse(Array(#"{"o": {"y": 0, "x": [1, true, 2]}, "s": "e\u0301", "n": 1, "~/": 2}"#.utf8))
        #expect(JSONDiff.changes(from: a, 0, to: c, 0, at: "").map(\.path) == ["/o/x", "/o/y", "/s", "/~0~1"])
        let (ca, cb, cc) = (CompactJSON(a.value(at: 0)).bytes, CompactJSON(b.value(at: 0)).bytes, CompactJSON(c.value(at: 0)).bytes)
        #expect(JSONDiff.changes(fromCompact: ca, toCompact: cb, at: "").isEmpty)
        #expect(JSONDiff.changes(fromCompact: ca, toCompact: cc, at: "").map(\.path) == ["/o/x", "/o/y", "/s", "/~0~1"])
    }

    @Test("compact texts that spell one string two ways, in an object, in an array and alone, have no changes")
    func stringsSpelledTwoWays() {
        func changes(_ old: String, _ new: String) -> [String] {
            JSONDiff.changes(fromCompact: Array(old.utf8), toCompact: Array(new.utf8), at: "").map(\.path)
        }
        #expect(changes(#"{"s":"\u00e9","t":"a\"b"}"#, #"{"s":"é","t":"a\u0022b"}"#).isEmpty)
        #expect(changes(#"["\u0041",1.0,"x"]"#, #"["A",1,"x"]"#).isEmpty)
        #expect(changes(#""x""#, #""x""#).isEmpty)
        #expect(changes(#""\/""#, #""/""#).isEmpty)
        #expect(changes("1.0", "1").isEmpty)
        #expect(changes(#"{"s":"\u00e9"}"#, #"{"s":"e\u0301"}"#) == ["/s"])
        #expect(changes(#"["a","\n"]"#, #"["a","\r"]"#) == ["/1"])
        #expect(changes(#""a""#, #""b""#) == [""])
    }

    @Test("from compact text and from values: values of every shape, names out of order, numbers spelled many ways")
    func compactValues() {
        var random = SeededGenerator(seed: 11)
        var nonEmpty = 0
        for _ in 0..<3000 {
            let x = CompactMembersTests.value(&random), y = CompactMembersTests.value(&random)
            let near = Self.nudged(x, &random)
            for (a, b) in [(x, y), (x, near), (near, x), (x, x)] {
                let fromValues = JSONDiff.changes(from: a, to: b, at: "/component")
                let fromCompact = JSONDiff.changes(fromCompact: CompactJSON(a).bytes, toCompact: CompactJSON(b).bytes, at: "/component")
                // Paths as bytes: Swift's == would take "é" and "e\u{301}" as one.
                #expect(fromCompact.map { Array($0.path.utf8) } == fromValues.map { Array($0.path.utf8) })
                #expect(fromCompact == fromValues)
                if !fromValues.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > 3000)
    }

    @Test("a wide object edited here and there (members removed, added, changed, one moved): as from values")
    func wideObjects() {
        var random = SeededGenerator(seed: 5)
        var walked = 0
        for _ in 0..<300 {
            // Some names hold escapes in compact text (a quote).
            let names = (0..<60).map { k in k % 7 == 0 ? "q\"\(k)" : "m\(k)" }
            let old = names.map { (key: $0, value: JSONValue.number(JSONNumber(validatedText: "\($0.utf8.count)"))) }
            var new: [(key: String, value: JSONValue)] = []
            for member in old {
                if random.chance(0.1) { continue }
                new.append(random.chance(0.1) ? (member.key, .string("changed")) : member)
                if random.chance(0.1) { new.append((member.key + "+", .bool(true))) }
            }
            if random.chance(0.3), new.count > 2 { new.insert(new.removeFirst(), at: new.count / 2) }
            let (a, b) = (JSONValue.object(JSONObject(old)), JSONValue.object(JSONObject(new)))
            for (x, y) in [(a, b), (b, a)] {
                let fromValues = JSONDiff.changes(from: x, to: y, at: "/component")
                let fromCompact = JSONDiff.changes(fromCompact: CompactJSON(x).bytes, toCompact: CompactJSON(y).bytes, at: "/component")
                #expect(fromCompact.map { Array($0.path.utf8) } == fromValues.map { Array($0.path.utf8) })
                #expect(fromCompact == fromValues)
                if fromValues.count > 5 { walked += 1 }
            }
        }
        #expect(walked > 300)
    }

    /// `value` with a few of its parts changed, reordered or respelled.
    private static func nudged(_ value: JSONValue, _ random: inout SeededGenerator) -> JSONValue {
        switch value {
        case .object(let object):
            var members = object.members.map { ($0.key, random.chance(0.3) ? nudged($0.value, &random) : $0.value) }
            if random.chance(0.3) { members.reverse() }
            if random.chance(0.2), !members.isEmpty { members.removeFirst() }
            if random.chance(0.2) { members.append(("new", 1)) }
            return .object(JSONObject(members))
        case .array(let elements):
            if random.chance(0.2) { return .array(elements + [.null]) }
            return .array(elements.map { random.chance(0.3) ? nudged($0, &random) : $0 })
        case .number(let n):
            // The same number spelled longer: `1.5` as `1.50`, `100` as `100.0`, `1e2` as `1.0e2`.
            let text = n.text
            let longer: String
            if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                longer = text[..<e].contains(".") ? text : String(text[..<e]) + ".0" + String(text[e...])
            } else {
                longer = text + (text.contains(".") ? "0" : ".0")
            }
            return random.chance(0.5) ? .number(JSONNumber(validatedText: longer)) : 2
        default:
            return random.chance(0.5) ? value : "other"
        }
    }
}
