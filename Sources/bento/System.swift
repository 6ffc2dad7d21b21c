import BentoJSON

/// What the command line asks of the system, in words of its own: output,
/// the arguments, the environment, git. The calls themselves are
/// BentoJSON's (`Platform`), behind safe functions.
enum System {
    /// Writes all of `bytes` to descriptor `fd`.
    /// - Returns: nil, or the `errno` of the write that failed.
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Int32? { bytes.withSpan { Platform.write(fd, $0) } }
    static func write(_ fd: Int32, pieces: [ByteStorage]) -> Int32? { Platform.write(fd, pieces: pieces) }
    static func write(_ fd: Int32, pieces: [[UInt8]]) -> Int32? { Platform.write(fd, pieces: pieces) }

    /// The `errno` of a write to a pipe whose reader went away.
    static let brokenPipe = SystemError.brokenPipe

    /// The system's words for an `errno` value: "No space left on device".
    static func message(_ errorNumber: Int32) -> String { Platform.message(errorNumber) }

    static func isTerminal(_ fd: Int32) -> Bool { Platform.isTerminal(fd) }

    /// The arguments after the program name, as the system passed them:
    /// bytes, as a file name need not be UTF-8 (`CommandLine.arguments`
    /// would turn such a byte into U+FFFD and lose the name).
    static func arguments() -> [[UInt8]] { Platform.arguments() }

    /// What `command` (looked up on PATH) prints on standard output, when
    /// it runs and exits 0; nil otherwise. Standard input and error are
    /// `/dev/null`; its environment is this process's less `unset`.
    static func output(of command: [String], unset: [String] = []) -> String? {
        guard let (status, bytes) = run(command, unset: unset), status == 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `command` (looked up on PATH): its exit status and what it
    /// printed on standard output; nil when it could not be started or did
    /// not exit. Standard input and error are `/dev/null`; its environment
    /// is this process's less `unset`.
    static func run(_ command: [String], unset: [String] = []) -> (status: Int32, output: [UInt8])? {
        let variables = environment().filter { !unset.contains($0.key) }.map { "\($0.key)=\($0.value)" }
        guard let exit = Platform.run(command, environment: variables, searchingPath: true, output: .collected, error: .null),
            exit.exited
        else { return nil }
        return (exit.status, exit.output)
    }

    /// The environment, from `environ`.
    static func environment() -> [String: String] { Platform.environment() }

    /// The environment variable `name`, if it is set.
    static func environmentVariable(_ name: String) -> String? { Platform.environmentVariable(name) }

    /// A closed pipe is the reader's choice, not an error: `write` then gets
    /// `EPIPE` instead of the process being killed.
    static func ignoreBrokenPipes() { Platform.ignoreBrokenPipes() }

    static func exit(_ status: Int32) -> Never { Platform.exit(status) }

    /// Fills a closed descriptor 0, 1 or 2 (`bento diff - new.json <&-`) with
    /// `/dev/null` opened the wrong way round.
    ///
    /// Otherwise the next `open` would get the closed number, and standard
    /// input would silently read another input file (a wrong "identical"), or
    /// output would go into a file. The stand-in keeps the closed stream's
    /// behaviour: reading standard input fails with `-: Bad file descriptor`,
    /// writing output with `write error: Bad file descriptor`, as GNU tools
    /// report them.
    static func occupyClosedDescriptors() { Platform.occupyClosedDescriptors() }

    /// Grows the C heap in large steps, not glibc's 128 KB: reading large
    /// screens then makes hundreds fewer `brk` and `mprotect` calls, which
    /// were a large part of decoding them.
    /// Address space reserved but never touched is not resident, so peak
    /// memory does not change. Nothing happens where `mallopt` is missing
    /// (Darwin's allocator grows on its own terms). The static release build
    /// links it (CSystem): there is no dynamic symbol table to look it up in.
    static func growHeapInLargeSteps() {
        Platform.setHeapStep(heapStep)
    }

    /// The step of `growHeapInLargeSteps`, in bytes.
    static let heapStep: Int32 = 64 << 20
}
