import Testing

@testable import BentoJSON

/// Texts kept in an arena's blocks read back as they were written, however
/// they fall across blocks, and stay so while later texts are written.
@Suite("Compact arena")
struct CompactArenaTests {
    /// A compact JSON string of `n` bytes, its inside made of `seed`'s digits.
    private static func text(_ n: Int, _ seed: Int) -> [UInt8] {
        [UInt8(ascii: "\"")] + (0..<n - 2).map { UInt8(ascii: "0") + UInt8((seed + $0) % 10) } + [UInt8(ascii: "\"")]
    }

    @Test("texts of every size, across the blocks' ends, read back whole")
    func readBack() {
        var arena = CompactArena()
        // Sizes that fill blocks unevenly, and some over a quarter of a
        // block, which get a block of their own.
        let sizes = (0..<3000).map { k in [2, 3, 17, 250, 1000, 4095, CompactArena.blockSize / 4 + 1][k % 7] + k % 13 }
        var kept: [(CompactJSON, [UInt8])] = []
        for (k, size) in sizes.enumerated() {
            let text = Self.text(size, k)
            kept.append((text.withSpan { arena.store($0) }, text))
        }
        for (compact, text) in kept {
            #expect(compact.count == text.count)
            #expect(compact.bytes == text)
        }
        // Small texts share blocks, far fewer than they are; a large one
        // has a block of its own.
        let small = kept.filter { $0.1.count <= CompactArena.blockSize / 4 }
        let shared = Set(small.map { ObjectIdentifier($0.0.storage) })
        #expect(shared.count < small.count / 50)
        #expect(shared.count > 1)
        for (compact, _) in kept where compact.count > CompactArena.blockSize / 4 {
            #expect(!shared.contains(ObjectIdentifier(compact.storage)))
            #expect(compact.storage.capacity == compact.count)
        }
    }

    @Test("equal texts from an arena and from a value are the same text")
    func sameText() {
        var arena = CompactArena()
        let value: JSONValue = ["a": [1, "x"], "b": .null]
        let written = CompactJSON(value)
        let stored = written.withSpan { arena.store($0) }
        #expect(stored.sameText(as: written))
        #expect(stored.value == value)
        let other = Array(#"{"a":[1,"y"],"b":null}"#.utf8).withSpan { arena.store($0) }
        #expect(!other.sameText(as: written))
    }

    @Test("texts are the same text only when every byte is, wherever in a word a byte differs")
    func differingBytes() {
        var arena = CompactArena()
        for length in 0..<40 {
            let text = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let stored = text.withSpan { arena.store($0) }
            #expect(stored.sameText(as: text.withSpan { arena.store($0) }))
            for k in 0..<length {
                var changed = text
                changed[k] ^= 0x20
                #expect(!stored.sameText(as: changed.withSpan { arena.store($0) }), "length \(length), byte \(k)")
            }
            #expect(!stored.sameText(as: (text + [0x7A]).withSpan { arena.store($0) }))
        }
    }
}
