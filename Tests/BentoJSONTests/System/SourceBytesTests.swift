import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON

/// The bytes of an edited text: a mapped file or a copy of bytes read, the
/// same bytes either way, and still the file's after its pages are handed back.
@Suite("Source bytes")
struct SourceBytesTests {
    private static let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    private func withFile(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bento-source-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Self.bytes).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    @Test("a mapped file and a copy of its bytes hold the same bytes")
    func mappedAndCopied() throws {
        try withFile { path in
            let file = try #require(MappedFile(FilePath(path)))
            let (mapped, copied) = (SourceBytes(file), SourceBytes(Self.bytes))
            #expect(mapped.mapping != nil && copied.mapping == nil)
            for text in [mapped, copied] {
                #expect(text.count == Self.bytes.count)
                #expect(text.array == Self.bytes)
                #expect(text[12_345] == Self.bytes[12_345])
                #expect(text.copy(1000..<5000) == Array(Self.bytes[1000..<5000]))
                #expect(Array(text[70_000..<70_100]) == Array(Self.bytes[70_000..<70_100]))
                #expect(text.holdsSame(as: SourceBytes(Self.bytes)))
                #expect(!text.holdsSame(as: SourceBytes(Array(Self.bytes.dropLast()))))
            }
            #expect(mapped.holdsSame(as: copied) && copied.holdsSame(as: mapped))
            var other = Self.bytes
            other[other.count / 2] ^= 1
            #expect(!mapped.holdsSame(as: SourceBytes(other)))
            #expect(SourceBytes([]).holdsSame(as: SourceBytes([])) && SourceBytes([]).count == 0)
        }
    }

    @Test("a read at random is the file's bytes, kept open for it or not")
    func readsAtRandom() throws {
        try withFile { path in
            for keptOpen in [true, false] {
                let text = SourceBytes(try #require(MappedFile(FilePath(path), readsAtRandom: keptOpen)))
                for range in [0..<1, 1000..<5000, 299_000..<300_000, 150_000..<150_000] {
                    #expect(text.copyFar(range) == Array(Self.bytes[range]), "\(keptOpen) \(range)")
                }
            }
            #expect(SourceBytes(Self.bytes).copyFar(10..<20) == Array(Self.bytes[10..<20]))
        }
    }

    @Test("a window holds its range and the line it starts on, by the text's offsets, read from the file or from memory")
    func window() throws {
        // Lines of 10, 300 and 2,000 bytes: a window reads back past more
        // than its first guess to reach the start of a long line.
        let lines = ["ab\"cdefg", String(repeating: "y", count: 300), String(repeating: "z", count: 2000), "  [1, 2]"]
        let text = Array(lines.joined(separator: "\n").utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bento-window-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text).write(to: URL(fileURLWithPath: path))
        let mapped = SourceBytes(try #require(MappedFile(FilePath(path), readsAtRandom: true)))
        let lineStarts = lines.indices.map { k in lines[..<k].reduce(0) { $0 + $1.utf8.count + 1 } }
        for whole in [mapped, SourceBytes(text)] {
            for (line, start) in lineStarts.enumerated() {
                let range = (start + lines[line].utf8.count / 2)..<(start + lines[line].utf8.count)
                let window = SourceBytes(window: range, of: whole)
                #expect(window.copy(range) == Array(text[range]), "line \(line)")
                #expect(window[range.lowerBound] == text[range.lowerBound])
                // From its line's start (or the line break before it) on, and no more.
                #expect(window.base <= start && (window.base == 0 || text[window.base..<start].contains(0x0A)), "line \(line)")
                #expect(window.count == range.upperBound - window.base && window.mapping == nil)
                #expect(window.startsText == (window.base == 0))
            }
        }
    }

    @Test("a line's indentation: found back past long lines, and on one line of megabytes")
    func lineIndent() {
        let lines = [
            "  a", "    " + String(repeating: "b", count: 40_000), "\t c", "      " + String(repeating: "d", count: 70_000), "e",
        ]
        let text = SourceBytes(Array(lines.joined(separator: "\n").utf8))
        var start = 0
        for line in lines {
            let indent = Array(line.utf8.prefix { $0 == 0x20 || $0 == 0x09 })
            for column in [0, 1, line.utf8.count / 3, line.utf8.count] {
                let expected = Array(indent.prefix(column))
                #expect(text.lineIndent(at: start + column) == expected, "line \(line.prefix(8)), column \(column)")
            }
            start += line.utf8.count + 1
        }
    }

    @Test("the last byte of a kind before an offset, eight at a time: as a byte by byte search finds it")
    func lastIndex() {
        var random = SeededGenerator(seed: 3)
        // Bytes next to the one looked for (0x0B above a 0x0A) would
        // fool a search for zero bytes that lets a borrow run upwards.
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x00, 0xFF, 0x8A, 0x61]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let start = Int.random(in: 0...bytes.count, using: &random)
            let end = Int.random(in: start...bytes.count, using: &random)
            let expected = bytes[start..<end].lastIndex(of: 0x0A)
            #expect(bytes.withSpan { $0.lastIndex(of: 0x0A, from: start, to: end) } == expected, "\(bytes) \(start)..<\(end)")
        }
    }

    @Test("pages handed back come back as the file's bytes, read from any thread")
    func handedBack() throws {
        try withFile { path in
            let text = SourceBytes(try #require(MappedFile(FilePath(path))))
            let before = text.array
            text.handBack()
            #expect(text.array == before)
            // Handed back while other threads read it here and there.
            let sums = (0..<8).map { $0 }.concurrentMap { k -> Int in
                var sum = 0
                for i in stride(from: k * 997, to: text.count, by: 4093) {
                    if i % 3 == 0 { text.handBack() }
                    sum &+= Int(text[i])
                }
                return sum
            }
            let expected = (0..<8).map { k in
                stride(from: k * 997, to: Self.bytes.count, by: 4093).reduce(0) { $0 &+ Int(Self.bytes[$1]) }
            }
            #expect(sums == expected)
            // A copy of bytes read is not a mapping: handing back keeps it.
            let copied = SourceBytes(Self.bytes)
            copied.handBack()
            #expect(copied.array == Self.bytes)
        }
    }
}
