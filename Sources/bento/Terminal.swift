import BentoJSON
import BentoKit
import Synchronization

/// Standard output, standard error and the environment, as a command sees
/// them. Output is collected and written once, so that a write error (a full
/// disk) is reported and a closed pipe (`| head -1`) ends quietly.
final class Terminal: Sendable {
    /// What is collected, and whether writing went wrong: commands may write
    /// from any thread, so it is held under a lock.
    private struct State {
        var output: [UInt8] = []
        /// A write error was reported: write no more.
        var failed = false
        /// The reader went away (EPIPE): write no more, quietly.
        var readerGone = false
    }
    private let state = Mutex(State())
    /// Standard output is a terminal (colour on `--color auto`).
    let isTerminal: Bool

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    /// The environment variable `name`, if it is set. Looked up by name: the
    /// whole environment made into a dictionary (hundreds of variables on a
    /// CI machine) would cost a small diff a tenth of its time.
    func variable(_ name: String) -> String? { System.environmentVariable(name) }

    func write(_ text: String) { state.withLock { $0.output.append(contentsOf: text.utf8) } }
    func write(_ bytes: [UInt8]) {
        state.withLock { state in
            // The first write takes the buffer as it is: a large changeset is not copied.
            if state.output.isEmpty { state.output = bytes } else { state.output.append(contentsOf: bytes) }
        }
    }

    /// The text `produce` hands over, piece by piece, to `-o FILE`
    /// (`OutputFile`'s rules) or else to standard output, each piece
    /// written as it comes.
    func write(streaming produce: (_ consume: sending @escaping ([UInt8]) -> Void) -> Void, orTo output: FilePath?) throws {
        guard let output, !output.isStandardStream else { return produce { self.stream(pieces: [$0]) } }
        try OutputFile.write(to: output, streaming: produce)
    }

    /// Text in `pieces` to `-o FILE` (`OutputFile`'s rules), or else to
    /// standard output as `stream(pieces:)` writes it.
    func write(pieces: [[UInt8]], orTo output: FilePath?) throws {
        guard let output, !output.isStandardStream else { return stream(pieces: pieces) }
        try OutputFile.write(pieces: pieces, to: output)
    }

    /// Text in `pieces` to standard output, a few hundred pieces a system
    /// call (`writev`): a large report is neither joined into one text nor
    /// copied into batches first.
    func stream(pieces: [[UInt8]]) {
        state.withLock { state in
            writeCollected(&state)
            guard !state.failed && !state.readerGone else { return }
            if !report(System.write(1, pieces: pieces), &state) { state.failed = true }
        }
    }

    /// `bytes` to `-o FILE` (`OutputFile`'s rules: atomically for a regular
    /// file), or to standard output when there is none or it names it.
    func write(_ bytes: [UInt8], orTo output: FilePath?) throws {
        if let output, !output.isStandardStream {
            try OutputFile.write(bytes, to: output)
        } else {
            write(bytes)
        }
    }

    /// `bento: message` on standard error, at once, on one line.
    func error(_ message: String) { errors([message]) }

    /// `bento: message` for each message, in one write (thousands of merge
    /// conflicts are one system call, not thousands).
    func errors(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        errorText(messages.map { "bento: \(OneLine.escaping($0))\n" }.joined())
    }

    /// `text` on standard error, as it is.
    func errorText(_ text: String) {
        _ = System.write(2, Array(text.utf8))
    }

    /// Whether to colour: `--color always|never`, or on `auto` a terminal
    /// without `NO_COLOR` (https://no-color.org) and not `TERM=dumb`.
    /// `pagerCounts`: output into git's pager counts as a terminal, as git
    /// itself decides (git sets `GIT_PAGER_IN_USE` for the programs it runs).
    func palette(for choice: String?, pagerCounts: Bool = false) -> Palette {
        switch choice ?? "auto" {
        case "always": return Palette(enabled: true)
        case "never": return .plain
        default:
            let noColor = !(variable("NO_COLOR") ?? "").isEmpty
            let pager = pagerCounts && ["true", "1"].contains(variable("GIT_PAGER_IN_USE") ?? "")
            return Palette(enabled: (isTerminal || pager) && !noColor && variable("TERM") != "dumb")
        }
    }

    /// Writes the collected output to file descriptor 1.
    /// - Returns: false after reporting a write error; true also when the
    ///   reader went away (EPIPE), which is no error for a filter.
    func flush() -> Bool {
        state.withLock { state in
            let ok = writeOut(state.output, &state)
            state.output.removeAll()
            return ok && !state.failed
        }
    }

    /// Writes `bytes` now, after anything collected, so that large output
    /// (a changeset of 100k rows) is not held in memory whole. A write error
    /// is reported once, and `flush()` then returns false.
    func stream(_ bytes: [UInt8]) {
        state.withLock { state in
            writeCollected(&state)
            if !writeOut(bytes, &state) { state.failed = true }
        }
    }

    /// Writes the bytes in `pieces` now, in order, after anything collected,
    /// without joining them (`writev`): the pages of a large HTML report.
    func stream(pieces: [ByteStorage]) {
        state.withLock { state in
            writeCollected(&state)
            guard !state.failed && !state.readerGone else { return }
            if !report(System.write(1, pieces: pieces), &state) { state.failed = true }
        }
    }

    private func writeCollected(_ state: inout State) {
        guard !state.output.isEmpty else { return }
        if !writeOut(state.output, &state) { state.failed = true }
        state.output.removeAll()
    }

    private func writeOut(_ bytes: [UInt8], _ state: inout State) -> Bool {
        guard !state.failed && !state.readerGone else { return !state.failed }
        return report(System.write(1, bytes), &state)
    }

    /// Whether a write went well (or to a reader that went away); an error
    /// is reported.
    private func report(_ outcome: Int32?, _ state: inout State) -> Bool {
        switch outcome {
        case nil:
            return true
        case System.brokenPipe?:
            state.readerGone = true
            return true
        case let errorNumber?:
            error("write error: \(System.message(errorNumber))")
            return false
        }
    }
}

extension Terminal: ReportOutput {}
