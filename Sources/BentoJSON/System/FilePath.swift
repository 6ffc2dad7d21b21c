/// A path as the operating system has it: bytes, which need not be UTF-8.
///
/// Paths are opened as given, byte for byte (`bad\xffname.json` is a file a
/// shell can name), and shown escaped (`description`), so that a message
/// about a file is one line of valid text that names it exactly.
public struct FilePath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// The path of `bytes`, as the command line or a directory gave them.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path spelled by `string` (its UTF-8).
    public init(_ string: String) {
        bytes = Array(string.utf8)
    }

    /// The path spelled by `value`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// `-`: standard input (or output).
    public static let standardStream = FilePath("-")

    /// Whether this is `-`, standard input or output.
    public var isStandardStream: Bool { self == Self.standardStream }

    /// The path as people read it: a UTF-8 path as it is; in one that is
    /// not UTF-8, every byte that is not part of valid UTF-8 as `\xHH`, and
    /// a backslash as `\\` so that the escapes read one way. Control
    /// characters are left to the one-line rule of messages (`OneLine`).
    /// - Complexity: O(n) in the length of the path.
    public var description: String {
        var valid = true
        var i = 0
        while i < bytes.count && valid {
            let length = bytes[i] < 0x80 ? 1 : bytes.withSpan { UTF8Encoding.sequenceLength($0, at: i) }
            valid = length > 0
            i += max(length, 1)
        }
        if valid { return String(decoding: bytes, as: UTF8.self) }
        var out = ""
        i = 0
        while i < bytes.count {
            let length = bytes[i] < 0x80 ? 1 : bytes.withSpan { UTF8Encoding.sequenceLength($0, at: i) }
            if length > 0 {
                out += bytes[i] == UInt8(ascii: "\\") ? "\\\\" : String(decoding: bytes[i..<i + length], as: UTF8.self)
                i += length
            } else {
                let hex = String(bytes[i], radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
                i += 1
            }
        }
        return out
    }

    /// `self/relative`, without doubling a `/` the path ends with.
    /// - Complexity: O(n) in the length of the paths.
    public func appending(_ relative: FilePath) -> FilePath {
        FilePath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + relative.bytes : bytes + [UInt8(ascii: "/")] + relative.bytes)
    }

    /// The last component: what follows the last `/`.
    public var lastComponent: FilePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return FilePath(bytes: Array(bytes[(slash + 1)...]))
    }

    /// Everything before the last `/`, or nil when there is none.
    public var parent: FilePath? {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return FilePath(bytes: slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash]))
    }

    /// Whether the last component ends in `suffix` (`.json`).
    public func hasSuffix(_ suffix: String) -> Bool { bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) }

    /// Byte order, which is code point order for UTF-8.
    public static func < (a: FilePath, b: FilePath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
