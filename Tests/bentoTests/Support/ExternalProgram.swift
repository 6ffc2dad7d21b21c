import Foundation

/// Runs other programs (git, bash, fish, groff…) with the built `bento` first
/// on PATH, as a user's shell would find it.
enum ExternalProgram {
    /// Runs `program ARGUMENTS` (looked up on PATH) with the environment plus
    /// `environment`.
    static func run(
        _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> BentoProcess.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = BentoProcess.executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
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
        return BentoProcess.Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Whether `program` can be found on PATH.
    static func available(_ program: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(program)"]).status) == 0
    }
}

extension ScratchDirectory {
    /// Writes `text` to `path` under the directory, creating folders.
    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
