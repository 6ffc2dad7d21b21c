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
}
