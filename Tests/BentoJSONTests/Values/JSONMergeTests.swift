import Testing

@testable import BentoJSON

/// The field-by-field merge of bento-changeset(5), MERGE, one rule per test.
@Suite("JSONMerge: content merges field by field")
struct JSONMergeTests {
    private func value(_ text: String) throws -> JSONValue {
        let tape = try JSONReader.parse(Array(text.utf8))
        return tape.value(at: 0)
    }

    private func merge(_ base: String, _ ours: String, _ theirs: String) throws -> JSONMerge.Result {
        JSONMerge.merge(base: try value(base), ours: try value(ours), theirs: try value(theirs))
    }

    @Test("a field changed on one side takes that side's value")
    func oneSideChanged() throws {
        let result = try merge(#"{"a": 1, "b": 2}"#, #"{"a": 10, "b": 2}"#, #"{"a": 1, "b": 20}"#)
        #expect(result.isClean)
        #expect(result.ours == (try value(#"{"a": 10, "b": 20}"#)))
        #expect(result.theirs == result.ours)
    }

    @Test("members added and removed on different sides are both kept")
    func addAndRemove() throws {
        let result = try merge(#"{"a": 1, "b": 2}"#, #"{"b": 2}"#, #"{"a": 1, "b": 2, "c": [3]}"#)
        #expect(result.isClean)
        #expect(result.ours == (try value(#"{"b": 2, "c": [3]}"#)))
    }

    @Test("changed on both sides to equal values is clean")
    func equalChanges() throws {
        let result = try merge(#"{"a": 1}"#, #"{"a": 2.0}"#, #"{"a": 2}"#)
        #expect(result.isClean)
        #expect(result.ours == (try value(#"{"a": 2}"#)))
    }

    @Test("changed on both sides to different values is a conflict; each resolution keeps the clean changes")
    func differentChanges() throws {
        let result = try merge(#"{"a": 1, "b": 1, "c": 1}"#, #"{"a": 2, "b": 9, "c": 1}"#, #"{"a": 3, "b": 1, "c": 7}"#)
        #expect(result.conflicts == ["/a"])
        #expect(result.ours == (try value(#"{"a": 2, "b": 9, "c": 7}"#)))
        #expect(result.theirs == (try value(#"{"a": 3, "b": 9, "c": 7}"#)))
    }

    @Test("a member removed on one side and changed on the other is a conflict")
    func removedAgainstChanged() throws {
        let result = try merge(#"{"a": 1}"#, #"{}"#, #"{"a": 2}"#)
        #expect(result.conflicts == ["/a"])
        #expect(result.ours == (try value("{}")))
        #expect(result.theirs == (try value(#"{"a": 2}"#)))
    }

    @Test("one path inside the other is a conflict, named by the outer path", arguments: [false, true])
    func nestedPaths(theirsReplaces: Bool) throws {
        let base = #"{"p": {"t": "x", "u": 1}}"#, inner = #"{"p": {"t": "y", "u": 1}}"#, outer = #"{"p": "gone"}"#
        let result = theirsReplaces ? try merge(base, inner, outer) : try merge(base, outer, inner)
        #expect(result.conflicts == ["/p"])
        #expect(result.ours == (try value(theirsReplaces ? inner : outer)))
        #expect(result.theirs == (try value(theirsReplaces ? outer : inner)))
    }

    @Test("arrays of equal length merge index by index; a length change replaces the whole array")
    func arrays() throws {
        let clean = try merge(#"{"l": [1, 2, 3]}"#, #"{"l": [9, 2, 3]}"#, #"{"l": [1, 2, 8]}"#)
        #expect(clean.isClean)
        #expect(clean.ours == (try value(#"{"l": [9, 2, 8]}"#)))
        let grown = try merge(#"{"l": [1, 2, 3]}"#, #"{"l": [9, 2, 3]}"#, #"{"l": [1, 2, 3, 4]}"#)
        #expect(grown.conflicts == ["/l"])
    }

    @Test("member names compare by code points: é and e + U+0301 are different fields")
    func unicodeNames() throws {
        let result = try merge(
            #"{"caf\u00e9": 1, "cafe\u0301": 1}"#, #"{"caf\u00e9": 2, "cafe\u0301": 1}"#,
            #"{"caf\u00e9": 1, "cafe\u0301": 3}"#)
        #expect(result.isClean)
        #expect(result.ours == (try value(#"{"caf\u00e9": 2, "cafe\u0301": 3}"#)))
    }

    @Test("numbers compare by value: a respelling is no change")
    func numbersByValue() throws {
        let result = try merge(#"{"n": 1, "m": 5}"#, #"{"n": 1.0, "m": 6}"#, #"{"n": 10e-1, "m": 5}"#)
        #expect(result.isClean)
        #expect(result.ours == (try value(#"{"n": 1, "m": 6}"#)))
    }

    @Test("ancestors are the paths strictly above, outermost first")
    func ancestors() {
        #expect(JSONMerge.ancestors(of: "") == [])
        #expect(JSONMerge.ancestors(of: "/a") == [""])
        #expect(JSONMerge.ancestors(of: "/a/b~1c/0") == ["", "/a", "/a/b~1c"])
        #expect(JSONMerge.isInside("/a/b", "/a"))
        #expect(!JSONMerge.isInside("/ab", "/a"))
        #expect(JSONMerge.isInside("/a", ""))
    }
}
