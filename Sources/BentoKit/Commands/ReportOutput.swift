import BentoJSON

/// Where a report goes: its text to standard output, written whole or
/// streamed as it is made, and its messages to standard error, one line
/// each. The command line's terminal is one; a test or another front end
/// may collect them.
public protocol ReportOutput {
    /// Text to go out with the rest, in order.
    func write(_ text: String)
    /// Bytes to go out with the rest, in order.
    func write(_ bytes: [UInt8])
    /// Bytes written now, after what came before: a large report is not
    /// held whole.
    func stream(_ bytes: [UInt8])
    /// Pieces written now, in order, without being joined first.
    func stream(pieces: [[UInt8]])
    /// Pieces of storage written now, in order, without being joined first.
    func stream(pieces: [ByteStorage])
    /// Messages for standard error, one line each.
    func errors(_ messages: [String])
}

extension ReportOutput {
    /// One message for standard error.
    public func error(_ message: String) { errors([message]) }
}
