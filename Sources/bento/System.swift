#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import BentoJSON
import CSystem

/// The few system calls the command line makes itself, in one place and
/// for both C libraries (glibc on Linux, Darwin's on macOS). Everything else
/// that touches the system (reading and writing files, walking directories)
/// is in BentoJSON.
enum System {
    /// Writes all of `bytes` to descriptor `fd`.
    /// - Returns: nil, or the `errno` of the write that failed.
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Int32? { FileDescriptor.writeAll(fd, bytes) }
    static func write(_ fd: Int32, pieces: LentPieces) -> Int32? { FileDescriptor.writeAll(fd, pieces: pieces) }

    /// The `errno` of a write to a pipe whose reader went away.
    static let brokenPipe = EPIPE

    /// The system's words for an `errno` value: "No space left on device".
    static func message(_ errorNumber: Int32) -> String { FileDescriptor.message(errorNumber) }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The arguments after the program name, as the system passed them:
    /// bytes, as a file name need not be UTF-8 (`CommandLine.arguments`
    /// would turn such a byte into U+FFFD and lose the name).
    static func arguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { k in
            guard let argument = CommandLine.unsafeArgv[k] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// What `command` (looked up on PATH) prints on standard output, when
    /// it runs and exits 0; nil otherwise. Standard input and error are
    /// `/dev/null`; its environment is this process's less `unset`.
    static func output(of command: [String], unset: [String] = []) -> String? {
        guard let (status, bytes) = run(command, unset: unset), status == 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `git merge-file -p` of three texts (OURS, BASE, THEIRS), labelled
    /// `labels` in its markers: the merged text and the number of conflicts;
    /// nil when git does not run. The texts go through files of a private
    /// temporary directory, removed after.
    static func gitMergeFile(_ texts: [[UInt8]], labels: [String], markerSize: Int, style: String) -> (text: [UInt8], conflicts: Int)? {
        // A signal while git runs removes the folder and its files too.
        guard let directory = try? TemporaryPath(directory: FilePath("\(environment()["TMPDIR"] ?? "/tmp")/bento-merge-XXXXXX"))
        else { return nil }
        let files = ["ours", "base", "theirs"].map { directory.path.appending(FilePath($0)) }
        let ours = TemporaryPath(registering: files[0])
        let base = TemporaryPath(registering: files[1])
        let theirs = TemporaryPath(registering: files[2])
        defer {
            for file in [ours.path, base.path, theirs.path] { _ = file.withCString { unlink($0) } }
            _ = directory.path.withCString { rmdir($0) }
        }
        for (file, text) in zip(files, texts) {
            let fd = file.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            guard fd >= 0 else { return nil }
            let failed = FileDescriptor.writeAll(fd, text) != nil
            close(fd)
            if failed { return nil }
        }
        var command = ["git", "merge-file", "-p", "--marker-size=\(markerSize)"]
        if style != "merge" { command.append("--\(style)") }
        for label in labels { command += ["-L", label] }
        guard let (status, bytes) = run(command + files.map(\.description), unset: []), (0...127).contains(status) else {
            return nil
        }
        return (bytes, Int(status))
    }

    /// Runs `command` (looked up on PATH): its exit status and what it
    /// printed on standard output; nil when it could not be started or did
    /// not exit. Standard input and error are `/dev/null`; its environment
    /// is this process's less `unset`.
    static func run(_ command: [String], unset: [String] = []) -> (status: Int32, output: [UInt8])? {
        var fds: [Int32] = [0, 0]
        guard fds.withUnsafeMutableBufferPointer({ pipe($0.baseAddress!) }) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp: [UnsafeMutablePointer<CChar>?] =
            environment().filter { !unset.contains($0.key) }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, command[0], &actions, nil, argv, envp)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0 else { return nil }
        return ((status >> 8) & 0xFF, bytes)
    }

    /// The environment, from `environ`.
    static func environment() -> [String: String] {
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

    /// A closed pipe is the reader's choice, not an error: `write` then gets
    /// `EPIPE` instead of the process being killed.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    static func exit(_ status: Int32) -> Never { processExit(status) }

    /// Fills a closed descriptor 0, 1 or 2 (`bento diff - new.json <&-`) with
    /// `/dev/null` opened the wrong way round.
    ///
    /// Otherwise the next `open` would get the closed number, and standard
    /// input would silently read another input file (a wrong "identical"), or
    /// output would go into a file. The stand-in keeps the closed stream's
    /// behaviour: reading standard input fails with `-: Bad file descriptor`,
    /// writing output with `write error: Bad file descriptor`, as GNU tools
    /// report them.
    static func occupyClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open() returns the lowest free number: this one, normally.
            let standIn = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
            if standIn >= 0 && standIn != fd {
                dup2(standIn, fd)
                close(standIn)
            }
        }
    }

    /// Grows the C heap in large steps, not glibc's 128 KB: reading large
    /// screens then makes hundreds fewer `brk` and `mprotect` calls, which
    /// were a large part of decoding them.
    /// Address space reserved but never touched is not resident, so peak
    /// memory does not change. Nothing happens where `mallopt` is missing
    /// (Darwin's allocator grows on its own terms). The static release build
    /// links it (CSystem): there is no dynamic symbol table to look it up in.
    static func growHeapInLargeSteps() {
        _ = bento_set_heap_step(heapStep)
    }

    /// The step of `growHeapInLargeSteps`, in bytes.
    static let heapStep: Int32 = 64 << 20
}

// At file scope, where `System.exit` does not shadow it.
private func processExit(_ status: Int32) -> Never { exit(status) }
