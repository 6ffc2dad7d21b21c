import BentoJSON

/// Puts any text into GitHub's Markdown so that it shows as written.
///
/// GitHub renders Markdown with cmark-gfm, raw HTML allowed, and then links
/// `@mentions` and `#123` references outside code. So every value, id and
/// path goes into a code span: there HTML is text, `*_~` and backticks
/// format nothing, a leading `#`, `>` or `-` starts no block, and nothing is
/// mentioned or linked. Line breaks and invisible characters are written as
/// escapes first (`OneLine`), so that a value cannot end a line or a table row.
enum MarkdownText {
    /// `text` as an inline code span, whatever backticks it holds: the fence
    /// is one backtick longer than its longest run, and a space pads it
    /// where it starts or ends with a backtick or a space (the parser takes
    /// one away on each side). In a table cell, `|` is written `\|`, which
    /// the table keeps as text even inside code.
    /// - Complexity: O(n) in the length of `text`.
    static func code(_ text: String, inTable: Bool = false) -> String {
        var body = OneLine.escaping(text)
        var longest = 0, run = 0
        for scalar in body.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        if let first = body.unicodeScalars.first, let last = body.unicodeScalars.last,
            first == "`" || last == "`" || ((first == " " || last == " ") && body.unicodeScalars.contains { $0 != " " })
        {
            body = " " + body + " "
        }
        if body.isEmpty { body = " " }
        if inTable { body = body.replacingAll("|", with: "\\|") }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + body + fence
    }

    /// `text` as `<code>…</code>` for a raw HTML line (a `<summary>`), where
    /// Markdown is not read: escaped as HTML text.
    /// - Complexity: O(n) in the length of `text`.
    static func htmlCode(_ text: String) -> String {
        "<code>" + HTMLEscaping.text(OneLine.escaping(text)) + "</code>"
    }

    /// Text of bento's own with square brackets (`[1, 2]`), which cannot
    /// then start a link.
    static func brackets(_ text: String) -> String {
        text.replacingAll("[", with: "\\[").replacingAll("]", with: "\\]")
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`, scalar by
    /// scalar (a combining mark after `|` must not hide it).
    fileprivate func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(target) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
