import Testing

@testable import BentoJSON

/// The one writer of compact JSON text: it places the commas and colons,
/// and writes each kind of string as compact JSON does.
@Suite("Compact writer")
struct CompactWriterTests {
    private func text(_ write: (inout CompactWriter<ByteWriter>) -> Void) -> String {
        var writer = CompactWriter(capacity: 1)
        write(&writer)
        return String(decoding: writer.bytes.array, as: UTF8.self)
    }

    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test("commas between siblings, a colon after each name, none after an opening bracket")
    func separators() {
        let written = text { w in
            w.open(isObject: true)
            bytes("a").withSpan { w.name($0, .compact) }
            w.open(isObject: false)
            bytes("1").withSpan { w.scalar($0) }
            bytes("true").withSpan { w.scalar($0) }
            w.open(isObject: false)
            w.close(isObject: false)
            w.open(isObject: true)
            w.close(isObject: true)
            w.close(isObject: false)
            bytes("b").withSpan { w.name($0, .compact) }
            bytes("x").withSpan { w.string($0, .compact) }
            w.close(isObject: true)
        }
        #expect(written == #"{"a":[1,true,[],{}],"b":"x"}"#)
    }

    @Test("a string is copied, decoded and escaped again, or escaped, as its text stands")
    func stringForms() {
        #expect(text { w in bytes(#"a\u00e9\/"#).withSpan { w.string($0, .escaped) } } == #""aé/""#)
        #expect(text { w in bytes("tab\there \"q\"").withSpan { w.string($0, .decoded) } } == #""tab\there \"q\"""#)
        #expect(text { w in bytes(#"as \n is"#).withSpan { w.string($0, .compact) } } == #""as \n is""#)
    }

    @Test("an object's compact members join those written, and an empty object adds none")
    func membersOfCompact() {
        let written = text { w in
            w.open(isObject: true)
            bytes("type").withSpan { w.name($0, .compact) }
            bytes("T").withSpan { w.string($0, .compact) }
            bytes("{}").withSpan { w.members(ofCompact: $0) }
            bytes(#"{"a":1,"b":[2]}"#).withSpan { w.members(ofCompact: $0) }
            w.close(isObject: true)
        }
        #expect(written == #"{"type":"T","a":1,"b":[2]}"#)
        #expect(text { w in w.open(isObject: true); bytes(#"{"a":1}"#).withSpan { w.members(ofCompact: $0) }; w.close(isObject: true) } == #"{"a":1}"#)
    }

    @Test("into an array, after what it holds, the same text as into a writer of its own")
    func arraySink() {
        var writer = CompactWriter<[UInt8]>(Array("prefix ".utf8))
        writer.open(isObject: true)
        bytes("a").withSpan { writer.name($0, .compact) }
        bytes(#"\u00e9\n"#).withSpan { writer.string($0, .escaped) }
        bytes("b").withSpan { writer.name($0, .decoded) }
        bytes("[1,2]").withSpan { writer.value(compact: $0) }
        writer.close(isObject: true)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"prefix {"a":"é\n","b":[1,2]}"#)
    }

    @Test("what is forgotten leaves no comma behind")
    func removeAll() {
        let written = text { w in
            bytes("1").withSpan { w.scalar($0) }
            w.removeAll()
            bytes("2").withSpan { w.scalar($0) }
        }
        #expect(written == "2")
    }
}
