import Foundation

/// Runs other programs (git, bash, fish, groff…) with the built `bento` first
/// on PATH, as a user's shell would find it.
enum ExternalProgram {
    /// Runs `program ARGUMENTS` (looked up on PATH) with the environment plus
    /// `environment`.
    static func run(
        _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> BentoProcess.Outcome {
        let base: [String: String?] = [
            "PATH": BentoRun.pathWithBento(first: BentoProcess.executable), "NO_COLOR": nil, "GIT_PAGER_IN_USE": nil,
        ]
        return BentoProcess.Outcome(
            try BentoRun.launch(
                "/usr/bin/env", [program] + arguments, environment: base.merging(environment) { $1 },
                directory: directory?.path))
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
