import Foundation
import Testing

@testable import BentoJSON

/// Input files are read whole, as they are; errors say why as GNU tools do.
@Suite("Input files")
struct InputFileTests {
    @Test("a regular file is read whole, byte for byte")
    func regular() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bento-input-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let source = try InputFile.read(path)
        #expect(source.name == path)
        #expect(source.bytes == bytes)
    }

    @Test("a missing file and a directory are errors without a position")
    func errors() {
        for (path, reason) in [("/nonexistent/bento.json", "No such file or directory"), ("/", "Is a directory")] {
            do {
                _ = try InputFile.read(path)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.location == nil)
                #expect(error.description == "\(path): \(reason)")
            }
        }
    }

    @Test("a device reads as a stream: /dev/null is empty")
    func stream() throws {
        #expect(try InputFile.read("/dev/null").bytes.isEmpty)
    }

    @Test("a character device that does not end is refused after 1 MiB; /dev/null is still empty")
    func endlessDevice() {
        #expect(throws: Diagnostic.self) { try InputFile.read("/dev/zero") }
        do {
            _ = try InputFile.read("/dev/zero")
        } catch {
            #expect(error.location == nil && error.message.hasPrefix("a character device that does not end"), "\(error)")
        }
        #expect((try? InputFile.read("/dev/null").bytes.isEmpty) == true)
    }
}
