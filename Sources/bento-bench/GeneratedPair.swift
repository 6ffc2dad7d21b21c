import BenchmarkScreens

import BentoJSON

/// Two generated screens written to files, for bento and `diff -u` to read.
struct GeneratedPair {
    let name: String
    let rows: Int
    let oldPath: String
    let newPath: String
    let oldSize: Int
    let newSize: Int
    /// Row deletes and inserts the changeset must report.
    let expectedDeletes: Int
    let expectedInserts: Int

    var totalSize: Int { oldSize + newSize }

    init(name: String, screens: TypicalScreens, in directory: String) {
        let oldIDs = Set(screens.old.joined().map(\.number))
        let newIDs = Set(screens.new.joined().map(\.number))
        self.init(
            name: name, old: screens.oldText(), new: screens.newText(), rows: screens.rowCount, in: directory,
            expectedDeletes: oldIDs.subtracting(newIDs).count, expectedInserts: newIDs.subtracting(oldIDs).count)
    }

    init(
        name: String, old: [UInt8], new: [UInt8], rows: Int, in directory: String, expectedDeletes: Int = 0,
        expectedInserts: Int = 0
    ) {
        self.name = name
        self.rows = rows
        let dir = directory + "/" + name
        Self.makeDirectory(dir)
        oldPath = dir + "/old.json"
        newPath = dir + "/new.json"
        oldSize = Self.write(old, to: oldPath)
        newSize = Self.write(new, to: newPath)
        self.expectedDeletes = expectedDeletes
        self.expectedInserts = expectedInserts
    }

    static func makeDirectory(_ path: String) {
        var partial = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            partial += (partial.isEmpty && component.isEmpty ? "" : "/") + component
            if !partial.isEmpty { Platform.makeDirectory(FilePath(partial)) }
        }
    }

    /// Writes `bytes` to `path` and waits until they are on the disk: the
    /// kernel writing back a new file of tens of megabytes would otherwise
    /// run during the first timed runs, which read it.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) -> Int {
        do {
            // Flushed to the disk before it is renamed into place.
            try OutputFile.write(bytes, to: FilePath(path))
        } catch {
            BenchOptions.fail("cannot write \(path): \(error.message)")
        }
        return bytes.count
    }
}
