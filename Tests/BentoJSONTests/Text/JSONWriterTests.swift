import Testing

@testable import BentoJSON

/// The writer's fast paths (plain strings copied whole, indentation copied
/// from a table) write what the plain rules say.
@Suite("JSON writer")
struct JSONWriterTests {
    /// The escaping rules, one scalar at a time.
    static func reference(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("strings: every special byte at every place of a long string")
    func strings() {
        let specials: [Character] = ["\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "😀", "\u{7F}", " "]
        for length in 0..<20 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    var s = String(repeating: "a", count: length)
                    if length > 0 {
                        s = String(s.prefix(position)) + String(special) + String(s.dropFirst(position + 1))
                    }
                    #expect(Array(JSONWriter.quoted(s).utf8) == Array(Self.reference(s).utf8))
                }
            }
        }
    }

    @Test("a value shortened for a message is its compact text cut to the width, a long string read only as far as the cut")
    func shortened() {
        let pieces = ["a", "é", "日本", "👩‍👩‍👧", "\"", "\\", "\n", "\u{1}", "e\u{301}", "\u{2028}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let length = Int.random(in: 0...400, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for width in [0, 1, 2, 5, 40, 80, 200] {
                let whole = OneLine.cut(JSONWriter(style: .compact).string(.string(text)), to: width)
                #expect(JSONWriter.shortened(.string(text), width: width) == whole, "\(text.debugDescription) to \(width)")
            }
        }
    }

    @Test("a string shortened whole and without escapes is lent as its text; any other value is not")
    func shortenedPlainString() {
        func lent(_ value: JSONValue, _ width: Int) -> String? {
            JSONWriter.withShortenedPlainString(value, width: width) { "\"" + $0.string + "\"" }
        }
        let pieces = ["a", "é", "日本", "👩‍👩‍👧", "\"", "\\", "\n", "\u{1}", "e\u{301}", "\u{2028}", "\u{7F}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let length = Int.random(in: 0...90, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for width in [0, 1, 2, 3, 10, 40, 79, 80, 81, 200] {
                let plain = text.utf8.count + 2 <= width && !text.contains(where: { "\"\\\n\u{1}".contains($0) })
                let got = lent(.string(text), width)
                #expect((got != nil) == plain, "\(text.debugDescription) to \(width)")
                if let got { #expect(got == JSONWriter.shortened(.string(text), width: width)) }
            }
        }
        // At the edge: a literal of exactly the width is whole; one more byte is cut.
        #expect(lent(.string(String(repeating: "x", count: 78)), 80) == "\"" + String(repeating: "x", count: 78) + "\"")
        #expect(lent(.string(String(repeating: "x", count: 79)), 80) == nil)
        for value: JSONValue in [1, true, .null, ["a"], ["a": "b"]] { #expect(lent(value, 80) == nil) }
    }

    @Test("indentation, deeper than the table of spaces")
    func deepIndentation() {
        var value: JSONValue = ["x": 1]
        for _ in 0..<100 { value = .array([value]) }
        var out: [UInt8] = []
        JSONWriter(style: .pretty).write(value, to: &out)
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 203)
        for (k, line) in lines.prefix(101).enumerated() {
            #expect(line.prefix(while: { $0 == " " }).count == 2 * k)
        }
    }

    /// A value with every kind of container: empty, one element, several, nested.
    static let sample: JSONValue = ["a": [1, ["b": .null, "c": "x"]], "e": [:], "f": [], "g": true]

    @Test("the three layouts: compact, one line, indented two spaces")
    func layouts() {
        let expected: [(JSONWriter.Style, String)] = [
            (.compact, #"{"a":[1,{"b":null,"c":"x"}],"e":{},"f":[],"g":true}"#),
            (.line, #"{"a": [1, {"b": null, "c": "x"}], "e": {}, "f": [], "g": true}"#),
            (.pretty, "{\n  \"a\": [\n    1,\n    {\n      \"b\": null,\n      \"c\": \"x\"\n    }\n  ],\n"
                + "  \"e\": {},\n  \"f\": [],\n  \"g\": true\n}"),
        ]
        for (style, text) in expected {
            #expect(JSONWriter(style: style).string(Self.sample) == text, "\(style)")
        }
    }

    @Test("compact text is laid out as its value is, in every layout")
    func compactText() {
        let values: [JSONValue] = [Self.sample, [], [:], [[[]]], ["k": ["l": [1, 2]]], "s,:{}", 15]
        for style in [JSONWriter.Style.compact, .line, .pretty] {
            let writer = JSONWriter(style: style)
            for value in values {
                var fromValue: [UInt8] = [], fromText: [UInt8] = []
                writer.write(value, to: &fromValue, indent: 2)
                Array(JSONWriter().string(value).utf8).withSpan {
                    writer.write(compact: $0, to: &fromText, indent: 2)
                }
                #expect(fromText == fromValue, "\(style): \(JSONWriter().string(value))")
            }
        }
    }

    @Test("a container written member by member is the value written whole; following is element after the first")
    func containers() throws {
        for style in [JSONWriter.Style.compact, .line, .pretty] {
            let writer = JSONWriter(style: style)
            var whole: [UInt8] = [], byMember: [UInt8] = [], byFollowing: [UInt8] = []
            writer.write(Self.sample, to: &whole, indent: 1)
            let sampleObject: JSONObject? = if case .object(let members) = Self.sample { members } else { nil }
            let object = try #require(sampleObject)
            var container = JSONWriter.Container.object(writer, indent: 1, &byMember)
            for member in object.members {
                container.member(escaping: member.key, &byMember)
                writer.write(member.value, to: &byMember, indent: 2)
            }
            container.close(&byMember)
            #expect(byMember == whole, "\(style)")
            // An array's elements after the first, laid out by a copy (as a part written on another core is).
            var array = JSONWriter.Container.array(writer, indent: 1, &byFollowing)
            array.element(&byFollowing)
            let layout = array
            for (k, member) in object.members.enumerated() {
                if k > 0 { layout.following(&byFollowing) }
                writer.write(member.value, to: &byFollowing, indent: 2)
            }
            array.close(&byFollowing)
            var reference: [UInt8] = []
            writer.write(.array(object.members.map(\.value)), to: &reference, indent: 1)
            #expect(byFollowing == reference, "\(style)")
        }
        var empty: [UInt8] = []
        JSONWriter.Container.object(JSONWriter(style: .pretty), indent: 3, &empty).close(&empty)
        #expect(empty == Array("{}".utf8))
    }
}
