import Foundation
import Synchronization
import Testing

@testable import BentoJSON
@testable import BentoKit

/// Each command's whole run as one library call (`Bento.apply`,
/// `Bento.merge`, `Bento.diff`), as a front end other than the command line
/// makes it: to outputs that collect what is written, checked against the
/// golden files the command line is held to.
@Suite("Commands as library calls")
struct BentoCommandTests {
    /// What a command wrote: its text and its messages, in order.
    final class Collected: TextOutput, ReportOutput, Sendable {
        private let state = Mutex<(text: [UInt8], messages: [String])>(([], []))
        let isFile: Bool
        init(isFile: Bool = false) { self.isFile = isFile }

        var text: [UInt8] { state.withLock { $0.text } }
        var messages: [String] { state.withLock { $0.messages } }

        func write(streaming produce: (_ consume: sending @escaping ([UInt8]) -> Void) -> Void) throws {
            produce { piece in self.state.withLock { $0.text += piece } }
        }
        func write(pieces: [[UInt8]]) throws { state.withLock { for piece in pieces { $0.text += piece } } }
        func write(_ text: String) { state.withLock { $0.text += Array(text.utf8) } }
        func write(_ bytes: [UInt8]) { state.withLock { $0.text += bytes } }
        func stream(_ bytes: [UInt8]) { write(bytes) }
        func stream(pieces: [[UInt8]]) { try? write(pieces: pieces) }
        func stream(pieces: [ByteStorage]) { write(pieces.flatMap { $0.withSpan { $0.array } }) }
        func errors(_ messages: [String]) { state.withLock { $0.messages += messages } }
    }

    static func fixture(_ path: String) -> FilePath { FilePath(FixturePairs.directory.appendingPathComponent(path).path) }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: FixturePairs.directory.appendingPathComponent(path)))
    }

    @Test("diff of two files writes each fixture's golden report and says whether they differ")
    func diff() throws {
        for (folder, format, golden) in [("greetings", OutputFormat.json, "expected.json"), ("greetings", .markdown, "expected.md")] {
            let output = Collected()
            let old = ScreenComparison.Side(Self.fixture("\(folder)/old.json"), name: "Fixtures/\(folder)/old.json")
            let new = ScreenComparison.Side(Self.fixture("\(folder)/new.json"), name: "Fixtures/\(folder)/new.json")
            let (status, _) = try Bento.diff(old, new, options: ReportOptions(format: format), quiet: false, to: output)
            #expect(status == 1)
            #expect(output.messages.isEmpty)
            #expect(String(decoding: output.text, as: UTF8.self) == String(decoding: try Self.bytes("\(folder)/\(golden)"), as: UTF8.self))
        }
        let same = ScreenComparison.Side(Self.fixture("greetings/old.json"))
        let quiet = Collected()
        #expect(try Bento.diff(same, same, options: ReportOptions(), quiet: true, to: quiet).status == 0)
        #expect(quiet.text.isEmpty)
    }

    @Test("a side that is no screen: exit 2, every error a message naming the file, no report")
    func invalidSide() throws {
        let output = Collected()
        let (status, _) = try Bento.diff(
            ScreenComparison.Side(Self.fixture("invalid/duplicate-row-id.json")), ScreenComparison.Side(Self.fixture("greetings/new.json")),
            options: ReportOptions(), quiet: false, to: output)
        #expect(status == 2)
        #expect(output.text.isEmpty)
        #expect(!output.messages.isEmpty && output.messages.allSatisfy { $0.contains("duplicate-row-id.json:") })
    }

    @Test("apply of a fixture's changeset writes NEW's screen, by editing OLD's text or in the canonical layout")
    func apply() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bento-apply-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let changeset = directory.appendingPathComponent("change.json")
        try Data(try Self.bytes("greetings/expected.json")).write(to: changeset)
        let expected = try ScreenReader.read(path: Self.fixture("greetings/new.json"))
        for reformat in [false, true] {
            for isFile in [false, true] {
                let output = Collected(isFile: isFile)
                _ = try Bento.apply(
                    old: Self.fixture("greetings/old.json"), changeset: FilePath(changeset.path), reformat: reformat, to: output,
                    warning: { Issue.record("unexpected warning: \($0)") })
                #expect(try ScreenReader.read(SourceText(name: "applied", bytes: output.text)) == expected)
                if reformat { #expect(output.text == ScreenRenderer.pieces(expected).flatMap { $0 }) }
            }
        }
        // Applied to its own result, the changeset is refused: nothing written.
        let again = Collected()
        #expect(throws: Diagnostic.self) {
            _ = try Bento.apply(
                old: Self.fixture("greetings/new.json"), changeset: FilePath(changeset.path), reformat: false, to: again,
                warning: { _ in })
        }
        #expect(again.text.isEmpty)
    }

    @Test("merge of each golden case writes merged.json, names its conflicts, exits 1 when some are left")
    func merge() throws {
        let cases = try FileManager.default.contentsOfDirectory(atPath: FixturePairs.directory.appendingPathComponent("merge").path)
        #expect(cases.count > 5)
        for name in cases.sorted() {
            let paths = ["ours", "base", "theirs"].map { Self.fixture("merge/\(name)/\($0).json") }
            let output = Collected()
            let (status, _) = try Bento.merge(paths, names: { $0 }, options: MergeOptions(), to: output, messages: output.errors)
            #expect(output.text == (try Self.bytes("merge/\(name)/merged.json")), "\(name)")
            let conflicts = String(decoding: try Self.bytes("merge/\(name)/conflicts.txt"), as: UTF8.self)
            #expect(output.messages.map { "\($0)\n" }.joined() == conflicts, "\(name)")
            #expect(status == (name.hasPrefix("conflict") ? 1 : 0), "\(name)")
        }
    }

    @Test("merge with an invalid side names it and merges line by line: exit 1, nothing of either side lost")
    func lineMerge() throws {
        let paths = [Self.fixture("invalid/duplicate-row-id.json"), Self.fixture("greetings/old.json"), Self.fixture("greetings/new.json")]
        let output = Collected()
        let (status, _) = try Bento.merge(paths, names: { $0 }, options: MergeOptions(), to: output, messages: output.errors)
        #expect(status == 1)
        #expect(output.messages.first?.hasPrefix("OURS is not a valid screen: ") == true)
        #expect(output.messages.last?.hasPrefix("merged line by line") == true)
        #expect(String(decoding: output.text, as: UTF8.self).contains("<<<<<<< OURS"))
    }
}
