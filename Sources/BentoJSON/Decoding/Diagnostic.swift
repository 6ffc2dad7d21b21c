/// One error in one input, as the user sees it after `bento: `:
/// `FILE:LINE:COLUMN: path: message`, or `FILE: message` where there is no
/// position (a file that cannot be read).
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (`-` for standard input).
    public let file: String
    /// Where in the file; nil for a file that could not be read.
    public let location: SourceLocation?
    /// The JSON path of the value at fault (`box.sections[2].rows[0]`), if any.
    public let path: String?
    /// What is wrong, in words.
    public let message: String

    /// An error in `file`, at `location`, about the value at `path`.
    public init(file: String, location: SourceLocation?, path: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// Always one line: control characters and line breaks in the file name,
    /// path or message are escaped.
    public var description: String {
        var s = file
        if let location { s += ":\(location.line):\(location.column)" }
        s += ": "
        if let path, !path.isEmpty { s += "\(path): " }
        return OneLine.escaping(s + message)
    }
}
