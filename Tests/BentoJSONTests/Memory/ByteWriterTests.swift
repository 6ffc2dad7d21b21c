import Testing

@testable import BentoJSON

/// The byte writer holds what an array given the same appends holds, however
/// often it grows.
@Suite("Byte writer")
struct ByteWriterTests {
    @Test("bytes, runs, arrays and literals, appended across many growths, as an array gets them")
    func appends() {
        var writer = ByteWriter(capacity: 1)
        var expected: [UInt8] = []
        for k in 0..<2000 {
            switch k % 4 {
            case 0:
                writer.append(UInt8(truncatingIfNeeded: k))
                expected.append(UInt8(truncatingIfNeeded: k))
            case 1:
                let run = (0..<k % 97).map { UInt8(truncatingIfNeeded: $0 &+ k) }
                run.withSpan { writer.append($0) }
                expected += run
            case 2:
                writer.append("null" as StaticString)
                expected += Array("null".utf8)
            default:
                [UInt8]().withSpan { writer.append($0) }
                writer.append([UInt8(ascii: "["), UInt8(truncatingIfNeeded: k)])
                expected += [UInt8(ascii: "["), UInt8(truncatingIfNeeded: k)]
            }
            #expect(writer.count == expected.count)
        }
        #expect(writer.array == expected)
        writer.removeAll()
        #expect(writer.count == 0)
        writer.append(UInt8(ascii: "x"))
        #expect(writer.array == [UInt8(ascii: "x")])
        // Handed over whole, without a copy: the storage holds what was written.
        let storage = writer.finish()
        #expect(storage.count == 1 && storage[0] == UInt8(ascii: "x"))
    }

    @Test("numbers in decimal as String writes them, at every length and at the end of the room")
    func decimals() {
        var values: [UInt] = [0, 9, 10, 99, 100, 12_345, 99_999_999, 100_000_000, 123_456_789_012, UInt.max]
        var power: UInt = 1
        while power <= UInt.max / 10 {
            values += [power - 1, power, power + 1]
            power *= 10
        }
        // Each from a writer one byte short of full, and from an empty one.
        for value in values {
            for prefix in [0, 15] {
                var writer = ByteWriter(capacity: 16)
                for _ in 0..<prefix { writer.append(UInt8(ascii: "x")) }
                writer.append(decimal: value)
                writer.append(UInt8(ascii: ";"))
                #expect(writer.array == Array((String(repeating: "x", count: prefix) + "\(value);").utf8))
            }
            // An array of bytes gets the same digits, negative numbers too.
            var bytes = Array("x".utf8)
            bytes.append(decimal: Int(truncatingIfNeeded: value))
            #expect(bytes == Array("x\(Int(truncatingIfNeeded: value))".utf8))
        }
    }
}
