import Foundation

/// GNU `patch`, run on unified reports in a temporary folder. Debian has it
/// at /usr/bin/patch; where it is missing the tests that need it say so and
/// are skipped.
enum GNUPatch {
    /// The path of GNU patch, or nil when there is none.
    static let path: String? = {
        for candidate in ["/usr/bin/patch", "/bin/patch", "/usr/local/bin/patch"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            if let version = try? run(candidate, ["--version"], in: FileManager.default.temporaryDirectory),
                version.output.contains("GNU patch")
            {
                return candidate
            }
        }
        return nil
    }()

    static var isAvailable: Bool { path != nil }

    struct Result {
        /// Each file after patching, by name.
        var files: [String: String]
        /// What patch printed.
        var log: String
        var status: Int32
    }

    /// Writes each `(name, original)` into a fresh folder, applies all the
    /// diffs (whose headers name those files) with one `patch -p0 -F0` run,
    /// and reads the files back. Fuzz 0: every context line must match.
    static func apply(_ files: [(name: String, original: String)], diffs: String) throws -> Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("bento-patch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files {
            try Data(file.original.utf8).write(to: folder.appendingPathComponent(file.name))
        }
        try Data(diffs.utf8).write(to: folder.appendingPathComponent("all.diff"))
        let run = try run(path!, ["-p0", "-F0", "--no-backup-if-mismatch", "-i", "all.diff"], in: folder)
        var out: [String: String] = [:]
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file.name))
            out[file.name] = String(decoding: data, as: UTF8.self)
        }
        return Result(files: out, log: run.output, status: run.status)
    }

    private static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (
        output: String, status: Int32
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
