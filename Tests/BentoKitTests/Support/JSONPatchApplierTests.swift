import Testing

@testable import BentoJSON
@testable import BentoKit

/// The tests' own RFC 6902 applier checks bento's patches, so it is checked
/// first against the RFC's own examples (appendix A).
@Suite("The tests' RFC 6902 applier")
struct JSONPatchApplierTests {
    private func json(_ text: String) throws -> JSONValue {
        try JSONDecoding.decode(JSONValue.self, from: SourceText(name: "t.json", bytes: Array(text.utf8))).value
    }

    private func apply(_ document: String, _ patch: String) throws -> JSONValue {
        try JSONPatchApplier.apply(try json(patch), to: try json(document))
    }

    @Test(
        "appendix A examples",
        arguments: [
            (#"{"foo": "bar"}"#, #"[{"op": "add", "path": "/baz", "value": "qux"}]"#, #"{"baz": "qux", "foo": "bar"}"#),
            (#"{"foo": ["bar", "baz"]}"#, #"[{"op": "add", "path": "/foo/1", "value": "qux"}]"#, #"{"foo": ["bar", "qux", "baz"]}"#),
            (#"{"baz": "qux", "foo": "bar"}"#, #"[{"op": "remove", "path": "/baz"}]"#, #"{"foo": "bar"}"#),
            (#"{"foo": ["bar", "qux", "baz"]}"#, #"[{"op": "remove", "path": "/foo/1"}]"#, #"{"foo": ["bar", "baz"]}"#),
            (#"{"baz": "qux", "foo": "bar"}"#, #"[{"op": "replace", "path": "/baz", "value": "boo"}]"#, #"{"baz": "boo", "foo": "bar"}"#),
            (
                #"{"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}"#,
                #"[{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]"#,
                #"{"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}"#
            ),
            (
                #"{"foo": ["all", "grass", "cows", "eat"]}"#, #"[{"op": "move", "from": "/foo/1", "path": "/foo/3"}]"#,
                #"{"foo": ["all", "cows", "eat", "grass"]}"#
            ),
            (#"{"foo": "bar"}"#, #"[{"op": "add", "path": "/child", "value": {"grandchild": {}}}]"#, #"{"foo": "bar", "child": {"grandchild": {}}}"#),
            (#"{"foo": ["bar"]}"#, #"[{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]"#, #"{"foo": ["bar", ["abc", "def"]]}"#),
            (#"{"foo": ["bar"]}"#, #"[{"op": "add", "path": "/foo/1", "value": 1}]"#, #"{"foo": ["bar", 1]}"#),
            (#"{"foo": ["a", "b"]}"#, #"[{"op": "replace", "path": "/foo/1", "value": "c"}]"#, #"{"foo": ["a", "c"]}"#),
            (#"{"/": 9, "~1": 10}"#, #"[{"op": "test", "path": "/~01", "value": 10}]"#, #"{"/": 9, "~1": 10}"#),
        ])
    func appendixA(_ document: String, _ patch: String, _ expected: String) throws {
        #expect(try apply(document, patch) == json(expected))
    }

    @Test(
        "errors stop the patch",
        arguments: [
            (#"{"foo": "bar"}"#, #"[{"op": "add", "path": "/baz/bat", "value": "qux"}]"#),  // A.12
            (#"{"foo": ["bar"]}"#, #"[{"op": "add", "path": "/foo/2", "value": 1}]"#),
            (#"{"foo": {"bar": 1}}"#, #"[{"op": "move", "from": "/foo", "path": "/foo/bar/x"}]"#),
            (#"{"foo": "bar"}"#, #"[{"op": "remove", "path": "/nope"}]"#),
            (#"{"foo": ["a"]}"#, #"[{"op": "replace", "path": "/foo/1", "value": 1}]"#),
            (#"{"foo": ["a"]}"#, #"[{"op": "remove", "path": "/foo/01"}]"#),
            (#"{"baz": "qux"}"#, #"[{"op": "test", "path": "/baz", "value": "bar"}]"#),  // A.9
        ])
    func errors(_ document: String, _ patch: String) throws {
        #expect(throws: JSONPatchApplier.Failure.self) { try apply(document, patch) }
    }
}
