import Foundation
import Testing

/// `bento diff --format uikit` and the identity hints, through the binary.
@Suite("--format uikit and identity hints")
struct UIKitFormatTests {
    @Test("the plan of a pair: a document of batches per box, exit 1; identical screens: no batches, exit 0")
    func plan() throws {
        let run = try BentoProcess.run(["diff", "-f", "uikit", BentoProcess.fixture("pharmacy/old.json"), BentoProcess.fixture("pharmacy/new.json")])
        #expect(run.status == 1, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1 && document["identical"] as? Bool == false)
        let boxes = try #require(document["boxes"] as? [String: [String: [[String: Any]]]])
        let batches = try #require(boxes["box"]?["batches"])
        // A header that changes in a section whose rows move: the reload waits for a batch of its own.
        #expect(batches.count == 2)
        #expect(batches.allSatisfy { Set($0.keys) == ["deleteSections", "insertSections", "moveSections", "reloadSections", "deleteRows", "insertRows", "moveRows", "reloadRows", "sections"] })
        #expect(batches[1]["reloadSections"] as? [Int] == [1])
        #expect(boxes["pinnedToBottomBox"]?["batches"]?.isEmpty == true)
        let same = try BentoProcess.run(["diff", "-f", "uikit", BentoProcess.fixture("pharmacy/old.json"), BentoProcess.fixture("pharmacy/old.json")])
        #expect(same.status == 0 && same.stdout.contains("\"box\": {\"batches\": []}"))
    }

    @Test("directory mode: one document, a plan per changed path")
    func directories() throws {
        let dir = try ScratchDirectory.holding([
            "old/pick.json": SampleScreens.old, "new/pick.json": SampleScreens.new,
            "old/same.json": SampleScreens.old, "new/same.json": SampleScreens.old,
        ])
        let run = try BentoProcess.run(["diff", "-f", "uikit", dir.path("old"), dir.path("new")])
        #expect(run.status == 1, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["pick.json", "same.json"])
        #expect(files[0]["plan"] != nil && files[1]["plan"] == nil)
    }

    @Test("a row deleted and another inserted at its place with the same content: a hint, in text and html; --no-hints hides it")
    func hints() throws {
        let dir = try ScratchDirectory()
        let old = try dir.write("old.json", #"{"box": {"sections": [{"id": "s", "rows": [{"id": "x", "component": {"type": "T", "props": {"title": "A"}}}]}]}}"#)
        let new = try dir.write("new.json", #"{"box": {"sections": [{"id": "s", "rows": [{"id": "y", "component": {"type": "T", "props": {"title": "A"}}}]}]}}"#)
        let hint = #"hint: row "x" deleted and "y" inserted with the same content at [0, 0]: an id that changed?"#
        let text = try BentoProcess.run(["diff", old, new])
        #expect(text.status == 1 && text.stdout.hasSuffix(hint + "\n"))
        let quiet = try BentoProcess.run(["diff", "--no-hints", old, new])
        #expect(quiet.status == 1 && !quiet.stdout.contains("hint:"))
        let html = try BentoProcess.run(["diff", "-f", "html", old, new])
        #expect(html.stdout.contains(#"<li>hint: row "x" deleted and "y" inserted"#))
        #expect(!(try BentoProcess.run(["diff", "-f", "html", "--no-hints", old, new]).stdout.contains("hint:")))
        // The changeset and the exit status do not change.
        let json = try BentoProcess.run(["diff", "-f", "json", old, new])
        #expect(json.status == 1 && !json.stdout.contains("hint"))
        // A different content is no hint.
        let other = try dir.write("other.json", #"{"box": {"sections": [{"id": "s", "rows": [{"id": "y", "component": {"type": "T", "props": {"title": "B"}}}]}]}}"#)
        #expect(!(try BentoProcess.run(["diff", old, other]).stdout.contains("hint:")))
    }
}
