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
