import BentoKit

#if canImport(Glibc)
    import Glibc
#endif

// No Foundation here: loading it costs milliseconds on every run, which is
// most of the time bento takes on small screens (README, Performance).

// The heap grows 64 MB at a time, not 128 KB: a large diff then makes a few
// hundred fewer mprotect and brk calls (9% less CPU on two 100k-row screens).
// Memory that is reserved but never touched is not resident.
if let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {  // RTLD_DEFAULT; malloc.h is not in Glibc's module
    let M_TOP_PAD: Int32 = -2
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(M_TOP_PAD, 64 << 20)
}

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
