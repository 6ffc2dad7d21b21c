import Testing

@testable import BentoJSON

/// `JSONLayout`, the one engine that lays compact text out: the writer's
/// own styles and a person's (`TextStyle`).
@Suite("JSON layout")
struct JSONLayoutTests {
    static let sample: JSONValue = ["a": [1, ["b": .null, "c": "x,:{}\\\"y"]], "e": [:], "f": []]

    static func laidOut(_ layout: JSONLayout, _ value: JSONValue, depth: Int = 0) -> String {
        var out: [UInt8] = []
        Array(JSONWriter().string(value).utf8).withSpan { layout.write(compact: $0, to: &out, depth: depth) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test("a person's layout: tabs, CRLF, JSONEncoder's name separator, a base indentation, empty containers with a blank line")
    func personsLayout() {
        let layout = JSONLayout(
            lineEnd: Array("\r\n".utf8), base: Array("    ".utf8), indentUnit: [0x09], nameSeparator: Array(" : ".utf8),
            emptyHasBlankLine: true)
        let expected =
            "{\r\n    \t\"a\" : [\r\n    \t\t1,\r\n    \t\t{\r\n    \t\t\t\"b\" : null,\r\n    \t\t\t\"c\" : \"x,:{}\\\\\\\"y\"\r\n"
            + "    \t\t}\r\n    \t],\r\n    \t\"e\" : {\r\n\r\n    \t},\r\n    \t\"f\" : [\r\n\r\n    \t]\r\n    }"
        #expect(Self.laidOut(layout, Self.sample) == expected)
        let oneLine = JSONLayout(nameSeparator: [UInt8(ascii: ":")], isOneLine: true, elementSpace: [], emptyHasBlankLine: true)
        #expect(Self.laidOut(oneLine, Self.sample) == #"{"a":[1,{"b":null,"c":"x,:{}\\\"y"}],"e":{},"f":[]}"#)
    }

    @Test("past the levels whose breaks are made once, a break is written level by level, the same bytes")
    func deepNesting() {
        var value: JSONValue = ["leaf": true]
        for k in 0..<24 { value = k.isMultiple(of: 2) ? [value] : ["k": value] }
        for depth in [0, 3, 17] {
            var fromValue: [UInt8] = []
            JSONWriter(style: .pretty).write(value, to: &fromValue, indent: depth)
            #expect(Self.laidOut(.pretty, value, depth: depth) == String(decoding: fromValue, as: UTF8.self))
        }
        let tabs = JSONLayout(indentUnit: [0x09])
        let lines = Self.laidOut(tabs, value).split(separator: Character("\n"))
        #expect(lines.map { line in line.prefix { $0 == "\t" }.count }.max() == 25)
    }
}
