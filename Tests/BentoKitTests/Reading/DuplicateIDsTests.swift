import Testing

@testable import BentoJSON
@testable import BentoKit

/// bento-screen(5), DOCUMENT: a section id twice in one box, or a row id twice in
/// one section, is an error with both positions, and every one is reported.
@Suite("Duplicate ids")
struct DuplicateIDsTests {
    private func all(_ text: String) throws -> [String] {
        DuplicateIDs.all(in: try JSONReader.parse(Array(text.utf8))).map { "\($0.location!) \($0.message)" }
    }

    @Test("every duplicate: sections per box, rows per section, in document order; equal ids are equal by canonical JSON")
    func every() throws {
        let text = #"{"box": {"sections": [{"id": "a", "rows": [{"id": {"p": 1, "q": 2}}, {"id": {"q": 2, "p": 1}}]}, {"id": "a"}]}, "pinnedToBottomBox": {"sections": [{"id": 1}, {"id": "1"}, {"id": 1}]}}"#
        #expect(
            try all(text) == [
                #"1:77 duplicate row id {"p":1,"q":2} (first at 1:51, box.sections[0].rows[0].id)"#,
                #"1:105 duplicate section id "a" (first at 1:30, box.sections[0].id)"#,
                "1:179 duplicate section id 1 (first at 1:155, pinnedToBottomBox.sections[0].id)",
            ])
    }

    @Test("a Box-form document, and one without duplicates")
    func boxForm() throws {
        #expect(try all(#"{"sections": [{"id": "s", "rows": [{"id": "r"}, {"id": "r"}]}]}"#).count == 1)
        #expect(try all(#"{"sections": [{"id": "s", "rows": [{"id": "r"}, {"id": "t"}]}]}"#).isEmpty)
    }
}
