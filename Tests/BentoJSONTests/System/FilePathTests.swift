import Testing

@testable import BentoJSON

/// Paths are bytes, opened as given and shown escaped only where they are
/// not UTF-8.
@Suite("File paths")
struct FilePathTests {
    @Test("a UTF-8 path shows as it is, backslashes and all")
    func utf8() {
        #expect(FilePath("screens/café.json").description == "screens/café.json")
        #expect(FilePath(#"<script>\x.json"#).description == #"<script>\x.json"#)
    }

    @Test("a path that is not UTF-8 shows its bad bytes as \\xHH, and a backslash doubled so that the escapes read one way")
    func notUTF8() {
        let path = FilePath(bytes: Array("bad".utf8) + [0xFF] + Array(#"\x.json"#.utf8) + [0xC0, 0x80])
        #expect(path.description == #"bad\xFF\\x.json\xC0\x80"#)
    }

    @Test("joining, the last component, the parent, the order")
    func parts() {
        #expect(FilePath("a/b").appending("c.json") == "a/b/c.json")
        #expect(FilePath("a/b/c.json").lastComponent == "c.json")
        #expect(FilePath("a/b/c.json").parent == "a/b")
        #expect(FilePath("/c.json").parent == "/")
        #expect(FilePath("c.json").parent == nil)
        #expect(FilePath("a") < FilePath("b") && FilePath("Z") < FilePath("a"))
        #expect(FilePath("-").isStandardStream)
    }
}
