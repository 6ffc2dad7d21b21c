import BentoJSON
import BentoKit

/// A command's output as the command line gives it: `-o FILE`
/// (`OutputFile`'s rules: atomically for a regular file) or else the
/// terminal's standard output.
struct TerminalOutput: TextOutput {
    let terminal: Terminal
    /// The file `-o` names; nil (or `-`) for standard output.
    let path: FilePath?

    init(_ terminal: Terminal, _ path: FilePath?) {
        self.terminal = terminal
        self.path = path
    }

    var isFile: Bool { path.map { !$0.isStandardStream } ?? false }

    func write(streaming produce: (_ consume: sending @escaping ([UInt8]) -> Void) -> Void) throws {
        try terminal.write(streaming: produce, orTo: path)
    }

    func write(pieces: [[UInt8]]) throws { try terminal.write(pieces: pieces, orTo: path) }
}
