import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// bento-screen(5), EQUALITY: values compare as JSON values.
@Suite("bento-screen(5), EQUALITY")
struct EqualityTests {
    private func value(_ json: String) throws -> JSONValue {
        let tape = try JSONReader.parse(Array(json.utf8))
        return tape.value(at: 0)
    }

    @Test("numbers compare by mathematical value", arguments: [
        ("1", "1.0"), ("1", "1e0"), ("1", "10e-1"), ("1", "0.1e1"), ("-0", "0"), ("0", "0.0e5"), ("100", "1e2"),
        ("1e999999", "10e999998"), ("1.5", "15e-1"), ("-2.50", "-25E-1"),
        ("123456789012345678901234567890", "1.2345678901234567890123456789e29"),
        ("1e123456789012345678901", "0.1e123456789012345678902"),
    ])
    func numbersEqual(_ a: String, _ b: String) throws {
        #expect(try value(a) == value(b))
        #expect(try value(a).hashValue == value(b).hashValue)
    }

    @Test("numbers that differ anywhere are different; no precision is lost", arguments: [
        ("12345678901234567890", "12345678901234567891"), ("1", "-1"), ("1e999999", "1e999998"),
        ("0.1", "0.10000000000000001"), ("1e-400", "0"), ("9007199254740993", "9007199254740992"),
        ("1e123456789012345678901", "1e123456789012345678902"),
    ])
    func numbersDiffer(_ a: String, _ b: String) throws {
        #expect(try value(a) != value(b))
    }

    @Test("strings compare by Unicode code points, without normalization")
    func stringsByCodePoints() throws {
        #expect(try value(#""caf\u00e9""#) != value(#""cafe\u0301""#))
        #expect(try value(#""caf\u00e9""#) == value("\"caf\u{E9}\""))
        #expect(JSONValue.string("caf\u{E9}") != JSONValue.string("cafe\u{301}"))
        #expect(ScreenID("caf\u{E9}") != ScreenID("cafe\u{301}"))
        // A hash table keyed by ids keeps both.
        #expect(Set([ScreenID("caf\u{E9}"), ScreenID("cafe\u{301}")]).count == 2)
    }

    @Test("objects compare by members, in any order; arrays in order")
    func objectsAndArrays() throws {
        #expect(try value(#"{"a":1,"b":[1,2]}"#) == value(#"{"b":[1,2],"a":1}"#))
        #expect(try value(#"{"a":1,"b":[1,2]}"#).hashValue == value(#"{"b":[1,2],"a":1}"#).hashValue)
        #expect(try value("[1,2]") != value("[2,1]"))
        #expect(try value(#"{"a":1}"#) != value(#"{"a":1,"b":null}"#))
    }

    @Test("true, false and null are themselves; no type is equal to another")
    func literals() throws {
        #expect(try value("true") == value("true"))
        #expect(try value("true") != value("false"))
        #expect(try value("null") != value("false"))
        #expect(try value("0") != value("false"))
        #expect(try value(#""1""#) != value("1"))
    }

    @Test("ids are equal when their canonical JSON is: \"1\" and 1 differ, member order does not count")
    func idEquality() throws {
        #expect(ScreenID("1") != ScreenID(1))
        let a = ScreenID(try value(#"{"prescription":{"id":"42","n":1}}"#))!
        let b = ScreenID(try value(#"{"prescription":{"n":1,"id":"42"}}"#))!
        #expect(a == b)
        #expect(a.canonical == #"{"prescription":{"id":"42","n":1}}"#)
        #expect(ScreenID(try value("-0")) == ScreenID(0))
    }

    @Test("a string id made from a string is the id read from its JSON: the same canonical text, hash and identity")
    func stringIDs() throws {
        for string in ["", "a", "row-12345", "a much longer id than one word", "quote \" here", "back\\slash", "tab\t", "caf\u{E9}", "😀", "a/b"] {
            let made = ScreenID(string)
            let read = try #require(ScreenID(.string(string)))
            #expect(made.canonical == read.canonical && Array(made.canonical.utf8) == Array(read.canonical.utf8))
            #expect(made.hashCode == read.hashCode && made == read, "\(string)")
            #expect(made.canonical == JSONWriter.quoted(string))
            // Read from a file: with escapes, decoded; without, taken from the literal as written.
            let file = #"{"sections":[{"id":"s","rows":[{"id":\#(JSONWriter.quoted(string)),"component":{"type":"T"}}]}]}"#
            let fromFile = try Screens.read(file).box.sections[0].rows[0].id
            #expect(fromFile.canonical == made.canonical && Array(fromFile.canonical.utf8) == Array(made.canonical.utf8))
            #expect(fromFile.hashCode == made.hashCode && fromFile == made && fromFile.value == made.value, "\(string)")
            // A string id keeps only its literal: its value, made from it, is the string, byte for byte,
            // and each writer writes the literal as it writes the value.
            for id in [made, read, fromFile] {
                guard case .string(let back) = id.value else { Issue.record("\(string): not a string"); continue }
                #expect(Array(back.utf8) == Array(string.utf8), "\(string)")
                for writer in [JSONWriter(style: .pretty), JSONWriter(style: .compact), JSONWriter(style: .line)] {
                    var written: [UInt8] = [], expected: [UInt8] = []
                    id.write(with: writer, to: &written)
                    writer.write(.string(string), to: &expected)
                    #expect(written == expected, "\(string)")
                }
            }
        }
        // A structured id keeps its value, written as the writer lays it out.
        let structured = try value(#"{"prescription":{"id":"42","n":[1,2]}}"#)
        let id = try #require(ScreenID(structured))
        #expect(id.value == structured)
        var written: [UInt8] = [], expected: [UInt8] = []
        id.write(with: JSONWriter(style: .pretty), to: &written, indent: 2)
        JSONWriter(style: .pretty).write(structured, to: &expected, indent: 2)
        #expect(written == expected && written.contains(UInt8(ascii: "\n")))
    }

    @Test("null, booleans and non-integer numbers are not ids", arguments: [
        "null", "true", "1.5", "1e2", "1.0", #"[1,null]"#, #"{"a":false}"#,
    ])
    func notIDs(_ json: String) throws {
        #expect(ScreenID(try value(json)) == nil)
    }
}
