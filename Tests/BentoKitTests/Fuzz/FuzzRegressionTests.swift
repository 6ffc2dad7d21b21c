import Testing

@testable import BentoJSON
@testable import BentoKit

/// Inputs the fuzzer (Tests/Fuzz) found, each kept as a test with the
/// invariant it broke.
@Suite("Fuzzer findings")
struct FuzzRegressionTests {
    /// Finding 1 (crash-02362946…): a member name holding an escaped line
    /// break (`"r\nows"`) in a section. The diagnostic named the member in
    /// its path raw, so the error took two lines of standard error.
    @Test(
        "an error is one line whatever the names hold",
        arguments: [
            #"{"box": {"sections": [{"id": "actions", "r\nows": []}]}}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "comp\r\nonent": {"type": "T"}}]}]}}"#,
            #"{"box": {"sections": [], "\u2028": 1}}"#,
            #"{"box": {"sections": [{"id": "a", "\u0085": []}]}}"#,
            #"{"box": {"sections": []}, "t\n": 1, "t\n": 2}"#,
            #"{"box": {"sections": [{"id": "a", "rows": [{"id": "r", "component": {"type": "T", "x\ty": [1, "#
                + String(repeating: "[", count: 510) + "]]}}]}]}}",
        ])
    func oneLine(_ text: String) {
        do {
            _ = try ScreenReader.read(SourceText(name: "fuzz.json", bytes: Array(text.utf8)))
            Issue.record("accepted an invalid screen: \(text)")
        } catch {
            let line = error.description
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
            #expect(!line.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }, "\(line)")
            #expect(error.location != nil, "\(line)")
        }
    }

    @Test("the finding's path writes the odd name in brackets")
    func pathOfOddName() throws {
        let text = #"{"box": {"sections": [{"id": "actions", "r\nows": []}]}}"#
        #expect(throws: Diagnostic.self) { try ScreenReader.read(SourceText(name: "f.json", bytes: Array(text.utf8))) }
        do {
            _ = try ScreenReader.read(SourceText(name: "f.json", bytes: Array(text.utf8)))
        } catch {
            #expect(
                error.description
                    == #"f.json:1:41: box.sections[0]["r\nows"]: unknown member "r\nows" in section; did you mean "rows"?"#)
        }
    }

    /// A finding of the merge: THEIRS renamed the only section of a box
    /// that OURS kept as it was. Seen with the same rows as OURS' section,
    /// THEIRS' section was written as OURS' (the old id), because a section
    /// counted as unchanged by its header, footer and rows alone.
    @Test("a merge writes a renamed section with its new id")
    func renamedSection() throws {
        let base = #"{"box": {"sections": [{"id": "cta", "rows": [{"id": "buy", "component": {"type": "T"}}]}]}}"#
        let theirs = #"{"box": {"sections": [{"id": "ct~", "rows": [{"id": "buy", "component": {"type": "T"}}]}]}}"#
        let read = { (text: String) in try ScreenText(SourceText(name: "f.json", bytes: Array(text.utf8))) }
        let (oursText, theirsText) = (try read(base), try read(theirs))
        let merged = ThreeWayMerge.merge(base: oursText.screen, ours: oursText.screen, theirs: theirsText.screen)
        #expect(merged.isClean)
        let text = String(decoding: Array(ScreenEditor.text(of: merged, editing: oursText, taking: theirsText).joined()), as: UTF8.self)
        #expect(text == theirs)
    }
}
