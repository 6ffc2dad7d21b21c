import BentoJSON

/// Where a command writes the text it makes: standard output, or a file
/// the user named. The command line's terminal is one; a test or another
/// front end may collect the pieces.
public protocol TextOutput {
    /// Whether the text goes to a file the user named (a regular file is
    /// written whole, atomically), rather than to standard output: a text
    /// made in one go is then handed over whole.
    var isFile: Bool { get }

    /// Writes what `produce` hands over, piece by piece, as it comes: the
    /// text is never held whole.
    func write(streaming produce: (_ consume: sending @escaping ([UInt8]) -> Void) -> Void) throws

    /// Writes `pieces`, in order.
    func write(pieces: [[UInt8]]) throws
}
