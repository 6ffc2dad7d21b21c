import Foundation

/// Scratch folders for tests that write screens and changesets to disk.
enum TemporaryFolder {
    /// A fresh, empty folder; the caller removes it.
    static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bento-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }
}
