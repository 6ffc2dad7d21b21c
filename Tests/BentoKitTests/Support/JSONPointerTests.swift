import Testing

@testable import BentoKit

@Suite("JSON Pointer")
struct JSONPointerTests {
    @Test("tokens: RFC 6901 section 5 examples and escapes")
    func tokens() {
        #expect(JSONPointer.tokens("") == [])
        #expect(JSONPointer.tokens("/") == [""])
        #expect(JSONPointer.tokens("/foo/0") == ["foo", "0"])
        #expect(JSONPointer.tokens("/a~1b") == ["a/b"])
        #expect(JSONPointer.tokens("/m~0n") == ["m~n"])
        // ~01 is "~1", not "/": each escape is read once, left to right.
        #expect(JSONPointer.tokens("/~01") == ["~1"])
        #expect(JSONPointer.tokens("a") == nil)
        #expect(JSONPointer.tokens("/~") == nil)
        #expect(JSONPointer.tokens("/~2") == nil)
    }

    @Test("resolve in objects and arrays")
    func resolve() {
        let doc: JSONValue = ["foo": ["bar", "baz"], "": 0, "a/b": 1, "m~n": 8]
        #expect(JSONPointer.resolve("", in: doc) == doc)
        #expect(JSONPointer.resolve("/foo/1", in: doc) == "baz")
        #expect(JSONPointer.resolve("/", in: doc) == 0)
        #expect(JSONPointer.resolve("/a~1b", in: doc) == 1)
        #expect(JSONPointer.resolve("/m~0n", in: doc) == 8)
        #expect(JSONPointer.resolve("/foo/2", in: doc) == nil)
        #expect(JSONPointer.resolve("/foo/01", in: doc) == nil)
        #expect(JSONPointer.resolve("/foo/-", in: doc) == nil)
        #expect(JSONPointer.resolve("/nope", in: doc) == nil)
    }
}
