import Foundation

@testable import BentoJSON
@testable import BentoKit

/// The old/new screen pairs under `Fixtures/` (every folder with both files;
/// `Fixtures/invalid` has none).
enum FixturePairs {
    struct Pair {
        let name: String
        let oldPath: String
        let newPath: String
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var all: [Pair] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = directory.appendingPathComponent(name)
            let old = folder.appendingPathComponent("old.json").path
            let new = folder.appendingPathComponent("new.json").path
            guard FileManager.default.fileExists(atPath: old), FileManager.default.fileExists(atPath: new) else {
                return nil
            }
            return Pair(name: name, oldPath: old, newPath: new)
        }
    }
}
