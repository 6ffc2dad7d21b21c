import Testing

@testable import BentoJSON

/// `CompactJSON.sameValue` and its hash: equality of values (members in any
/// order, numbers by value, strings by code point) worked out on the texts,
/// agreeing with the values' own equality.
@Suite("Compact JSON equality")
struct CompactJSONTests {
    /// Pairs of compact texts, and whether their values are equal.
    static let pairs: [(String, String, Bool)] = [
        (#"{"a":1}"#, #"{"a":1}"#, true),
        (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#, true),
        (#"{"a":1.0,"b":[10e-1,-0]}"#, #"{"b":[1,0],"a":1}"#, true),
        (#"{"o":{"y":"é","x":null}}"#, #"{"o":{"x":null,"y":"é"}}"#, true),
        (#"{"a":1}"#, #"{"a":1,"b":2}"#, false),
        (#"{"a":1,"b":2}"#, #"{"a":1,"c":2}"#, false),
        (#"{"a":[1,2]}"#, #"{"a":[2,1]}"#, false),
        // Canonically equivalent, other code points: not equal.
        ("{\"a\":\"e\u{301}\"}", "{\"a\":\"\u{e9}\"}", false),
        (#"{"a":{"x":1}}"#, #"{"a":{"x":1,"y":2}}"#, false),
        (#"{"a":1e400}"#, #"{"a":10e399}"#, true),
        // Members partly in step: one of a name met at one place decides;
        // members out of step are compared by name.
        (#"{"a":1,"b":2,"c":3}"#, #"{"a":1,"c":3,"b":2}"#, true),
        (#"{"a":1,"b":2,"c":3}"#, #"{"a":0,"c":3,"b":2}"#, false),
        (#"{"a":1,"b":2,"c":3}"#, #"{"a":1,"c":2,"b":3}"#, false),
        (#"{"x":{"p":1,"q":2},"y":0}"#, #"{"x":{"q":2,"p":1},"y":0}"#, true),
        (#"{"a":1,"b":2,"c":3,"d":4}"#, #"{"b":2,"a":1,"c":3,"d":5}"#, false),
        // In step for a while (a nested object equal, written otherwise),
        // then out of step: what was found equal is not asked again.
        (#"{"n":{"p":1.0,"q":[1]},"b":2,"c":3}"#, #"{"n":{"q":[1],"p":1},"c":3,"b":2}"#, true),
        (#"{"n":{"p":1.0,"q":[1]},"b":2,"c":3}"#, #"{"n":{"q":[1],"p":1},"c":3,"b":4}"#, false),
        (#"{"a":1,"b":2}"#, #"{"a":1}"#, false),
    ]

    @Test("equal values, however written, are the same value; others are not, as the values say", arguments: pairs)
    func sameValue(_ a: String, _ b: String, _ equal: Bool) {
        let (x, y) = (CompactJSON(validated: Array(a.utf8)), CompactJSON(validated: Array(b.utf8)))
        #expect(x.sameValue(as: y) == equal, "\(a) \(b)")
        #expect(y.sameValue(as: x) == equal, "\(b) \(a)")
        #expect((x.value == y.value) == equal, "\(a) \(b)")
    }

    @Test("equal values hash alike", arguments: pairs.filter(\.2))
    func hashes(_ a: String, _ b: String, _ equal: Bool) {
        func hash(_ text: String) -> Int {
            var hasher = Hasher()
            CompactJSON(validated: Array(text.utf8)).hashValue(into: &hasher)
            return hasher.finalize()
        }
        #expect(hash(a) == hash(b), "\(a) \(b)")
    }
}
