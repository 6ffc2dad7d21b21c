import Testing

@testable import BentoJSON
@testable import BentoKit

/// What an HTML card shows of a component: its main texts, from `props` or
/// else from the component's own members, and the rest on demand.
@Suite("HTML cards: a component's texts")
struct ComponentTextTests {
    private func component(_ text: String) throws -> Component {
        let screen = try Screens.read(#"{"sections":[{"id":"s","rows":[{"id":"r","component":\#(text)}]}]}"#)
        return screen.box.sections[0].rows[0].component
    }

    /// What a card shows of the component written `json`: its lines, and
    /// its rest as `pointer=value`.
    private func texts(_ json: String, limit: Int = 4, width: Int = 200, rest: Bool = true) throws -> (lines: [String], rest: [String]) {
        ComponentText.withText(of: try component(json).content, limit: limit, width: width, rest: rest) { text, bytes in
            (text.lines(in: bytes), text.rest(in: bytes).map { $0.pointer + "=" + $0.value })
        }
    }

    @Test("texts in the keys' order, from props, numbers as written; the rest with their pointers")
    func fromProps() throws {
        let text = try texts(#"{"type":"T","props":{"detail":"d","title":"t","price":1.50,"image":{"u":"x"}},"style":["a"]}"#)
        #expect(text.lines == ["t", "d", "1.50"])
        #expect(text.rest == [#"/props/image={"u":"x"}"#, #"/style=["a"]"#])
    }

    @Test("without props, or where a prop is no text, the component's own members are read")
    func fromComponent() throws {
        let bare = try texts(#"{"type":"T","title":"own","subtitle":2}"#)
        #expect(bare.lines == ["own", "2"])
        #expect(bare.rest.isEmpty)
        let mixed = try texts(#"{"type":"T","props":{"title":{"x":1}},"title":"own"}"#)
        #expect(mixed.lines == ["own"])
        #expect(mixed.rest == [#"/props/title={"x":1}"#])
    }

    @Test("a limit of lines, a cut text kept whole in the rest, names escaped in pointers")
    func limits() throws {
        let long = String(repeating: "é", count: 30)
        let text = try texts(#"{"type":"T","props":{"title":"\#(long)","text":"b","a/b":"c"}}"#, limit: 1, width: 10)
        #expect(text.lines == [String(repeating: "é", count: 9) + "…"])
        #expect(text.rest == [#"/props/title="\#(long)""#, #"/props/text="b""#, #"/props/a~1b="c""#])
        #expect(try texts(#"{"type":"T","props":{"title":"t","x":1}}"#, rest: false).rest.isEmpty)
    }

    @Test("names with escapes, props that is no object, long names: all read in one pass")
    func oddMembers() throws {
        let text = try texts(
            #"{"type":"T","pro\u0070s":{"ti\u0074le":"t","a\"b":"q"},"detail":"d","averyveryverylongname":[1,{"x":"}"}]}"#)
        #expect(text.lines == ["t", "d"])
        #expect(text.rest == [#"/props/a"b="q""#, #"/averyveryverylongname=[1,{"x":"}"}]"#])
        let flat = try texts(#"{"type":"T","props":"none","title":"own"}"#)
        #expect(flat.lines == ["own"])
        #expect(flat.rest == [#"/props="none""#])
    }

    @Test("per key, props before the component's own member, whichever comes first; the best keys kept past the limit")
    func ranking() throws {
        let ownFirst = try texts(#"{"type":"T","title":"own","props":{"title":"p"}}"#)
        #expect(ownFirst.lines == ["p"])
        #expect(ownFirst.rest == [#"/title="own""#])
        // detail and label fill a limit of two; title, last, goes first.
        let late = try texts(#"{"type":"T","props":{"detail":"d","label":"l","value":"v"},"title":"t"}"#, limit: 2)
        #expect(late.lines == ["t", "d"])
        #expect(late.rest == [#"/props/label="l""#, #"/props/value="v""#])
    }

    @Test("the rest of a component of many members, in props and its own, listed in order")
    func manyMembers() throws {
        for count in [7, 8, 9, 20] {
            let members = (0..<count).map { #""m\#($0)":\#($0)"# }
            let half = count / 2
            let json = #"{"type":"T","props":{"title":"t",\#(members[..<half].joined(separator: ","))},\#(members[half...].joined(separator: ","))}"#
            let expected = (0..<count).map { ($0 < half ? "/props/m" : "/m") + "\($0)=\($0)" }
            let text = try texts(json)
            #expect(text.lines == ["t"], "\(count) members")
            #expect(text.rest == expected, "\(count) members")
        }
    }

    @Test("every key is told by its name, and no name it begins, that begins it, or that differs by a byte")
    func everyKey() throws {
        for (rank, key) in ComponentText.keys.enumerated() {
            // Each key, in props and among the own members, at the end of the text too.
            for json in [#"{"type":"T","props":{"\#(key)":"k"}}"#, #"{"type":"T","\#(key)":"k"}"#, #"{"type":"T","x":1,"\#(key)":7}"#] {
                #expect(try texts(json).lines.count == 1, "\(key) in \(json)")
            }
            // Ranked as the list says: the key before it comes first.
            if rank > 0 {
                let before = ComponentText.keys[rank - 1]
                #expect(try texts(#"{"type":"T","props":{"\#(key)":"b","\#(before)":"a"}}"#).lines == ["a", "b"])
            }
            // Near misses are members like any other.
            var changed = Array(key.utf8)
            changed[changed.count - 1] ^= 0x20
            for miss in [key + "s", String(key.dropLast()), String(decoding: changed, as: UTF8.self), "x" + key] {
                #expect(try texts(#"{"type":"T","props":{"\#(miss)":"m"}}"#).lines.isEmpty, "\(miss)")
            }
        }
        // `props` is told the same way: a near miss is a member of its own.
        #expect(try texts(#"{"type":"T","propz":{"title":"t"}}"#).lines.isEmpty)
    }

    /// What `appendTitle` draws of the component written `json`.
    private func title(_ json: String, width: Int = 200) throws -> String {
        var out = HTMLBuffer()
        ComponentText.appendTitle(of: try component(json).content, width: width, between: "[", and: "]", to: &out)
        return String(decoding: out.pieces().joined(), as: UTF8.self)
    }

    @Test("a folded line's title is a card's first text, escaped and cut; none without a text")
    func lineTitle() throws {
        for json in [
            #"{"type":"T","props":{"title":"a<b","detail":"d"}}"#, #"{"type":"T","props":{"detail":"d"},"title":"t"}"#,
            #"{"type":"T","title":"own","props":{"x":1,"title":"p\u00e9"}}"#, #"{"type":"T","props":{"title":"\#(String(repeating: "x", count: 30))"}}"#,
            #"{"type":"T","props":{"title":"\u00e9\"<\\"},"title":"own"}"#, #"{"type":"T","props":{"title":""}}"#,
            #"{"type":"T","props":{"title":7.50,"detail":"d"}}"#,
        ] {
            let first = try texts(json, limit: 1, width: 10).lines.first!
            #expect(try title(json, width: 10) == "[" + HTMLEscaping.text(first) + "]")
        }
        #expect(try title(#"{"type":"T","props":{"image":"i.png"}}"#) == "")
        #expect(try title(#"{"type":"T","props":{"title":{"x":1}}}"#) == "")
    }
}
