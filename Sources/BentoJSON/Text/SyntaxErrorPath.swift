/// The JSON path of a syntax error that concerns one member or one value: a
/// member name given twice (`box.sections[0].rows[1].component.props.title`)
/// or an array or object nested too deep (the path of that value).
///
/// The reader keeps no path while it parses, so that parsing stays fast; when
/// it stops, the text before the error is valid JSON, and one scan of it
/// finds where the error lies. Other syntax errors (a stray comma, a bad
/// byte) are about a character, not a value, and get no path.
enum SyntaxErrorPath {
    /// The path of the member name or the value that starts at `offset`, if
    /// the text up to `offset` expects one there; nil otherwise.
    /// - Complexity: O(offset); no recursion (the nesting can be any depth).
    static func path(in bytes: [UInt8], at offset: Int) -> String? {
        guard offset < bytes.count else { return nil }
        var frames: [Frame] = []
        var expectingValue = true
        var i = JSONReader.byteOrderMarkLength(bytes)
        while i < offset {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                frames.append(Frame(isObject: c == UInt8(ascii: "{")))
                expectingValue = c == UInt8(ascii: "[")
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
                expectingValue = false
                i += 1
            case UInt8(ascii: ","):
                if let last = frames.indices.last {
                    if frames[last].isObject {
                        frames[last].awaitingKey = true
                    } else {
                        frames[last].index += 1
                        expectingValue = true
                    }
                }
                i += 1
            case UInt8(ascii: ":"):
                expectingValue = true
                i += 1
            case UInt8(ascii: "\""):
                guard let (string, end) = decodeString(bytes, from: i), end <= offset else { return nil }
                if let last = frames.indices.last, frames[last].awaitingKey {
                    frames[last].key = string
                    frames[last].awaitingKey = false
                } else {
                    expectingValue = false
                }
                i = end
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
            default:  // a number or a literal
                expectingValue = false
                i += 1
            }
        }
        var keys: [any CodingKey] = frames.map { frame in
            frame.isObject ? AnyCodingKey(frame.key ?? "") : AnyCodingKey(intValue: frame.index)
        }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            // A member name where one is expected, and a whole one.
            guard let last = frames.last, last.awaitingKey, let (name, _) = decodeString(bytes, from: offset) else {
                return nil
            }
            keys[keys.count - 1] = AnyCodingKey(name)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard expectingValue, !keys.isEmpty else { return nil }
        default:
            return nil
        }
        return keys.jsonPath
    }

    /// One open array or object: where in it the scan is.
    private struct Frame {
        let isObject: Bool
        var awaitingKey: Bool
        var key: String?
        var index = 0

        init(isObject: Bool) {
            self.isObject = isObject
            awaitingKey = isObject
        }
    }

    /// `\n` → LF and the other one-letter escapes.
    private static let simpleEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    /// The string whose opening quote is at `start`, and the offset after
    /// its closing quote; nil if it does not end or holds a bad escape.
    private static func decodeString(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var i = start + 1
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll(keepingCapacity: true)
        }
        func hex4(_ p: Int) -> UInt32? {
            guard p + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for c in bytes[p..<p + 4] {
                guard let digit = Character(Unicode.Scalar(c)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                flush()
                return (String(scalars), i + 1)
            }
            guard c == UInt8(ascii: "\\") else {
                utf8.append(c)
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { return nil }
            if let byte = simpleEscapes[bytes[i + 1]] {
                utf8.append(byte)
                i += 2
                continue
            }
            guard bytes[i + 1] == UInt8(ascii: "u"), var value = hex4(i + 2) else { return nil }
            i += 6
            if (0xD800..<0xDC00).contains(value) {
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                    let low = hex4(i + 2), (0xDC00..<0xE000).contains(low)
                else { return nil }
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                i += 6
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            flush()
            scalars.append(scalar)
        }
        return nil
    }
}
