/// Writes JSON values as bytes: compact or indented, in written or canonical
/// (sorted) member order. Numbers keep their source text; strings escape only
/// what JSON requires (quote, backslash, control characters).
public struct JSONWriter: Sendable {
    public enum Style: Sendable {
        /// No white space.
        case compact
        /// Two-space indentation, one member or element per line.
        case pretty
    }

    public var style: Style
    /// Sort object members by code point: the canonical form of the contract.
    public var sortsMembers: Bool
    /// Write each number in one text per value (`JSONNumber.canonicalText`)
    /// rather than as it was written.
    public var normalizesNumbers: Bool

    public init(style: Style = .compact, sortsMembers: Bool = false, normalizesNumbers: Bool = false) {
        self.style = style
        self.sortsMembers = sortsMembers
        self.normalizesNumbers = normalizesNumbers
    }

    /// Canonical JSON: members sorted by name, no white space, numbers in one
    /// text per value. Values equal by the contract write the same bytes.
    public static let canonical = JSONWriter(style: .compact, sortsMembers: true, normalizesNumbers: true)

    public func string(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value to `out`. Recursion depth is that of the value, which
    /// the reader limits.
    public func write(_ value: JSONValue, to out: inout [UInt8], indent: Int = 0) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: (normalizesNumbers ? n.canonicalText : n.text).utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (k, element) in elements.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1)
                write(element, to: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            let members = sortsMembers ? object.sortedMembers : object.members
            for (k, member) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1)
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if style == .pretty { out.append(UInt8(ascii: " ")) }
                write(member.value, to: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private func newline(_ out: inout [UInt8], _ indent: Int) {
        guard style == .pretty else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// A JSON string literal for `s`.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        writeString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(c >> 4)])
                out.append(hex[Int(c & 0xF)])
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
