#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CSystem

/// The system calls on the process: its arguments and environment, child
/// processes, signals, limits, the heap and the clock; each behind a safe
/// function.
extension Platform {
    // MARK: Arguments and environment

    /// The arguments after the program name, as the system passed them:
    /// bytes, as a file name need not be UTF-8 (`CommandLine.arguments`
    /// would turn such a byte into U+FFFD and lose the name).
    public static func arguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { k in
            guard let argument = unsafe CommandLine.unsafeArgv[k] else { return [] }
            return unsafe Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The environment, from `environ`.
    public static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for text in environmentEntries() {
            if let eq = text.firstIndex(of: "=") {
                values[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
        }
        return values
    }

    /// The environment as `NAME=value` entries, in `environ`'s order.
    public static func environmentEntries() -> [String] {
        var entries: [String] = []
        var entry = unsafe environ
        while let pointer = unsafe entry.pointee {
            entries.append(unsafe String(cString: pointer))
            unsafe entry += 1
        }
        return entries
    }

    /// The variable `name` of the environment, if it is set.
    public static func environmentVariable(_ name: String) -> String? {
        guard let value = unsafe getenv(name) else { return nil }
        return unsafe String(cString: value)
    }

    /// Whether `path` is a file this process may run.
    public static func isExecutable(_ path: FilePath) -> Bool { unsafe path.withCString { unsafe access($0, X_OK) } == 0 }

    // MARK: Child processes

    /// Where a child's standard stream goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// This process's own.
        case inherited
        /// A file, made or truncated (for output; read for input).
        case file(String)
        /// A pipe whose bytes `spawn`'s caller collects (standard output only).
        case collected
    }

    /// How a child ended.
    public struct Exit: Sendable {
        /// Its exit status (0…255), or 128 + the signal that ended it.
        public let status: Int32
        /// Whether it exited (rather than being ended by a signal).
        public let exited: Bool
        /// Its peak resident memory, in bytes.
        public let peakMemory: Int
        /// What it wrote to a `.collected` standard output.
        public let output: [UInt8]
    }

    /// Runs `arguments[0]` (looked up on PATH when `searchingPath`) with
    /// `arguments` and the environment `environment` (`NAME=value`), its
    /// standard streams as given, and waits for it to end (`wait4`): how it
    /// ended; nil when it could not be started.
    public static func run(
        _ arguments: [String], environment: [String], searchingPath: Bool,
        input: Stream = .null, output: Stream = .inherited, error: Stream = .inherited
    ) -> Exit? {
        var pipeEnds: [Int32] = [-1, -1]
        if case .collected = output {
            guard unsafe pipeEnds.withUnsafeMutableBufferPointer({ unsafe pipe($0.baseAddress!) }) == 0 else { return nil }
        }
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .null:
                unsafe posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherited:
                break
            case .file(let path):
                let flags = descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                unsafe posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
            case .collected:
                unsafe posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], descriptor)
                unsafe posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            }
        }
        let argv: [UnsafeMutablePointer<CChar>?] = unsafe arguments.map { unsafe strdup($0) } + [nil]
        defer { for unsafe p in unsafe argv { unsafe free(p) } }
        let envp: [UnsafeMutablePointer<CChar>?] = unsafe environment.map { unsafe strdup($0) } + [nil]
        defer { for unsafe p in unsafe envp { unsafe free(p) } }
        var pid = pid_t()
        let spawned =
            searchingPath
            ? unsafe posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
            : unsafe posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        defer { if pipeEnds[0] >= 0 { close(pipeEnds[0]) } }
        guard spawned == 0 else { return nil }
        var collected: [UInt8] = []
        if pipeEnds[0] >= 0 {
            while true {
                let (chunk, failed) = read(pipeEnds[0], upTo: 1 << 16)
                collected += chunk
                if failed != 0 || chunk.isEmpty { break }
            }
        }
        var status: Int32 = 0
        var usage = rusage()
        while unsafe wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        let exited = status & 0x7F == 0
        #if os(Linux)
            let peak = Int(usage.ru_maxrss) * 1024
        #else
            let peak = Int(usage.ru_maxrss)
        #endif
        return Exit(
            status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), exited: exited, peakMemory: peak,
            output: collected)
    }

    // MARK: Signals and the standard streams

    /// A closed pipe is the reader's choice, not an error: `write` then gets
    /// `EPIPE` instead of the process being killed.
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Fills a closed descriptor 0, 1 or 2 with `/dev/null` opened the
    /// wrong way round, so that the next `open` does not get its number:
    /// reading or writing it then fails with `Bad file descriptor`.
    public static func occupyClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open() returns the lowest free number: this one, normally.
            let standIn = devNull(fd == 0 ? O_WRONLY : O_RDONLY)
            if standIn >= 0 && standIn != fd {
                dup2(standIn, fd)
                close(standIn)
            }
        }
    }

    /// Ends the process with `status`.
    public static func exit(_ status: Int32) -> Never { processExit(status) }

    // MARK: Memory, threads and time

    /// What `RLIMIT_AS` and `RLIMIT_DATA` allow (their soft limits), in
    /// bytes; nil for unlimited.
    public static func addressSpaceLimits() -> (addressSpace: Int?, data: Int?) {
        func limit(_ resource: Int32) -> Int? {
            var value = rlimit()
            #if os(Linux)
                let got = unsafe getrlimit(__rlimit_resource_t(UInt32(resource)), &value)
            #else
                let got = unsafe getrlimit(resource, &value)
            #endif
            guard got == 0, value.rlim_cur < rlim_t(Int.max) else { return nil }
            return Int(value.rlim_cur)
        }
        #if os(Linux)
            return (limit(Int32(RLIMIT_AS.rawValue)), limit(Int32(RLIMIT_DATA.rawValue)))
        #else
            return (limit(RLIMIT_AS), limit(RLIMIT_DATA))
        #endif
    }

    /// Asks the C heap to grow `bytes` at a time (glibc's `M_TOP_PAD`);
    /// false where the C library has no such setting.
    @discardableResult
    public static func setHeapStep(_ bytes: Int32) -> Bool { bento_set_heap_step(bytes) == 1 }

    /// Keeps the C heap to one arena, where the C library has the setting.
    @discardableResult
    public static func useOneHeapArena() -> Bool { bento_set_one_arena() != 0 }

    /// Makes `bytes` the stack size of threads made from now on without one
    /// of their own, where the C library allows it.
    @discardableResult
    public static func setThreadStack(_ bytes: Int) -> Bool { bento_set_thread_stack(UInt(bytes)) == 0 }

    /// The number of cores online.
    public static var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var t = timespec()
        unsafe clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

// At file scope, where `Platform`'s functions do not shadow them.
private func processExit(_ status: Int32) -> Never { exit(status) }
private func devNull(_ flags: Int32) -> Int32 { unsafe open("/dev/null", flags | O_CLOEXEC) }
