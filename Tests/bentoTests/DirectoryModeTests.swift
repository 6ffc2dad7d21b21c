import Foundation
import Testing

/// `bento diff OLD_DIR NEW_DIR` and the other new ways in: `/dev/null`,
/// a directory and a file, `--ignore` on the command line, `bento schema`.
@Suite("diff: directories, /dev/null, --ignore, schema")
struct DirectoryModeTests {
    /// old/ and new/ with a changed, an unchanged, an added and a removed screen.
    static func trees() throws -> ScratchDirectory {
        let root = try ScratchDirectory()
        try root.write(SampleScreens.old, to: "old/pick.json")
        try root.write(SampleScreens.new, to: "new/pick.json")
        try root.write(SampleScreens.old, to: "old/sub/same.json")
        try root.write(SampleScreens.old, to: "new/sub/same.json")
        try root.write(SampleScreens.old, to: "old/sub/gone.json")
        try root.write(SampleScreens.new, to: "new/added.json")
        try root.write("not a screen", to: "new/notes.txt")
        return root
    }

    @Test("text: a report per changed screen, Only in lines, a summary; exit 1")
    func text() throws {
        let root = try Self.trees()
        let result = try BentoProcess.run(["diff", "old", "new"], currentDirectory: root.url)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Only in new: added.json")
        #expect(lines[1] == "")
        #expect(lines[2] == "old/pick.json → new/pick.json")
        #expect(result.stdout.contains("\n\nOnly in old/sub: gone.json\n\n3 of 4 screens differ: 1 changed, 1 added, 1 removed\n"))
    }

