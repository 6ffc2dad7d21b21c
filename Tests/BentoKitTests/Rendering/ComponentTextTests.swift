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

    private func rest(_ text: ComponentText) -> [String] {
        text.rest.map { $0.pointer + "=" + String(decoding: text.text.bytes[$0.value], as: UTF8.self) }
    }

    @Test("texts in the keys' order, from props, numbers as written; the rest with their pointers")
    func fromProps() throws {
        let text = ComponentText(
            try component(#"{"type":"T","props":{"detail":"d","title":"t","price":1.50,"image":{"u":"x"}},"style":["a"]}"#))
        #expect(text.lines == ["t", "d", "1.50"])
        #expect(rest(text) == [#"/props/image={"u":"x"}"#, #"/style=["a"]"#])
    }

    @Test("without props, or where a prop is no text, the component's own members are read")
    func fromComponent() throws {
        let bare = ComponentText(try component(#"{"type":"T","title":"own","subtitle":2}"#))
        #expect(bare.lines == ["own", "2"])
        #expect(bare.rest.isEmpty)
        let mixed = ComponentText(try component(#"{"type":"T","props":{"title":{"x":1}},"title":"own"}"#))
        #expect(mixed.lines == ["own"])
        #expect(rest(mixed) == [#"/props/title={"x":1}"#])
    }

    @Test("a limit of lines, a cut text kept whole in the rest, names escaped in pointers")
    func limits() throws {
        let long = String(repeating: "é", count: 30)
        let text = ComponentText(
            try component(#"{"type":"T","props":{"title":"\#(long)","text":"b","a/b":"c"}}"#), limit: 1, width: 10)
        #expect(text.lines == [String(repeating: "é", count: 9) + "…"])
        #expect(rest(text) == [#"/props/title="\#(long)""#, #"/props/text="b""#, #"/props/a~1b="c""#])
        #expect(ComponentText(try component(#"{"type":"T","props":{"title":"t","x":1}}"#), rest: false).rest.isEmpty)
    }
}
