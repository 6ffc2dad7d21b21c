import Testing

@testable import BentoJSON
@testable import BentoKit

/// File names printed on lines, as git quotes them (`core.quotePath`).
@Suite("Path quoting")
struct PathQuotingTests {
    @Test("control characters and quotes: in double quotes, C escapes")
    func quoted() {
        #expect(PathQuoting.quoted("new\nline.json") == #""new\nline.json""#)
        #expect(PathQuoting.quoted("esc\u{1B}x.json") == #""esc\033x.json""#)
        #expect(PathQuoting.quoted("tab\there\r.json") == #""tab\there\r.json""#)
        #expect(PathQuoting.quoted("say \"hi\".json") == #""say \"hi\".json""#)
        #expect(PathQuoting.quoted("del\u{7F}\\.json") == #""del\177\\.json""#)
    }

    @Test("other names as they are: spaces, non-ASCII, a backslash")
    func plain() {
        for name in ["a b.json", "café/écran.json", #"x\xFF.json"#, "screens/pharmacy.screen.json"] {
            #expect(PathQuoting.quoted(name) == name)
        }
    }
}
