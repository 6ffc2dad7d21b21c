import Foundation

/// Runs the built `bento` (or any program) as a user would, and collects what
/// it printed.
struct BentoProcess {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `bento` executable next to the test bundle (`swift build` puts
    /// both in the same products directory).
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        // Inside an .xctest bundle directory on some platforms.
        while !directory.path.isEmpty && directory.path != "/" {
            let candidate = directory.appendingPathComponent("bento")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/bento")
    }()

    /// The package root, for man/ and Fixtures/.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `bento ARGUMENTS`.
    static func bento(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> Output
    {
        try run(executable.path, arguments, in: directory, environment: environment)
    }

    /// Runs `program ARGUMENTS` with the environment plus `environment`,
    /// `bento`'s directory first on PATH.
    static func run(
        _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["NO_COLOR"] = nil
        env["GIT_PAGER_IN_USE"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot block.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Whether `program` can be found on PATH.
    static func available(_ program: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(program)"]).status) == 0
    }

    /// A new empty directory, removed by the caller with `remove`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bento-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension URL {
    /// Writes `text` to `path` under this directory, creating folders.
    func write(_ text: String, to path: String) throws {
        let file = appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
