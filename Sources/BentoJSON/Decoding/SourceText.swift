/// The bytes of one input file and its name, for locating errors.
public struct SourceText: Sendable {
    /// The name the user gave: a path, or `-` for standard input.
    public let name: String
    /// The contents, as read.
    public let bytes: [UInt8]

    /// The text `bytes` of the input named `name`.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// Line and column (both 1-based) of a byte offset. Columns count Unicode
    /// scalars, not bytes; a leading byte order mark is not counted.
    /// - Complexity: O(offset).
    public func location(ofByte offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = JSONReader.byteOrderMarkLength(bytes)
        var i = lineStart
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        i = lineStart
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }  // not a continuation byte
            i += 1
        }
        return SourceLocation(line: line, column: column)
    }
}

/// A 1-based line and column in a source file.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in Unicode scalars.
    public let column: Int
    public var description: String { "\(line):\(column)" }

    /// Line `line`, column `column`, both from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
