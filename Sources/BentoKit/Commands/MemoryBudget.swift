import BentoJSON

/// What a command will need of memory, weighed against the limits
/// (`MemoryLimit`: `ulimit -v`, a container's) before it needs it: where it
/// does not fit, the command ends with one line, exit 2, nothing on
/// standard output and no file written, rather than with a trace.
///
/// Two checks: before the inputs are read, from their sizes (mapping and
/// decoding them, and the command's own work on that scale); and, for a
/// report, once the changes are known and before a byte is written, from
/// the size of their JSON changeset (what every report is made of). The
/// factors were measured on typical and adversarial inputs of every
/// command (the smallest `ulimit -v` each runs under) and hold a margin.
/// Without a limit nothing is weighed.
public enum MemoryBudget {
    /// Whether the process has a limit at all: the checks cost nothing
    /// without one.
    public static let isLimited = MemoryLimit.current().available != nil

    /// What every run needs beyond what it has mapped already (the
    /// executable): the threads' stacks, the heap's first steps.
    static let base = 10 << 20

    /// What a command does with its inputs.
    public enum Reading: Sendable {
        case diff, directory, validate, show, apply, merge

        /// Bytes needed per byte of input, for all but writing a report:
        /// the largest measured (a wide object's names, a 10 MB string
        /// decoded, every row moved), and a seventh more.
        var factor: Double {
            switch self {
            case .diff, .validate: 4.3
            // Two trees, every screen held until the report is written.
            case .directory: 6
            case .show: 5.9
            case .apply: 3.9
            case .merge: 5.1
            }
        }
    }

    /// Throws unless reading `inputs` (the sizes of regular files; what
    /// standard input holds is counted once it is read) for `command` fits.
    /// - Throws: the one-line error, naming the largest input.
    public static func checkReading(_ inputs: [FilePath], for command: Reading) throws(Diagnostic) {
        guard isLimited else { return }
        let sizes = inputs.map { InputFile.size($0) ?? 0 }
        let largest = inputs[sizes.indices.max { sizes[$0] < sizes[$1] } ?? 0]
        let needs = base + Int(command.factor * Double(sizes.reduce(0, +)))
        try MemoryLimit.require(needs, for: largest.description)
    }

    /// Bytes needed per byte of a row changed through its value tree.
    static let valueTree = 36.0

    /// Throws unless applying `document` to `old` fits: the rows it
    /// changes through their value trees weigh many times their text.
    /// - Throws: the one-line error, naming `file`.
    public static func checkApplying(_ document: ChangesetDocument, to old: Screen, naming file: String) throws(Diagnostic) {
        guard isLimited else { return }
        try MemoryLimit.require(Int(valueTree * Double(document.valueTreeBytes(in: old))), for: file)
    }

    /// Throws unless writing a report of `changeset` fits in what is left,
    /// the report needing `factor` bytes per byte of the JSON changeset
    /// (what every report is made of; each format's factor is measured).
    /// - Throws: the one-line error, naming `file`.
    public static func checkWriting(_ changeset: Changeset, factor: Double, naming file: String) throws(Diagnostic) {
        guard isLimited else { return }
        // The changeset's size, counted as it is written in small pieces:
        // nothing is kept, and the measure itself needs next to nothing of
        // what may be left.
        var size = 0
        JSONRenderer.write(changeset, flushingAt: 64 << 10) { size += $0.count }
        try MemoryLimit.require(Int(factor * Double(size)), for: file)
    }
}
