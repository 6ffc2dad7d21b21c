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
