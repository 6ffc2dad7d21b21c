import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// `bento diff --format json` must not change by a single byte when the
/// reader, the model, the engine or the renderer get faster. The digests
/// below were recorded from the straightforward implementation (JSON value
/// trees all the way) before any optimization, for random pairs that cover
/// every rule of bento-screen(5) and bento-changeset(5).
@Suite("JSON output stays byte for byte")
struct JSONRendererTests {
    /// The changeset of pair `seed`, as `bento diff --format json` prints it.
    static func output(seed: UInt64) throws -> [UInt8] {
        let pair = RandomScreenPairs.pair(seed: seed)
        let old = try ScreenReader.read(SourceText(name: "old.json", bytes: pair.old))
        let new = try ScreenReader.read(SourceText(name: "new.json", bytes: pair.new))
        return JSONRenderer.render(ScreenDiff.changeset(from: old, to: new, oldName: "old.json", newName: "new.json"))
    }

    /// FNV-1a, 64 bits: a stable digest (Swift's Hasher is seeded per process).
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01B3
        }
        return h
    }

    @Test("random pairs give the recorded bytes", arguments: 0..<UInt64(recordedDigests.count))
    func randomPair(seed: UInt64) throws {
        let bytes = try Self.output(seed: seed)
        #expect(Self.digest(bytes) == recordedDigests[Int(seed)], "seed \(seed):\n\(String(decoding: bytes, as: UTF8.self))")
    }

    @Test("written directly, the changeset is the bytes of its value tree", arguments: 0..<UInt64(100))
    func sameAsValueTree(seed: UInt64) throws {
        let pair = RandomScreenPairs.pair(seed: seed)
        let old = try ScreenReader.read(SourceText(name: "old.json", bytes: pair.old))
        let new = try ScreenReader.read(SourceText(name: "new.json", bytes: pair.new))
        for changeset in [ScreenDiff.changeset(from: old, to: new), ScreenDiff.changeset(from: new, to: old)] {
            var tree: [UInt8] = []
            JSONWriter(style: .pretty).write(changeset.jsonValue, to: &tree)
            tree.append(UInt8(ascii: "\n"))
            #expect(JSONRenderer.render(changeset) == tree, "seed \(seed)")
            // In pieces, as `bento diff` streams it: the same bytes.
            var pieces: [[UInt8]] = []
            JSONRenderer.write(changeset, flushingAt: 64) { pieces.append($0) }
            #expect(Array(pieces.joined()) == tree, "seed \(seed)")
            #expect(changeset.isIdentical || pieces.count > 1)
        }
    }

    @Test("the same on typical generated screens, with sections inserted and deleted")
    func typicalScreens() throws {
        let typical = TypicalScreens(rows: 2_000, rowsPerSection: 50)
        let screens = try Screens.read(typical)
        let old = screens.old
        var new = screens.new
        new.box.sections.removeFirst()
        new.box.sections.append(Section(id: ScreenID("added"), header: old.box.sections[1].header, rows: old.box.sections[2].rows))
        let changeset = ScreenDiff.changeset(from: old, to: new)
        #expect(changeset.summary[.section, .insert] == 1 && changeset.summary[.section, .delete] == 1)
        var tree: [UInt8] = []
        JSONWriter(style: .pretty).write(changeset.jsonValue, to: &tree)
        tree.append(UInt8(ascii: "\n"))
        #expect(JSONRenderer.render(changeset) == tree)
    }

    @Test("a large changeset, written in batches on all cores, is the bytes of its value tree")
    func batchesOnAllCores() throws {
        let typical = TypicalScreens(rows: 30_000, rowsPerSection: 500)
        let (old, new) = try Screens.read(typical)
        let changeset = ScreenDiff.changeset(from: old, to: new)
        #expect(changeset.changes.count > 4 * 2048, "enough records for several batches")
        var tree: [UInt8] = []
        JSONWriter(style: .pretty).write(changeset.jsonValue, to: &tree)
        tree.append(UInt8(ascii: "\n"))
        var pieces: [[UInt8]] = []
        JSONRenderer.write(changeset, flushingAt: 1 << 20) { pieces.append($0) }
        #expect(Array(pieces.joined()) == tree)
    }

    @Test("the random pairs cover every kind of change")
    func coverage() throws {
        var seen = Set<String>()
        for seed in 0..<UInt64(recordedDigests.count) {
            let pair = RandomScreenPairs.pair(seed: seed)
            let old = try ScreenReader.read(SourceText(name: "old.json", bytes: pair.old))
            let new = try ScreenReader.read(SourceText(name: "new.json", bytes: pair.new))
            for change in ScreenDiff.changeset(from: old, to: new).changes {
                seen.insert("\(change.kind) \(change.op)\(change.fromSection != nil ? " across" : "")\(change.fields.isEmpty ? "" : " fields")")
            }
        }
        for wanted in [
            "screen update fields", "section insert", "section delete", "section move", "section update fields",
            "section move fields", "row insert", "row delete", "row move", "row move across", "row move across fields",
            "row move fields", "row update fields",
        ] {
            #expect(seen.contains(wanted), "no \(wanted) in the random pairs")
        }
    }
}
