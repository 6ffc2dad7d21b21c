import Testing

@testable import BentoJSON

/// Byte offsets as people read them: lines from 1, columns in Unicode
/// scalars from 1, a byte order mark not counted.
@Suite("Source text")
struct SourceTextTests {
    static func location(_ bytes: [UInt8], _ offset: Int) -> BentoJSON.SourceLocation {
        SourceText(name: "t", bytes: bytes).location(ofByte: offset)
    }

    @Test("lines and columns count from 1")
    func lines() {
        let text = Array("ab\ncd\n\nx".utf8)
        #expect(Self.location(text, 0) == BentoJSON.SourceLocation(line: 1, column: 1))
        #expect(Self.location(text, 4) == BentoJSON.SourceLocation(line: 2, column: 2))
        #expect(Self.location(text, 7) == BentoJSON.SourceLocation(line: 4, column: 1))
        #expect(Self.location(text, 7).description == "4:1")
    }

    @Test("columns count Unicode scalars, not bytes")
    func scalars() {
        let text = Array("é😀x".utf8)  // 2 + 4 + 1 bytes
        #expect(Self.location(text, 6) == BentoJSON.SourceLocation(line: 1, column: 3))
    }

    @Test("a leading byte order mark is not a column; offsets past the end stop there")
    func byteOrderMark() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        #expect(Self.location(text, 3) == BentoJSON.SourceLocation(line: 1, column: 1))
        #expect(Self.location(text, 99) == BentoJSON.SourceLocation(line: 1, column: 3))
    }
}
