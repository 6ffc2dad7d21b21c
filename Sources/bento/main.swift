import BentoKit

#if canImport(Glibc)
    import Glibc
#endif

// No Foundation here: loading it costs milliseconds on every run, which is
// most of the time bento takes on small screens (README, Performance).

HeapGrowth.growInLargeSteps()

// A closed pipe is the reader's choice, not an error: write() gets EPIPE.
signal(SIGPIPE, SIG_IGN)

/// The environment, from `environ`.
func environment() -> [String: String] {
    var values: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let eq = text.firstIndex(of: "=") {
            values[String(text[..<eq])] = String(text[text.index(after: eq)...])
        }
        entry += 1
    }
    return values
}

StandardStreams.occupyClosedDescriptors()
let terminal = Terminal(environment: environment(), isTerminal: isatty(1) == 1)
exit(Tool.run(Array(CommandLine.arguments.dropFirst()), terminal: terminal))
