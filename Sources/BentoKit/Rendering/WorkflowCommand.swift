import BentoJSON

/// A GitHub Actions workflow command, `::notice file=F,line=L,title=T::message`:
/// one line of a step's output that GitHub turns into an annotation.
///
/// Values are escaped as GitHub's own toolkit (`@actions/core`) escapes
/// them, so that a message with a line break or a file name with a comma
/// never ends the command early or adds a property: in the message `%`,
/// `\r` and `\n` become `%25`, `%0D` and `%0A`; in a property `:` and `,`
/// also become `%3A` and `%2C`.
public struct WorkflowCommand: Sendable {
    /// `notice`, `warning` or `error`.
    public var name: String
    /// The properties, in order (`file`, `line`, `col`, `title`).
    public var properties: [(key: String, value: String)]
    /// The message; it may hold line breaks (GitHub shows them).
    public var message: String

    /// The command `name` with `properties` and `message`.
    public init(_ name: String, _ properties: [(key: String, value: String)], message: String) {
        self.name = name
        self.properties = properties
        self.message = message
    }

    /// The command as one line, without its line end.
    /// - Complexity: O(n) in the length of the properties and the message.
    public var line: String {
        let list = properties.map { $0.key + "=" + Self.escaped($0.value, property: true) }.joined(separator: ",")
        return "::" + name + (list.isEmpty ? "" : " " + list) + "::" + Self.escaped(message, property: false)
    }

    /// `text` escaped for a message (`property` false) or a property value.
    /// - Complexity: O(n) in the length of `text`.
    public static func escaped(_ text: String, property: Bool) -> String {
        // Nearly every text needs no escape: one look at its bytes.
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "%") || $0 == 0x0D || $0 == 0x0A
                    || (property && ($0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",")))
            })
        else { return text }
        // Byte by byte: the bytes escaped are ASCII, never part of a longer
        // character's encoding.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 64)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "%"): out.append(contentsOf: "%25".utf8)
            case 0x0D: out.append(contentsOf: "%0D".utf8)
            case 0x0A: out.append(contentsOf: "%0A".utf8)
            case UInt8(ascii: ":") where property: out.append(contentsOf: "%3A".utf8)
            case UInt8(ascii: ",") where property: out.append(contentsOf: "%2C".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
