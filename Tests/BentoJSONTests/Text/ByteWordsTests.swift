import Testing

@testable import BentoJSON

/// The wide string scan (`ByteWords.endOfPlainBlocks`, SIMD compares) and
/// the scanners built on it, against byte-at-a-time references: at every
/// start offset, at every alignment of the bytes in memory, on random text
/// and on text whose only special byte sits at every place of a block.
@Suite("ByteWords")
struct ByteWordsTests {
    /// Bytes that stop a plain run: always, and without `allowingUTF8`.
    static func stops(_ byte: UInt8, allowingUTF8: Bool) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (!allowingUTF8 && byte >= 0x80)
    }

    /// The rule, block by block: whole blocks of sixteen plain bytes are
    /// passed; the first block holding a stop, or the last partial one, is
    /// where it ends.
    static func reference(_ bytes: [UInt8], from start: Int, allowingUTF8: Bool) -> Int {
        var i = start
        while i + 16 <= bytes.count, !bytes[i..<i + 16].contains(where: { stops($0, allowingUTF8: allowingUTF8) }) { i += 16 }
        return i
    }

    /// `body` with `bytes` placed at each of sixteen alignments in memory.
    static func atEveryAlignment(_ bytes: [UInt8], _ body: (Span<UInt8>) -> Void) {
        for shift in 0..<16 {
            let padded = [UInt8](repeating: UInt8(ascii: "a"), count: shift) + bytes
            padded.withSpan { body($0.extracting(shift...)) }
        }
    }

    @Test("endOfPlainBlocks agrees with the byte-at-a-time rule at every offset and alignment, on random text")
    func randomText() {
        var generator = SystemRandomNumberGenerator()
        let special: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x7F, 0x80, 0xC3, 0xFF, 0x20]
        for _ in 0..<40 {
            let length = Int.random(in: 0...200, using: &generator)
            let rate = [2, 20, 200].randomElement(using: &generator)!
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<rate, using: &generator) == 0
                    ? special.randomElement(using: &generator)! : UInt8.random(in: 0x21...0x7E, using: &generator)
            }
            for utf8 in [false, true] {
                Self.atEveryAlignment(bytes) { span in
                    for start in 0...bytes.count {
                        #expect(
                            ByteWords.endOfPlainBlocks(span, from: start, allowingUTF8: utf8)
                                == Self.reference(bytes, from: start, allowingUTF8: utf8))
                    }
                }
            }
        }
    }

    @Test("every byte value stops it, or not, at every place of a block")
    func everyByteEveryPlace() {
        for utf8 in [false, true] {
            for byte in UInt8.min...UInt8.max {
                for place in 0..<48 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 64)
                    bytes[place] = byte
                    let expected = Self.reference(bytes, from: 0, allowingUTF8: utf8)
                    #expect(expected == (Self.stops(byte, allowingUTF8: utf8) ? place / 16 * 16 : 64))
                    bytes.withSpan { #expect(ByteWords.endOfPlainBlocks($0, from: 0, allowingUTF8: utf8) == expected) }
                }
            }
        }
    }

    @Test("nestingCandidates flags a bracket, brace or backslash at any place of a word, whatever the other bytes, and no other byte but `|`")
    func nestingCandidates() {
        let nesting: Set<UInt8> = [0x5B, 0x5C, 0x5D, 0x7B, 0x7D]
        // Bytes around the one tested that could carry into it or borrow from it.
        for filler: UInt8 in [0x00, 0x20, 0x61, 0x7A, 0x7E, 0x7F, 0x80, 0xFB, 0xFF] {
            for byte in UInt8.min...UInt8.max {
                for place in 0..<8 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = byte
                    let word = bytes.withSpan { $0.word(at: 0) }
                    let holds = nesting.contains(byte) || nesting.contains(filler)
                    let mayHold = holds || byte == UInt8(ascii: "|") || filler == UInt8(ascii: "|")
                    #expect((ByteWords.nestingCandidates(word) != 0) == mayHold, "byte \(byte) at \(place) among \(filler)")
                    #expect(!holds || ByteWords.nestingBytes(word) != 0)
                }
            }
        }
    }

    @Test("isASCII is false for any byte of 0x80 and up, wherever it stands, at every length and alignment")
    func isASCII() {
        for length in 0..<40 {
            let plain = [UInt8](repeating: 0x7F, count: length)
            Self.atEveryAlignment(plain) { text in
                let ascii = ByteWords.isASCII(text)
                #expect(ascii, "\(length)")
            }
            for place in 0..<length {
                for byte: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[place] = byte
                    Self.atEveryAlignment(bytes) { text in
                        let ascii = ByteWords.isASCII(text)
                        #expect(!ascii, "\(length) \(place) \(byte)")
                    }
                }
            }
        }
    }

    @Test("strings of every length end where they end, their escapes seen, read as a parser, as compact text and for writing")
    func longStrings() throws {
        let fillers: [[UInt8]] = [Array("abcdefgh".utf8), Array("é日".utf8), Array("👩‍👩‍👧".utf8)]
        for filler in fillers {
            for length in 0..<90 {
                for escape in [nil] + Array(stride(from: 0, to: length, by: 7)) {
                    var inside = (0..<length).map { filler[$0 % filler.count] }
                    // A backslash pair (an escaped backslash) placed inside.
                    if let escape { inside.insert(contentsOf: [0x5C, 0x5C], at: escape) }
                    // A sequence cut short by the length or the escape is repaired.
                    let text = String(decoding: inside, as: UTF8.self)
                    let bytes = Array(text.utf8)
                    let quoted = [0x22] + bytes + [0x22, 0x2C, 0x22, 0x5C, 0x22]
                    Self.atEveryAlignment(quoted) { span in
                        let (end, escaped) = CompactMembers.endOfString(span, 0)
                        #expect(end == bytes.count + 2)
                        #expect(escaped == bytes.contains(0x5C))
                    }
                    var scanner = JSONScanner(from: 0)
                    let payload = try quoted.withSpan { span throws(JSONSyntaxError) in try scanner.parseString(span) }
                    #expect(Int(payload & ~JSONTape.escapedFlag) == bytes.count)
                    #expect((payload & JSONTape.escapedFlag != 0) == bytes.contains(0x5C))
                    #expect(scanner.i == bytes.count + 2)
                    bytes.withSpan { #expect(JSONWriter.needsNoEscape($0) == !bytes.contains(0x5C)) }
                }
            }
        }
    }

    @Test("decimalDigits gives String's digits: every number below 200,000, every power of ten and its neighbours, and a spread up to 99,999,999")
    func decimalDigits() {
        var generator = SystemRandomNumberGenerator()
        var values = Array(0..<UInt(200_000)) + (0..<100_000).map { _ in UInt.random(in: 0..<100_000_000, using: &generator) }
        var power: UInt = 1
        while power <= 100_000_000 {
            values += [power - 1, power, power + 1, power * 9, power * 10 - 1]
            power *= 10
        }
        for value in values {
            let string = String(value)
            guard value < 100_000_000 else {
                #expect(ByteWords.decimalDigits(value) == nil, "\(value)")
                continue
            }
            let expected = string.utf8.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let digits = ByteWords.decimalDigits(value)
            #expect(digits?.word == expected && digits?.count == string.utf8.count, "\(value)")
        }
    }
}
