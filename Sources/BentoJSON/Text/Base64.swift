/// Base64 (RFC 4648, with padding): how a Content-Security-Policy writes a
/// digest.
public enum Base64 {
    /// `bytes` in base64.
    /// - Complexity: O(n) in the number of bytes.
    public static func encoded(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let group = bytes[start..<min(start + 3, bytes.count)]
            let word = group.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for k in 0..<4 {
                out.append(k <= group.count ? alphabet[Int(word >> UInt32(18 - 6 * k) & 0x3F)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
