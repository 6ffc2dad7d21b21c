import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// A long box read by two decoders (`SectionSplit`) is read as one decoder
/// reads it: the same screen, the same outline, and nothing taken from the
/// second where the text is not what it seemed to be.
@Suite("Sections read by two decoders: one decoder's screen and outline")
struct SectionSplitTests {
    /// The screen and outline one decoder reads, and those read with the
    /// later part of each box taken from a second decoder; how many
    /// sections the second read.
    static func both(_ bytes: [UInt8]) -> (one: (Screen, DocumentOutline)?, two: (Screen, DocumentOutline)?, takenOver: Int) {
        let one = ScreenPullDecoder.outlined(bytes).map { ($0.screen, $0.outline) }
        let two = ScreenPullDecoder.outlinedReadingRestFirst(bytes, smallestRest: 0)
        return (one, two.map { ($0.screen, $0.outline) }, two?.takenOver ?? 0)
    }

    static func same(_ a: (Screen, DocumentOutline), _ b: (Screen, DocumentOutline)) -> Bool {
        ScreenPullDecoderTests.same(a.0, b.0) && a.1.whole == b.1.whole && a.1.root == b.1.root && a.1.main == b.1.main
            && a.1.pinned == b.1.pinned
    }

    @Test("random screens, on lines and on one line, any member order: the same screen and outline")
    func sameScreensAndOutlines() throws {
        var split = 0
        for seed in UInt64(0)..<200 {
            let (screen, bytes) = try DocumentVariations.written(seed: seed)
            let (one, two, takenOver) = Self.both(bytes)
            guard let one, let two else {
                #expect(one == nil && two == nil, "seed \(seed): one decoder and two disagree on whether it is valid")
                continue
            }
            #expect(Self.same(one, two), "seed \(seed)")
            if takenOver > 0 { split += 1 }
            // Five sections or more: the second decoder has some to read.
            if screen.box.sections.count >= 5 { #expect(takenOver > 0, "seed \(seed)") }
        }
        #expect(split > 50)
    }

    /// Strings that hold what the boundary is looked for by: commas,
    /// brackets, quotes after backslashes, the separator's text escaped.
    @Test("strings holding brackets, commas, escaped quotes and backslashes", arguments: [false, true])
    func trickyStrings(onLines: Bool) throws {
        // As Swift strings: written into the text escaped.
        let titles = [
            #"},{"id": "x"}, ["#, #"a\"},{\"b\": [\""#, #"back\"#, #"back\\"},{"#, ",\n      {", #"\\\"#, "plain",
        ]
        func quoted(_ text: String) -> String { JSONWriter(style: .compact).string(.string(text)) }
        var sections: [String] = []
        for s in 0..<40 {
            let rows = (0..<5).map { r in
                #"{"id": "r\#(s)-\#(r)", "component": {"type": "T", "title": \#(quoted(titles[(s + r) % titles.count])), "n": [\#(r), {"k": ","}]}}"#
            }
            sections.append(#"{"id": "s\#(s)", "rows": [\#(rows.joined(separator: ", "))]}"#)
        }
        let text = #"{"title": "t", "box": {"sections": [\#(sections.joined(separator: ", "))]}}"#
        let document = try JSONReader.parse(Array(text.utf8)).value(at: 0)
        var bytes: [UInt8] = []
        JSONWriter(style: onLines ? .pretty : .compact).write(document, to: &bytes)
        let (one, two, takenOver) = Self.both(bytes)
        let read = try #require(one)
        #expect(Self.same(read, try #require(two)))
        #expect(takenOver > 0 && takenOver < 40)
    }

    /// Faults in the part the second decoder reads, and in the first
    /// decoder's: no screen either way, as one decoder finds.
    @Test(
        "a fault anywhere: no screen, as one decoder reads it",
        arguments: [
            (#""id": "s30""#, #""id": "s3""#),  // a duplicate section id, late
            (#""id": "s2""#, #""id": "s30""#),  // the same, early
            (#""id": "r35-1""#, #""id": "r35-1", "id": "z""#),  // a duplicate member
            (#""type": "T", "title": "t35""#, #""title": "t35""#),  // a component without a type
            (#"{"id": "s39""#, #"{"id": "s39", "rows": [], "rows": []"#),
            (#"]}]}}"#, #"]},]}}"#),  // a trailing comma at the end of the array
        ])
    func faults(_ fault: (String, String)) throws {
        try Self.expectNoScreen(fault)
    }

    /// A trailing comma, with the boundary the comma itself: the second
    /// decoder has no section to read, and the first must not step over
    /// nothing.
    @Test("a comma before the array's end, where the other decoder would begin: no screen")
    func trailingComma() throws {
        let sections = (0..<3).map { #"{"id": "s\#($0)", "rows": []}"# }
        let text = #"{"box": {"sections": [\#(sections.joined(separator: ",")),]}}"#
        #expect(ScreenPullDecoder.outlinedReadingRestFirst(Array(text.utf8), smallestRest: 0) == nil)
        let comma = try #require(text.utf8.lastIndex(of: UInt8(ascii: ",")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) })
        let second = try Self.inSections(text).continuing(at: comma + 1)
        #expect(ScreenPullDecoder.sections(continuing: second, outlining: false) { false } == nil)
    }

    /// A reader of `text` inside its box's `sections` array.
    static func inSections(_ text: String) throws -> JSONPullReader {
        var reader = JSONPullReader(bytes: Array(text.utf8))
        try reader.beginObject()
        _ = try reader.nextMember()
        try reader.beginObject()
        _ = try reader.nextMember()
        try reader.beginArray()
        return reader
    }

    static func expectNoScreen(_ fault: (String, String)) throws {
        var sections: [String] = []
        for s in 0..<40 {
            let rows = (0..<3).map { r in #"{"id": "r\#(s)-\#(r)", "component": {"type": "T", "title": "t\#(s)"}}"# }
            sections.append(#"{"id": "s\#(s)", "rows": [\#(rows.joined(separator: ", "))]}"#)
        }
        let valid = #"{"box": {"sections": [\#(sections.joined(separator: ", "))]}}"#
        #expect(Self.both(Array(valid.utf8)).takenOver > 0)
        let faulty = try #require(valid.range(of: fault.0).map { valid.replacingCharacters(in: $0, with: fault.1) })
        let (one, two, _) = Self.both(Array(faulty.utf8))
        #expect(one == nil)
        #expect(two == nil)
    }
}
