import BentoKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe is the reader's choice, not an error: write() gets EPIPE.
signal(SIGPIPE, SIG_IGN)
StandardStreams.occupyClosedDescriptors()
let terminal = Terminal(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(1) == 1)
exit(Tool.run(Array(CommandLine.arguments.dropFirst()), terminal: terminal))
