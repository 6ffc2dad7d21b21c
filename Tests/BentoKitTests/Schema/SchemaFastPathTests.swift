import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The fast path (the one-pass decoder: ids, components kept as compact
/// text, member names compared in place) must give the same screens as the
/// Codable schema, and leave it every error.
@Suite("Schema decoding: the one-pass decoder and the Codable paths agree")
struct SchemaFastPathTests {
    static func documents() -> [(name: String, bytes: [UInt8])] {
        var documents: [(String, [UInt8])] = []
        for seed in UInt64(0)..<400 {
            let pair = RandomScreenPairs.pair(seed: seed)
            documents += [("pair \(seed) old", pair.old), ("pair \(seed) new", pair.new)]
        }
        let typical = TypicalScreens(rows: 300, rowsPerSection: 40)
        documents += [("typical old", typical.oldText()), ("typical new", typical.newText())]
        return documents
    }

    /// True when every number of the value survives the generic path, which
    /// reads numbers through Int, Decimal or Double (`12345678901234567891`
    /// and `1e999999` do not).
    static func numbersAreExactInDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let n):
            guard let d = Double(n.text), d.isFinite, let back = JSONNumber("\(d)") else { return false }
            return back == n
        case .array(let a): return a.allSatisfy(numbersAreExactInDouble)
        case .object(let o): return o.members.allSatisfy { numbersAreExactInDouble($0.value) }
        default: return true
        }
    }

    @Test("the same screens, on random files and typical ones")
    func sameScreens() throws {
        var compared = 0
        for (name, bytes) in Self.documents() {
            let tape = try JSONReader.parse(bytes)
            guard Self.numbersAreExactInDouble(tape.value(at: 0)) else { continue }
            let direct = try ScreenReader.read(SourceText(name: name, bytes: bytes))
            let generic = try Screen(from: OpaqueDecoder(base: TapeDecoder(tape: tape)))
            compared += 1
            #expect(direct == generic, "\(name)")
            #expect(direct.jsonValue == generic.jsonValue, "\(name)")
        }
        #expect(compared > 200)
    }

    @Test("the one-pass decoder takes every valid file, and builds what Codable builds")
    func directPath() throws {
        for (name, bytes) in Self.documents() {
            let tape = try JSONReader.parse(bytes)
            let fast = ScreenPullDecoder.screen(in: bytes)
            let codable = try Screen(from: TapeDecoder(tape: tape))
            #expect(fast != nil, "\(name)")
            #expect(fast == codable, "\(name)")
            #expect(fast?.jsonValue == codable.jsonValue, "\(name)")
            #expect(fast?.shape == codable.shape, "\(name)")
        }
    }

    @Test("component text is exactly JSONWriter's compact form of the properties")
    func compactText() throws {
        for (name, bytes) in Self.documents().prefix(300) {
            let screen = try ScreenReader.read(SourceText(name: name, bytes: bytes))
            for box in [screen.box, screen.pinnedToBottomBox ?? Box()] {
                for section in box.sections {
                    let components = section.rows.map(\.component) + [section.header, section.footer].compactMap { $0 }
                    for component in components {
                        let written = JSONWriter(style: .compact).string(.object(component.properties))
                        #expect(component.content.bytes == Array(written.utf8), "\(name)")
                    }
                }
            }
        }
    }

    /// Screens with a schema error in each place the decoders look, and
    /// one with `$` members where they are allowed.
    static let schemaCases: [String] = [
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"props": {}}}]}]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": 1}}]}]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": []}]}]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": 1.5, "component": {"type": "T"}}]}]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "compnent": {"type": "T"}}]}]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T"}}, {"id": "r", "component": {"type": "T"}}]}]}}"#,
        #"{"box": {"sections": [{"id": "a", "r\u006Fws": [], "x\u0079": 1}]}}"#,
        #"{"box": {"sections": [{"id": [null], "rows": []}]}}"#,
        #"{"box": {"sections": {"id": "a"}}}"#,
        #"{"box": {"sections": [1]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T"}, "$comment": 1, "\u0024x": 2}]}]}}"#,
        #"{"box": {"sections": []}, "pinnedToBottomBox": null}"#,
        #"{"box": {"sections": []}, "title": 1}"#,
        #"{"sections": [], "title": "x"}"#,
        #"{"box": {"sections": [{"id": "a"}, {"id": "a"}]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": null}]}}"#,
        #"{"box": {"sections": [{"id": "a", "header": 1}]}}"#,
        #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r"}]}]}}"#,
        #"{"title": "no box"}"#,
    ]

    @Test("the same errors, with the same paths", arguments: schemaCases)
    func sameErrors(_ text: String) throws {
        let tape = try JSONReader.parse(Array(text.utf8))
        func outcome(_ decode: () throws -> Screen) -> String {
            do {
                return "ok \(try decode().jsonValue)"
            } catch let violation as SchemaViolation {
                return "\(violation)"
            } catch {
                return "other: \(error)"
            }
        }
        let direct = outcome { try Screen(from: TapeDecoder(tape: tape)) }
        let generic = outcome { try Screen(from: OpaqueDecoder(base: TapeDecoder(tape: tape))) }
        #expect(direct == generic)
        // All but the `$`-member case are errors, which the one-pass decoder
        // leaves to Codable.
        #expect(direct.hasPrefix("ok") == text.contains("$comment"), "\(direct)")
        #expect((ScreenPullDecoder.screen(in: Array(text.utf8)) != nil) == text.contains("$comment"))
    }
}
