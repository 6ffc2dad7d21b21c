import Foundation
import Testing

/// `bento validate` end to end.
@Suite("bento validate, end to end")
struct ValidateCommandTests {
    static let validFiles = ["pharmacy", "appointment", "prescriptions", "greetings", "pinned", "boxform", "identical", "unicode", "crosssection"]
        .flatMap { [BentoProcess.fixture("\($0)/old.json"), BentoProcess.fixture("\($0)/new.json")] }

    @Test("every valid fixture: exit 0, nothing printed")
    func valid() throws {
        let r = try BentoProcess.run(["validate"] + Self.validFiles)
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    }

    @Test("every invalid fixture: exit 1, one error line each, with file, line and column")
    func invalid() throws {
        let folder = BentoProcess.packageRoot.appendingPathComponent("Fixtures/invalid")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0).path }
        #expect(files.count >= 10)
        let r = try BentoProcess.run(["validate"] + files + [Self.validFiles[0]])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderrLines.count == files.count)
        for (line, file) in zip(r.stderrLines, files) {
            #expect(line.hasPrefix("bento: \(file):"), "\(line)")
            #expect(line.range(of: #"^bento: [^:]+:\d+:\d+: \S"#, options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test("no file: a usage error, exit 2")
    func usage() throws {
        let r = try BentoProcess.run(["validate"])
        #expect(r.status == 2)
    }
}