    @Test("json: one document, an entry per path")
    func json() throws {
        let root = try Self.trees()
        let result = try BentoProcess.run(["diff", "-f", "json", "old/", "new/"], currentDirectory: root.url)
        #expect(result.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(doc["old"] as? String == "old/")
        #expect(doc["identical"] as? Bool == false)
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["added.json", "pick.json", "sub/gone.json", "sub/same.json"])
        #expect(files.map { $0["status"] as? String } == ["added", "changed", "removed", "unchanged"])
        let changeset = try #require(files[1]["changeset"] as? [String: Any])
        #expect(changeset["old"] as? String == "old/pick.json")
        #expect(changeset["version"] as? Int == 1)
    }

    @Test("unified: one diff per changed screen, as diff -ru writes them; GNU patch applies each")
    func unified() throws {
        let root = try Self.trees()
        let result = try BentoProcess.run(["diff", "-u", "old", "new"], currentDirectory: root.url)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Only in new: added.json")
        #expect(lines[1] == "diff -ru old/pick.json new/pick.json")
        #expect(lines[2] == "--- old/pick.json")
        #expect(lines[3] == "+++ new/pick.json")
        #expect(lines.last == "Only in old/sub: gone.json")
        // The same hunks as for the pair alone.
        let pair = try BentoProcess.run(["diff", "-u", "old/pick.json", "new/pick.json"], currentDirectory: root.url)
        #expect(result.stdout.contains(pair.stdout))
        #expect(!pair.stdout.isEmpty)
    }

    @Test("html: one page with an index of every file; patch is refused for directories")
    func htmlAndPatch() throws {
        let root = try Self.trees()
        let page = try BentoProcess.run(["diff", "-f", "html", "old", "new"], currentDirectory: root.url)
        #expect(page.status == 1)
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>"))
        for path in ["added.json", "pick.json", "sub/gone.json", "sub/same.json"] {
            #expect(page.stdout.contains("<code>\(path)</code>"), "\(path)")
        }
        let patch = try BentoProcess.run(["diff", "-f", "patch", "old", "new"], currentDirectory: root.url)
        #expect(patch.status == 2)
        #expect(patch.stdout.isEmpty)
        #expect(patch.stderr.hasPrefix("bento: --format patch compares two files, not directories\n"))
    }

    @Test("--ignore with the unified format leaves the fields out of the outlines; with patch it is refused")
    func ignoreWithOtherFormats() throws {
        let root = try Self.trees()
        try root.write(SampleScreens.retagged, to: "retagged.json")
        let plain = try BentoProcess.run(["diff", "-u", "old/pick.json", "retagged.json"], currentDirectory: root.url)
        #expect(plain.stdout.contains("analyticsId"))
        let ignored = try BentoProcess.run(
            ["diff", "-u", "--ignore", "/component/props/analyticsId", "old/pick.json", "retagged.json"],
            currentDirectory: root.url)
        #expect(ignored.status == 0)
        #expect(ignored.stdout.isEmpty)
        let changed = try BentoProcess.run(
            ["diff", "-u", "--ignore", "/component/props/analyticsId", "old/pick.json", "new/pick.json"],
            currentDirectory: root.url)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("LloydsPharmacy"))
        #expect(!changed.stdout.contains("analyticsId"))
        let patch = try BentoProcess.run(
            ["diff", "-f", "patch", "--ignore", "/title", "old/pick.json", "new/pick.json"], currentDirectory: root.url)
        #expect(patch.status == 2)
        #expect(patch.stderr.hasPrefix("bento: --ignore cannot be used with --format patch"))
    }

    @Test("an invalid file is reported, the rest still diffed, exit 2 at the end")
    func invalidFile() throws {
        let root = try Self.trees()
        try root.write(SampleScreens.invalid, to: "new/sub/same.json")
        let result = try BentoProcess.run(["diff", "old", "new"], currentDirectory: root.url)
        #expect(result.status == 2)
        #expect(result.stderr == "bento: new/sub/same.json:1:43: box.sections[0].rows: expected an array, found an object\n")
        #expect(result.stdout.contains("old/pick.json → new/pick.json"))
        #expect(result.stdout.hasSuffix("3 of 4 screens differ: 1 changed, 1 added, 1 removed; 1 screen could not be read\n"))
        let quiet = try BentoProcess.run(["diff", "-q", "old", "new"], currentDirectory: root.url)
        #expect(quiet.status == 2)
        #expect(quiet.stdout.isEmpty)
    }

    @Test("equal trees: no output, exit 0")
    func equalTrees() throws {
        let root = try ScratchDirectory()
        try root.write(SampleScreens.old, to: "a/x.json")
        try root.write(SampleScreens.old, to: "b/x.json")
        let result = try BentoProcess.run(["diff", "a", "b"], currentDirectory: root.url)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(try BentoProcess.run(["diff", "-q", "a", "b"], currentDirectory: root.url).status == 0)
    }

    @Test("a directory and a file (or standard input): Is a directory, exit 2")
    func directoryAndFile() throws {
        let root = try Self.trees()
        for operands in [["old", "new/pick.json"], ["old/pick.json", "new"]] {
            let result = try BentoProcess.run(["diff"] + operands, currentDirectory: root.url)
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines == ["bento: \(operands.first { !$0.hasSuffix(".json") }!): Is a directory"])
        }
        let stdin = try BentoProcess.run(["diff", "-", "new"], stdin: Array(SampleScreens.old.utf8), currentDirectory: root.url)
        #expect(stdin.status == 2)
        #expect(stdin.stderrLines == ["bento: new: Is a directory"])
    }

    @Test("/dev/null is an empty screen: an added screen is all inserts")
    func devNull() throws {
        let root = try Self.trees()
        let added = try BentoProcess.run(["diff", "/dev/null", "new/pick.json"], currentDirectory: root.url)
        #expect(added.status == 1)
        #expect(added.stdout.contains(#"+ section "pharmacies" at [0], 4 rows"#))
        let removed = try BentoProcess.run(["diff", "-f", "json", "old/pick.json", "/dev/null"], currentDirectory: root.url)
        #expect(removed.stdout.contains(#""op": "delete""#))
        #expect(try BentoProcess.run(["diff", "/dev/null", "/dev/null"]).status == 0)
    }

    @Test("--ignore: fields left out, summary records them; a bad pointer is bad usage")
    func ignore() throws {
        let root = try Self.trees()
        try root.write(SampleScreens.retagged, to: "retagged.json")
        #expect(try BentoProcess.run(["diff", "-q", "old/pick.json", "retagged.json"], currentDirectory: root.url).status == 1)
        let ignored = try BentoProcess.run(
            ["diff", "--ignore", "/component/props/analyticsId", "old/pick.json", "retagged.json"], currentDirectory: root.url)
        #expect(ignored.status == 0)
        #expect(ignored.stdout.isEmpty)
        let json = try BentoProcess.run(
            ["diff", "-f", "json", "--ignore=/component/*/analyticsId", "--ignore", "/title", "old/pick.json", "new/pick.json"],
            currentDirectory: root.url)
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""ignored": ["#))
        #expect(json.stdout.contains(#""/component/*/analyticsId","#))
        let plain = try BentoProcess.run(["diff", "-f", "json", "old/pick.json", "new/pick.json"], currentDirectory: root.url)
        #expect(!plain.stdout.contains("ignored"))

        let bad = try BentoProcess.run(["diff", "--ignore", "component/props", "old/pick.json", "new/pick.json"], currentDirectory: root.url)
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.hasPrefix("bento: invalid --ignore pointer 'component/props': a JSON Pointer starts with '/'"))
        // Directory mode takes the rules too.
        let tree = try BentoProcess.run(["diff", "-f", "json", "--ignore", "/title", "old", "new"], currentDirectory: root.url)
        #expect(tree.stdout.contains(#""ignored": ["#))
    }

    @Test("bento schema prints a JSON Schema document")
    func schema() throws {
        let result = try BentoProcess.run(["schema"])
        #expect(result.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(doc["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(try BentoProcess.run(["schema", "extra"]).status == 2)
    }
}
