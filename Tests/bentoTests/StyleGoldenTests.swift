import Foundation
import Testing

/// Golden files under `Fixtures/styles/`, one folder per style (two spaces,
/// four with `\u` escapes, tabs, JSONEncoder's `" : "`, CRLF, no final
/// newline, one line, a byte-order mark): `apply` and `merge` write each
/// file byte for byte as that style writes it (bento-changeset(5), WRITING).
@Suite("Writes that keep the person's file")
struct StyleGoldenTests {
    static let styles = [
        "two-spaces", "four-spaces", "tabs", "encoder", "crlf", "no-final-newline", "one-line", "bom",
    ]

    private func file(_ style: String, _ name: String) -> String { BentoProcess.fixture("styles/\(style)/\(name)") }

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("apply OLD CHANGESET is NEW byte for byte: what did not change keeps its bytes, new content is in the style", arguments: styles)
    func apply(style: String) throws {
        let run = try BentoProcess.run(["apply", file(style, "old.json"), file(style, "changeset.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array(run.stdout.utf8) == (try bytes(file(style, "new.json"))))
    }

    @Test("a clean merge edits OURS and copies THEIRS' additions, as merged.json has it", arguments: styles)
    func merge(style: String) throws {
        let run = try BentoProcess.run(["merge", file(style, "ours.json"), file(style, "base.json"), file(style, "theirs.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array(run.stdout.utf8) == (try bytes(file(style, "merged.json"))))
    }

    @Test("merge OURS BASE BASE is OURS, merge BASE BASE THEIRS is THEIRS, byte for byte", arguments: styles)
    func identities(style: String) throws {
        let (ours, base, theirs) = (file(style, "ours.json"), file(style, "base.json"), file(style, "theirs.json"))
        let (oursBytes, theirsBytes) = (try bytes(ours), try bytes(theirs))
        let keepOurs = try BentoProcess.run(["merge", ours, base, base])
        #expect(keepOurs.status == 0 && Array(keepOurs.stdout.utf8) == oursBytes)
        let takeTheirs = try BentoProcess.run(["merge", base, base, theirs])
        #expect(takeTheirs.status == 0 && Array(takeTheirs.stdout.utf8) == theirsBytes)
    }

    @Test("--reformat writes the canonical layout: two spaces, no '$' members")
    func reformat() throws {
        let run = try BentoProcess.run(["apply", "--reformat", file("tabs", "old.json"), file("tabs", "changeset.json")])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("{\n  \"box\": {\n    \"sections\": [\n"), "\(run.stdout.prefix(80))")
        #expect(!run.stdout.contains("$schema") && !run.stdout.contains("\t"))
    }
}
