import Foundation

/// A fresh temporary directory for one test's files, removed when the test
/// lets go of it.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bento-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Give back permissions a test took away, so that removal works.
        _ = unsafe chmod(url.path, 0o755)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) {
            for name in names { _ = unsafe chmod(url.appendingPathComponent(name).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` in the directory (the file need not exist).
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `text` (UTF-8) to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// A directory holding `files`, each path (folders made as needed) with
    /// its text: the trees of the directory-mode tests.
    static func holding(_ files: KeyValuePairs<String, String>) throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        for (path, text) in files { try scratch.write(text, to: path) }
        return scratch
    }

    /// Writes `text` (UTF-8) to `url`, for tests that name files by URL.
    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }
}
