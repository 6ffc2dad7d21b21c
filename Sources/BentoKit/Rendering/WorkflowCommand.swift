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
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `line`'s UTF-8 to `out`: a report of many annotations is
    /// written as bytes, with no string made per command.
    /// - Complexity: O(n) in the length of the properties and the message.
    public func write(to out: inout [UInt8]) {
        message.withUTF8Span { Self.write(name, properties, message: $0, to: &out) }
    }

    /// Appends the line of the command `name` with `properties` and the
    /// UTF-8 `message` to `out`, as `write(to:)` does: a message put
    /// together as bytes is not made a string first.
    /// - Complexity: O(n) in the length of the properties and the message.
    public static func write(
        _ name: String, _ properties: [(key: String, value: String)], message: Span<UInt8>, to out: inout [UInt8]
    ) {
        out.append("::")
        name.withUTF8Span { out.append($0) }
        for (k, property) in properties.enumerated() {
            property.key.withUTF8Span { key in
                property.value.withUTF8Span { appendProperty(key, $0, first: k == 0, to: &out) }
            }
        }
        out.append("::")
        append(message, property: false, to: &out)
    }

    /// Appends the property `key` with the UTF-8 `value`, escaped, as
    /// `write` does: after the command's name when it is the `first`, else
    /// after the property before it.
    /// - Complexity: O(n) in the length of `value`.
    static func appendProperty(_ key: StaticString, _ value: Span<UInt8>, first: Bool, to out: inout [UInt8]) {
        key.withSpan { appendProperty($0, value, first: first, to: &out) }
    }

    private static func appendProperty(_ key: Span<UInt8>, _ value: Span<UInt8>, first: Bool, to out: inout [UInt8]) {
        out.append(first ? UInt8(ascii: " ") : UInt8(ascii: ","))
        out.append(key)
        out.append(UInt8(ascii: "="))
        append(value, property: true, to: &out)
    }

    /// `text` escaped for a message (`property` false) or a property value.
    /// - Complexity: O(n) in the length of `text`.
    public static func escaped(_ text: String, property: Bool) -> String {
        var out: [UInt8] = []
        text.withUTF8Span { append($0, property: property, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends UTF-8 `text`, escaped for a message (`property` false) or a
    /// property value, to `out`: runs with nothing to escape, nearly all
    /// text, copied whole. The bytes escaped are ASCII, never part of a
    /// longer character's encoding.
    /// - Complexity: O(n) in the length of `text`.
    static func append(_ text: Span<UInt8>, property: Bool, to out: inout [UInt8]) {
        var run = 0  // the start of the bytes not yet copied
        while let i = property ? text.firstIndex(in: InProperty.self, from: run) : text.firstIndex(in: InMessage.self, from: run) {
            let escape: StaticString
            switch text[i] {
            case UInt8(ascii: "%"): escape = "%25"
            case 0x0D: escape = "%0D"
            case 0x0A: escape = "%0A"
            case UInt8(ascii: ":"): escape = "%3A"
            default: escape = "%2C"
            }
            out.append(text.extracting(run..<i))
            out.append(escape)
            run = i + 1
        }
        out.append(text.extracting(run...))
    }

    /// What a message escapes: `%`, carriage return, line feed.
    enum InMessage: ByteSet {
        static func contains(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "%") || byte == 0x0D || byte == 0x0A }

        @inline(__always)
        static func mayContain(_ word: UInt64) -> Bool {
            ByteWords.bytes(UInt8(ascii: "%"), in: word) | ByteWords.bytes(0x0D, in: word) | ByteWords.bytes(0x0A, in: word) != 0
        }
    }

    /// What a property value escapes: what a message does, `:` and `,`.
    enum InProperty: ByteSet {
        static func contains(_ byte: UInt8) -> Bool {
            InMessage.contains(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")
        }

        @inline(__always)
        static func mayContain(_ word: UInt64) -> Bool {
            InMessage.mayContain(word)
                || ByteWords.bytes(UInt8(ascii: ":"), in: word) | ByteWords.bytes(UInt8(ascii: ","), in: word) != 0
        }
    }
}
