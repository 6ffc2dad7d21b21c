import BentoJSON

/// Lines of a report for people, written straight as bytes: the report's
/// own words as they are, every text from the files (ids, types, paths,
/// values) with its invisible characters escaped (`OneLine`; escaping is
/// per character, so a text escaped alone reads as it would in its line),
/// colours as the palette writes them. No string is made per line.
struct ReportLines {
    private(set) var bytes: [UInt8] = []
    /// Each colour's codes, by `Palette.Colour`'s raw value.
    private let codes: [(open: [UInt8], close: [UInt8])]

    init(palette: Palette) {
        codes = Palette.Colour.allCases.map { palette.codes($0) }
    }

    /// The report's own words.
    mutating func words(_ literal: StaticString) { bytes.append(literal) }

    /// Text from the files, or made of it: invisible characters escaped.
    mutating func text(_ text: String) {
        let escaped = OneLine.escapingInvisible(text)
        escaped.withUTF8Span { bytes.append($0) }
    }

    /// A number in decimal.
    mutating func number(_ n: Int) { text(String(n)) }

    /// `[2, 0]`: a position as it describes itself.
    mutating func position(section: Int, row: Int?) {
        words("[")
        number(section)
        if let row {
            words(", ")
            number(row)
        }
        words("]")
    }

    /// What `body` writes, in `colour`.
    mutating func painted(_ colour: Palette.Colour, _ body: (inout ReportLines) -> Void) {
        let (open, close) = codes[colour.rawValue]
        bytes += open
        body(&self)
        bytes += close
    }

    /// A whole line, made as a string.
    mutating func line(_ text: String) {
        self.text(text)
        endLine()
    }

    mutating func endLine() { bytes.append(UInt8(ascii: "\n")) }
}
