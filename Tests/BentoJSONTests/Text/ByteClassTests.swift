import Testing

@testable import BentoJSON

/// `ByteClass` finds its bytes a word at a time; a byte-by-byte search over
/// the same set is the reference it must agree with.
@Suite("ByteClass")
struct ByteClassTests {
    static let sets: [(ByteClass, @Sendable (UInt8) -> Bool)] = [
        (ByteClass([UInt8(ascii: "&")]), { $0 == UInt8(ascii: "&") }),
        (
            ByteClass([UInt8(ascii: "&"), UInt8(ascii: "<"), 0x7F], below: 0x20, except: [0x0A]),
            { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == 0x7F || ($0 < 0x20 && $0 != 0x0A) }
        ),
        (
            ByteClass([0x22, 0x27, 0x26, 0x3C, 0x3E, 0x7F], below: 0x20, except: [0x09, 0x0A, 0x0D]),
            { [0x22, 0x27, 0x26, 0x3C, 0x3E, 0x7F].contains($0) || ($0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0)) }
        ),
    ]

    @Test("contains: exactly the bytes of the set, every byte value")
    func membership() {
        for (set, reference) in Self.sets {
            for byte in UInt8.min...UInt8.max { #expect(set.contains(byte) == reference(byte), "byte \(byte)") }
        }
    }

    @Test("firstIndex(in:from:) agrees with a byte-by-byte search at every start, on text with few or many hits")
    func firstIndex() {
        var generator = SystemRandomNumberGenerator()
        for (set, reference) in Self.sets {
            for density in [0, 1, 8, 64] {
                let text = (0..<203).map { _ -> UInt8 in
                    // Mostly plain letters, and now and then any byte at all.
                    density > 0 && Int.random(in: 0..<density, using: &generator) == 0
                        ? UInt8.random(in: 0...255, using: &generator) : UInt8.random(in: 0x61...0x7A, using: &generator)
                }
                for start in 0...text.count {
                    let expected = text[start...].firstIndex(where: reference)
                    #expect(text.withSpan { $0.firstIndex(in: set, from: start) } == expected, "density \(density), from \(start)")
                }
            }
        }
    }

    @Test("firstIndex(in:from:) on texts of every length up to 20, alone in their memory, with one hit at each place or none")
    func shortTexts() {
        for (set, reference) in Self.sets {
            let hit = (UInt8.min...UInt8.max).first(where: reference)!
            for length in 0...20 {
                for place in -1..<length {
                    // A text of its own (a word past its end would be out of bounds).
                    var text = [UInt8](repeating: UInt8(ascii: "m"), count: length)
                    if place >= 0 { text[place] = hit }
                    for start in 0...length {
                        let expected = place >= start ? place : nil
                        #expect(text.withSpan { $0.firstIndex(in: set, from: start) } == expected, "length \(length), hit at \(place), from \(start)")
                    }
                }
            }
        }
    }
}
