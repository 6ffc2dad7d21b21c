import Testing

@testable import BentoJSON

@Suite("JSONPointer (RFC 6901)")
struct JSONPointerTests {
    /// RFC 6901 section 5.
    static let document: JSONValue = [
        "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8,
    ]

    @Test(
        "the RFC's examples",
        arguments: [
            ("", nil), ("/foo", nil), ("/foo/0", "bar"), ("/", "0"), ("/a~1b", "1"), ("/c%d", "2"), ("/e^f", "3"),
            ("/g|h", "4"), ("/i\\j", "5"), ("/k\"l", "6"), ("/ ", "7"), ("/m~0n", "8"),
        ] as [(String, String?)])
    func rfcExamples(_ text: String, _ expected: String?) throws {
        let pointer = try #require(JSONPointer(text))
        #expect(pointer.description == text)
        let value = try #require(pointer.value(in: Self.document))
        if let expected {
            #expect(JSONWriter.canonical.string(value) == expected || value == .string(expected))
        }
    }

    @Test("tokens are unescaped once, ~1 before ~0")
    func escaping() throws {
        #expect(JSONPointer("/~01")?.tokens == ["~1"])
        #expect(JSONPointer("/~10")?.tokens == ["/0"])
        #expect(JSONPointer("/a/")?.tokens == ["a", ""])
        #expect(JSONPointer("/")?.tokens == [""])
        #expect(JSONPointer("//é/~1x~0/~0~1~01")?.tokens == ["", "é", "/x~", "~/~1"])
        #expect(JSONPointer("")?.tokens == [] && JSONPointer("")?.isRoot == true && JSONPointer("/")?.isRoot == false)
        #expect(JSONPointer.escape("a/b~c") == "a~1b~0c")
        for base in ["", "/box/sections", "/é~0"] {
            let pointer = JSONPointer(base)!
            #expect(pointer.appending(12, "rows", 0) == pointer.appending(12).appending("rows").appending(0))
            #expect(pointer.appending(3, "rows", 45_678).description == base + "/3/rows/45678")
            #expect(pointer.appending(7).description == base + "/7")
        }
        for token in ["", "a", "~", "/", "a/b~c", "~~//", "é/~1", "plain"] {
            var path = Array("/x".utf8)
            token.withUTF8Span { JSONPointer.appendEscaped($0, to: &path) }
            #expect(path == Array(("/x" + JSONPointer.escape(token)).utf8), "\(token)")
        }
        #expect(JSONPointer(tokens: ["~1", "a/b", ""]).description == "/~01/a~1b/")
        let long = "/abcdefghijklmnopqrstuvwxyz0123456789"
        for bad in ["foo", "/~2", "/~", "/a~", "/~~0", long + "~0~", long + "~x", "x" + long] {
            #expect(JSONPointer(bad) == nil, "\(bad)")
        }
        #expect(JSONPointer(long + "~1~0")?.tokens == [String(long.dropFirst()) + "/~"])
    }

    @Test("array indices are digits without a leading zero")
    func indices() {
        #expect(JSONPointer("/foo/01")!.value(in: Self.document) == nil)
        #expect(JSONPointer("/foo/2")!.value(in: Self.document) == nil)
        #expect(JSONPointer("/foo/-")!.value(in: Self.document) == nil)
        #expect(JSONPointer("/foo/1")!.value(in: Self.document) == "baz")
    }

    @Test("setting adds, replaces and removes; a missing parent is nil")
    func setting() {
        let doc: JSONValue = ["a": ["b": 1], "list": [1, 2, 3]]
        #expect(JSONPointer("/a/c")!.setting(2, in: doc) == ["a": ["b": 1, "c": 2], "list": [1, 2, 3]])
        #expect(JSONPointer("/a/b")!.setting(nil, in: doc) == ["a": [:], "list": [1, 2, 3]])
        #expect(JSONPointer("/list/1")!.setting("x", in: doc) == ["a": ["b": 1], "list": [1, "x", 3]])
        #expect(JSONPointer("/list/1")!.setting(nil, in: doc) == ["a": ["b": 1], "list": [1, 3]])
        #expect(JSONPointer("/x/y")!.setting(1, in: doc) == nil)
        #expect(JSONPointer("/a/zz")!.setting(nil, in: doc) == nil)
        #expect(JSONPointer("/list/3")!.setting(1, in: doc) == nil)
    }

    @Test("tokens compare by code points")
    func codePoints() {
        #expect(JSONPointer(tokens: ["caf\u{E9}"]) != JSONPointer(tokens: ["cafe\u{301}"]))
        let doc: JSONValue = .object(JSONObject([("caf\u{E9}", 1), ("cafe\u{301}", 2)]))
        #expect(JSONPointer(tokens: ["cafe\u{301}"]).value(in: doc) == 2)
    }
}
