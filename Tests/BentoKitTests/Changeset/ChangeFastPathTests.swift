import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// A changeset's records read by their fast path (`Change(tape:at:)`) are
/// those the Codable `init(from:)` reads, and what the one refuses the
/// other does not read either.
@Suite("Changeset records: fast path and Codable path agree")
struct ChangeFastPathTests {
    @Test("random changesets: the same records both ways")
    func sameRecords() throws {
        var records = 0
        for seed in UInt64(0)..<400 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            var text: [UInt8] = []
            JSONRenderer.write(ScreenDiff.changeset(from: old, to: new), to: &text)
            let tape = try JSONReader.parse(text)
            guard let changes = tape.member("changes", in: 0).map({ $0 + 1 }) else {
                Issue.record("no changes")
                return
            }
            for entry in tape.elements(of: changes) {
                // Each record on a tape of its own, read both ways.
                let record = try JSONReader.parse(Array(JSONWriter(style: .compact).string(tape.value(at: entry)).utf8))
                var reader = JSONTapeReader(tape: record)
                let read = reader.decode(Change.self, at: 0)
                let direct = try #require(read, "seed \(seed)")
                #expect(direct.jsonValue == record.value(at: 0), "seed \(seed)")
                if SchemaFastPathTests.numbersAreExactInDouble(record.value(at: 0)) {
                    #expect(direct == (try Change(from: OpaqueDecoder(base: TapeDecoder(tape: record)))), "seed \(seed)")
                }
                records += 1
            }
        }
        #expect(records > 2000)
    }

    @Test("whole changesets, large ones decoded on all cores: the same changeset both ways")
    func wholeChangesets() throws {
        var texts: [[UInt8]] = []
        for seed in UInt64(0)..<100 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            var text: [UInt8] = []
            JSONRenderer.write(ScreenDiff.changeset(from: old, to: new, oldName: "a", newName: "b"), to: &text)
            texts.append(text)
        }
        let typical = TypicalScreens(rows: 20_000, rowsPerSection: 400)
        let screens = try Screens.read(typical)
        let big = ScreenDiff.changeset(from: screens.old, to: screens.new)
        #expect(big.changes.count > 3 * 1024, "several runs of records")
        texts.append(JSONRenderer.render(big))
        for text in texts {
            let tape = try JSONReader.parse(text)
            var reader = JSONTapeReader(tape: tape)
            let read = reader.decode(Changeset.self, at: 0)
            let fast = try #require(read)
            #expect(fast.jsonValue == tape.value(at: 0))
            // Foundation's number types hold only some numbers exactly.
            guard SchemaFastPathTests.numbersAreExactInDouble(tape.value(at: 0)) else { continue }
            let codable = try Changeset(from: OpaqueDecoder(base: TapeDecoder(tape: tape)))
            #expect(fast == codable)
        }
    }

    @Test("changesets the fast path leaves to Codable", arguments: [
        #"{"version":1.0,"changes":[]}"#,
        #"{"version":2,"changes":[]}"#,
        #"{"changes":[]}"#,
        #"{"version":1,"summary":[],"changes":[]}"#,
        #"{"version":1,"summary":{"ignored":[1]},"changes":[]}"#,
        #"{"version":1,"old":1,"changes":[]}"#,
        #"{"version":1,"changes":[{"kind":"row"}]}"#,
    ])
    func changesetsLeftToCodable(text: String) throws {
        let tape = try JSONReader.parse(Array(text.utf8))
        var reader = JSONTapeReader(tape: tape)
        #expect(reader.decode(Changeset.self, at: 0) == nil)
    }

    @Test("records the contract's table refuses are not read by the fast path", arguments: [
        #"{"kind":"row","op":"insert","box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0},"new":{"id":"a","component":{"type":"T"}}}"#,
        #"{"kind":"row","op":"update","box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0}}"#,
        #"{"kind":"row","op":"move","box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":1},"fields":[]}"#,
        #"{"kind":"section","op":"move","box":"box","id":"s","from":{"section":0,"row":1},"to":{"section":1}}"#,
        #"{"kind":"row","op":"delete","box":"box","id":"a","section":"s","from":{"section":0},"old":{"id":"a","component":{"type":"T"}}}"#,
        #"{"kind":"screen","op":"insert","fields":[{"path":"/title","new":"x"}]}"#,
        #"{"kind":"row","op":"update","box":"middle","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0},"fields":[{"path":"/id"}]}"#,
        #"{"kind":"row","op":"update","extra":1,"box":"box","id":"a","section":"s","from":{"section":0,"row":0},"to":{"section":0,"row":0},"fields":[{"path":"/id","new":1}]}"#,
    ])
    func refused(record: String) throws {
        let tape = try JSONReader.parse(Array(record.utf8))
        var reader = JSONTapeReader(tape: tape)
        #expect(reader.decode(Change.self, at: 0) == nil)
        #expect(throws: (any Error).self) { try Change(from: OpaqueDecoder(base: TapeDecoder(tape: tape))) }
    }
}
