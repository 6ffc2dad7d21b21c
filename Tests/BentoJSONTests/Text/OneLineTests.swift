import Testing

@testable import BentoJSON

/// Every message is one line, whatever a name or value holds.
@Suite("One line")
struct OneLineTests {
    @Test("line breaks and other controls are escaped; the rest is kept")
    func escapes() {
        #expect(OneLine.escaping("a\nb\tc\r") == #"a\nb\tc\r"#)
        #expect(OneLine.escaping("x\u{1}\u{7F}\u{85}\u{2028}\u{2029}") == #"x\u0001\u007f\u0085\u2028\u2029"#)
        #expect(OneLine.escaping("café 😀 \"q\"") == "café 😀 \"q\"")
    }
}
