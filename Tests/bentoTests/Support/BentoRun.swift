import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `bento` binary as a user would, and captures what it does:
/// standard output, standard error and the exit status. End-to-end tests use
/// it to check the rules at the process boundary (exit codes, nothing on
/// standard output on error, one `bento: …` line per error).
struct BentoRun {
    /// Where standard input comes from.
    enum Input {
        /// An empty stream (`< /dev/null`).
        case empty
        /// These bytes, written through a pipe.
        case bytes([UInt8])
        /// A file, opened for reading (`< path`).
        case file(String)
        /// No file descriptor 0 at all (`<&-`).
        case closed
    }

    /// Where standard output goes.
    enum Output {
        /// A pipe that the test reads to the end.
        case capture
        /// A file opened for writing: `/dev/full` for a full disk.
        case file(String)
        /// A pipe whose reading end is closed before bento writes (`| true`).
        case closedPipe
    }

    struct Result: CustomStringConvertible {
        let status: Int32
        /// True when the process was killed by a signal (a crash or a trap).
        let signaled: Bool
        let stdout: [UInt8]
        let stderr: [UInt8]

        var standardOutput: String { String(decoding: stdout, as: UTF8.self) }
        var standardError: String { String(decoding: stderr, as: UTF8.self) }
        /// The lines of standard error, without the final newline.
        var errorLines: [String] {
            standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        var description: String {
            "status \(status)\(signaled ? " (signal)" : "")\nstdout: \(standardOutput.prefix(2000))\n"
                + "stderr: \(standardError.prefix(2000))"
        }
    }

    /// The `bento` to run: `BENTO_EXECUTABLE` if set (`.ci/run` points it at
    /// the release build for the full-size limits), else the one built
    /// beside the tests.
    static let executable: URL =
        ProcessInfo.processInfo.environment["BENTO_EXECUTABLE"].map { URL(fileURLWithPath: $0) }
        ?? BentoProcess.executable

    /// A path under `Fixtures/`.
    static func fixture(_ relative: String) -> String { BentoProcess.fixture(relative) }

    /// Runs `bento arguments…` and waits for it.
    /// - Parameters:
    ///   - environment: added to (and overriding) the test's own environment;
    ///     `NO_COLOR` is set unless given, so output is plain.
    ///   - directory: the working directory, if not the current one.
    static func run(
        _ arguments: [String], stdin: Input = .empty, stdout: Output = .capture,
        environment: [String: String] = [:], directory: String? = nil
    ) throws -> Result {
        let environment = ["NO_COLOR": "1"].merging(environment) { $1 }
        if case .closed = stdin {
            // Foundation always gives a child some descriptor 0; a shell can
            // close it before exec.
            return try launch(
                "/bin/sh", ["-c", "exec \"$0\" \"$@\" <&-", executable.path] + arguments, stdin: .empty,
                stdout: stdout, environment: environment, directory: directory)
        }
        return try launch(
            executable.path, arguments, stdin: stdin, stdout: stdout, environment: environment, directory: directory)
    }

    /// Runs a bash command line with `bento` first on the PATH, for
    /// pipelines (`bento diff … | head -1`). The caller collects the statuses
    /// it needs (e.g. `echo ${PIPESTATUS[0]} >&2`).
    static func shell(_ script: String, environment: [String: String] = [:]) throws -> Result {
        var environment: [String: String?] = ["NO_COLOR": "1"].merging(environment) { $1 }
        environment["PATH"] = environment["PATH"] ?? pathWithBento(first: executable)
        return try launch("/bin/bash", ["-c", script], environment: environment)
    }

    /// `PATH` with the folder of `bento` in front, as a user's shell finds it.
    static func pathWithBento(first bento: URL) -> String {
        bento.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// Runs `program` and collects its streams: the one launcher behind every
    /// runner of the end-to-end tests (`BentoProcess`, `ExternalProgram`).
    /// - Parameter environment: changes to the test's own environment; a nil
    ///   value removes the variable.
    static func launch(
        _ program: String, _ arguments: [String], stdin: Input = .empty, stdout: Output = .capture,
        environment: [String: String?], directory: String? = nil
    ) throws -> Result {
        ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }

        var inputPipe: Pipe?
        switch stdin {
        case .empty, .closed:
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        case .bytes:
            inputPipe = Pipe()
            process.standardInput = inputPipe
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure("cannot open \(path)") }
            process.standardInput = handle
        }

        var outputPipe: Pipe?
        switch stdout {
        case .capture:
            outputPipe = Pipe()
            process.standardOutput = outputPipe
        case .file(let path):
            guard let handle = FileHandle(forWritingAtPath: path) else { throw Failure("cannot open \(path)") }
            process.standardOutput = handle
        case .closedPipe:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
        }
        let errorPipe = Pipe()
        process.standardError = errorPipe

        try process.run()

        // Read both streams and feed standard input concurrently, so that no
        // pipe fills up and blocks the child.
        let collected = Collected()
        let group = DispatchGroup()
        if let outputPipe {
            DispatchQueue.global().async(group: group) {
                collected.set(out: outputPipe.fileHandleForReading.readDataToEndOfFile())
            }
        }
        DispatchQueue.global().async(group: group) {
            collected.set(err: errorPipe.fileHandleForReading.readDataToEndOfFile())
        }
        if case .bytes(let bytes) = stdin, let inputPipe {
            DispatchQueue.global().async(group: group) {
                writeAll(bytes, to: inputPipe.fileHandleForWriting.fileDescriptor)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            stdout: collected.out, stderr: collected.err)
    }

    /// Writing to a child that has exited must not kill the test runner.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private final class Collected: Sendable {
        private let data = Mutex((out: Data(), err: Data()))
        func set(out bytes: Data) { data.withLock { $0.out = bytes } }
        func set(err bytes: Data) { data.withLock { $0.err = bytes } }
        var out: [UInt8] { data.withLock { [UInt8]($0.out) } }
        var err: [UInt8] { data.withLock { [UInt8]($0.err) } }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        unsafe bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = unsafe write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // the child stopped reading (EPIPE): fine
                }
                offset += n
            }
        }
    }
}
