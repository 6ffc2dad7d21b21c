import Foundation

/// Runs the built `bento` binary, as a user or a CI job would, and captures
/// what it prints.
struct BentoProcess {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
        var stdoutBytes: [UInt8] { Array(stdout.utf8) }
        var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/NAME`, as a path relative to the package root (tests run there).
    static func fixture(_ name: String) -> String { packageRoot.appendingPathComponent("Fixtures/\(name)").path }

    /// The `bento` built beside this test bundle.
    static let executable: URL = {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("bento"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("bento"))
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(argv0.deletingLastPathComponent().appendingPathComponent("bento"))
        candidates.append(argv0.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("bento"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/bento"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    /// Runs `bento ARGS`, feeding `stdin` (or nothing), with `environment`
    /// added to a clean one (no NO_COLOR, no TERM unless given).
    static func run(
        _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Outcome {
        let environment: [String: String?] = ["NO_COLOR": nil, "TERM": nil].merging(environment) { $1 }
        return Outcome(
            try BentoRun.launch(
                executable.path, arguments, stdin: stdin.map { .bytes($0) } ?? .empty, environment: environment,
                directory: (currentDirectory ?? packageRoot).path))
    }
}

extension BentoProcess.Outcome {
    init(_ result: BentoRun.Result) {
        self.init(status: result.status, stdout: result.standardOutput, stderr: result.standardError)
    }
}
