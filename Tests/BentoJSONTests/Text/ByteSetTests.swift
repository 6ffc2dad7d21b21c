import Testing

@testable import BentoJSON

/// A `ByteSet` is found a word at a time; a byte-by-byte search over the
/// same bytes is the reference it must agree with.
@Suite("ByteSet")
struct ByteSetTests {
    /// `&`, `<`, DEL and the controls but line feed: a single test, a
    /// limit and its exceptions.
    enum Controls: ByteSet {
        static let members: Set<UInt8> = Set([0x26, 0x3C, 0x7F] + (0..<0x20).filter { $0 != 0x0A })
        static func contains(_ byte: UInt8) -> Bool { members.contains(byte) }
        static func mayContain(_ word: UInt64) -> Bool {
            ByteWords.bytes(below: 0x20, in: word) | ByteWords.bytes(0x26, in: word) | ByteWords.bytes(0x3C, in: word)
                | ByteWords.bytes(0x7F, in: word) != 0
        }
    }

    /// Pairs that share a test (`<` and `>`, `.` and `/`) beside bytes past ASCII.
    enum Pairs: ByteSet {
        static let members: Set<UInt8> = [0x3C, 0x3E, 0x2E, 0x2F, 0x80, 0xFF]
        static func contains(_ byte: UInt8) -> Bool { members.contains(byte) }
        static func mayContain(_ word: UInt64) -> Bool {
            ByteWords.bytes(either: 0x3C, 0x3E, in: word) | ByteWords.bytes(either: 0x2E, 0x2F, in: word)
                | ByteWords.bytes(0x80, in: word) | ByteWords.bytes(0xFF, in: word) != 0
        }
    }

    /// Each set's search, and the bytes it must find.
    static let sets: [(search: @Sendable (Span<UInt8>, Int) -> Int?, members: Set<UInt8>)] = [
        ({ $0.firstIndex(in: Controls.self, from: $1) }, Controls.members),
        ({ $0.firstIndex(in: Pairs.self, from: $1) }, Pairs.members),
        ({ $0.firstIndex(in: JSONPointer.Escaped.self, from: $1) }, [UInt8(ascii: "~"), UInt8(ascii: "/")]),
    ]

    @Test("contains: exactly the bytes of the set, every byte value")
    func membership() {
        for byte in UInt8.min...UInt8.max {
            #expect(Controls.contains(byte) == Controls.members.contains(byte), "byte \(byte)")
            #expect(Pairs.contains(byte) == Pairs.members.contains(byte), "byte \(byte)")
            #expect(JSONPointer.Escaped.contains(byte) == (byte == 0x7E || byte == 0x2F), "byte \(byte)")
        }
    }

    @Test("a pair of bytes one bit apart is found in one test, and no byte else")
    func eitherOfTwo() {
        for byte in UInt8.min...UInt8.max {
            let word = ByteWords.ones &* UInt64(byte)
            #expect((ByteWords.bytes(either: 0x3C, 0x3E, in: word) != 0) == (byte == 0x3C || byte == 0x3E), "byte \(byte)")
            #expect((ByteWords.bytes(either: 0x22, 0x26, in: word) != 0) == (byte == 0x22 || byte == 0x26), "byte \(byte)")
        }
    }

    @Test("firstIndex(in:from:) agrees with a byte-by-byte search at every start, on text with few or many hits")
    func firstIndex() {
        var generator = SystemRandomNumberGenerator()
        for (search, members) in Self.sets {
            for density in [0, 1, 8, 64] {
                let text = (0..<203).map { _ -> UInt8 in
                    // Mostly plain letters, and now and then any byte at all.
                    density > 0 && Int.random(in: 0..<density, using: &generator) == 0
                        ? UInt8.random(in: 0...255, using: &generator) : UInt8.random(in: 0x61...0x7A, using: &generator)
                }
                for start in 0...text.count {
                    let expected = text[start...].firstIndex(where: members.contains)
                    #expect(text.withSpan { search($0, start) } == expected, "density \(density), from \(start)")
                }
            }
        }
    }

    @Test("firstIndex(in:from:) on texts of every length up to 20, alone in their memory, with one byte of the set at each place or none")
    func shortTexts() {
        for (search, members) in Self.sets {
            // Each byte of the set, and bytes one bit away from them that are not.
            let neighbours = (UInt8.min...UInt8.max).filter { byte in
                !members.contains(byte) && members.contains { ($0 ^ byte).nonzeroBitCount == 1 }
            }
            var wrong: [String] = []
            for hit in members.sorted() + neighbours {
                for length in 0...20 {
                    for place in -1..<length {
                        // A text of its own (a word past its end would be out of bounds).
                        var text = [UInt8](repeating: UInt8(ascii: "m"), count: length)
                        if place >= 0 { text[place] = hit }
                        for start in 0...length {
                            let expected = place >= start && members.contains(hit) ? place : nil
                            if text.withSpan({ search($0, start) }) != expected {
                                wrong.append("byte \(hit), length \(length), at \(place), from \(start)")
                            }
                        }
                    }
                }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        }
    }
}
