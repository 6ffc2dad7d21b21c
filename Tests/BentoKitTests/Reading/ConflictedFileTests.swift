import BentoJSON
import Testing

@testable import BentoKit

@Suite("Conflicted files read as their sides")
struct ConflictedFileReadingTests {
    private func file(_ text: String, markerSize: Int? = nil) throws(ConflictedFile.Problem) -> ConflictedFile {
        try ConflictedFile(Array(text.utf8), markerSize: markerSize)
    }

    @Test("bento-screen(5) CONFLICTS: OURS, BASE and THEIRS from their blocks, with the lines outside, and their labels")
    func sides() throws {
        let text = "a\n<<<<<<< HEAD\nours\n||||||| base\nbase\n=======\ntheirs 1\ntheirs 2\n>>>>>>> topic\nz\n"
        let conflicted = try file(text)
        #expect(String(decoding: conflicted.ours.text, as: UTF8.self) == "a\nours\nz\n")
        #expect(String(decoding: conflicted.base!.text, as: UTF8.self) == "a\nbase\nz\n")
        #expect(String(decoding: conflicted.theirs.text, as: UTF8.self) == "a\ntheirs 1\ntheirs 2\nz\n")
        #expect(conflicted.ours.name == "HEAD" && conflicted.base?.name == "base" && conflicted.theirs.name == "topic")
        // Each side's lines are the file's: THEIRS' second and third lines are its 7th and 8th.
        #expect([1, 2, 3, 4].map(conflicted.theirs.lineInFile) == [1, 7, 8, 10])
        #expect([1, 2, 3].map(conflicted.ours.lineInFile) == [1, 3, 10])
    }

    @Test("markers of any length from 7, or of exactly the size asked; no label reads as the side's role")
    func markerLengths() throws {
        let long = "<<<<<<<<<\nx\n=========\ny\n>>>>>>>>>\n"
        let conflicted = try file(long)
        #expect(conflicted.ours.name == "OURS" && conflicted.theirs.name == "THEIRS" && conflicted.base == nil)
        #expect(throws: ConflictedFile.Problem.noMarkers) { try file(long, markerSize: 7) }
        #expect(throws: ConflictedFile.Problem.noMarkers) { try file("<<<<<< six\nx\n") }
    }

    @Test("a file without markers, and markers out of order, are problems named at their line")
    func problems() {
        #expect(throws: ConflictedFile.Problem.noMarkers) { try file("{\"box\": {}}\n") }
        #expect(throws: ConflictedFile.Problem.misplaced(line: 2, "a conflict marker out of order")) { try file("a\n=======\n") }
        #expect(throws: ConflictedFile.Problem.misplaced(line: 2, "a conflict is not closed (no '>>>>>>>' line)")) {
            try file("<<<<<<< a\nx\n")
        }
    }

    @Test("an error in a side is told at its line in the file, the side named, a duplicate's first place too")
    func diagnostics() throws {
        let conflicted = try file("{\n<<<<<<< HEAD\n\"a\": 1\n=======\n\"b\": 2\n>>>>>>> topic\n}\n")
        let error = Diagnostic(
            file: "x", location: SourceLocation(line: 2, column: 3), path: "box", message: "duplicate id (first at 1:1, box)")
        let mapped = conflicted.theirs.inFile(error, named: "screen.json")
        #expect(mapped.description == "screen.json:5:3: box: duplicate id (first at 1:1, box) (in THEIRS, topic)")
    }
}
