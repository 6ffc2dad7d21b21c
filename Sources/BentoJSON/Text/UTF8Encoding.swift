/// Reads and writes Unicode scalar values as UTF-8.
enum UTF8Encoding {
    /// The length of the valid multi-byte UTF-8 sequence at `p` (RFC 3629's
    /// table: no overlong forms, no surrogates, nothing past U+10FFFF), or 0
    /// for an ASCII byte or a byte that starts no valid sequence.
    /// - Complexity: O(1).
    @inline(__always)
    static func sequenceLength(_ bytes: Span<UInt8>, at p: Int) -> Int {
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            p + k < bytes.count && range.contains(bytes[p + k])
        }
        switch bytes[p] {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    /// Appends the UTF-8 encoding of a Unicode scalar value.
    static func append(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
