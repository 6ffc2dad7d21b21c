import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("WorkflowCommand: escaped as GitHub's toolkit escapes")
struct WorkflowCommandTests {
    @Test("the message escapes %, CR and LF; properties also : and ,")
    func escaping() {
        let command = WorkflowCommand(
            "notice", [("file", "a,b:c%.json"), ("line", "3"), ("title", "x: y")], message: "50% of\r\nthe: rows, moved")
        #expect(command.line == "::notice file=a%2Cb%3Ac%25.json,line=3,title=x%3A y::50%25 of%0D%0Athe: rows, moved")
    }

    @Test("text without those characters is kept as it is")
    func plain() {
        #expect(WorkflowCommand.escaped("row \"a\" → [0, 1]", property: false) == "row \"a\" → [0, 1]")
        #expect(WorkflowCommand("error", [], message: "m").line == "::error::m")
    }

    @Test("LineIndex counts line feeds before an offset")
    func lines() {
        let index = LineIndex(Array("a\nbc\r\n\nd".utf8))
        #expect([0, 1, 2, 3, 4, 5, 6, 7].map(index.line(ofByte:)) == [1, 1, 2, 2, 2, 2, 3, 4])
    }
}
