import BentoJSON

/// `bento show`: a screen as a canonical outline, one line per part.
///
///     screen {"shouldUseSystemSeparators":false,"title":"Get your medicine"}
///     box
///       section "collection"
///         header "collection" SectionHeader {"props":{"title":"Collect in person"}}
///         row "boots" IconTitleDetails {"props":{"title":"Boots"},"style":{"accessory":"disclosure"}}
///         footer "collection" Description {"props":{"text":"Open daily"}}
///     pinnedToBottomBox
///
/// A line for the screen's attributes, a line opening each box (both boxes
/// always: a missing box is an empty one), then per section its line, its
/// header, its rows and its footer, in the order a user sees them. Section,
/// header, footer and row lines carry the id (the section's for a header or
/// footer) as canonical JSON; header, footer and row lines then carry the
/// component's `type` (bare when it is a plain name, else a JSON string) and
/// the component's other members as canonical JSON (members sorted, no white
/// space, one text per number).
///
/// So the outline is a function of the screen as bento-screen(5) compares it:
/// equal screens give the same bytes, whichever way they were written (Box
/// form, member order, `1.0` or `1`, `$` members), and any change to the
/// screen changes at least one line, a change to a row its own line. Lines
/// never hold a newline: canonical JSON escapes control characters.
public enum OutlineRenderer {
    /// The outline, each line with the part of the screen it shows.
    /// - Complexity: O(n) in the size of the screen.
    public static func lines(_ screen: Screen) -> [OutlineLine] {
        elements(screen).map { OutlineLine($0, rawText(of: $0, in: screen)) }
    }

    /// The parts of the screen the outline's lines show, in order, without
    /// their text: what two outlines are aligned by.
    /// - Complexity: O(n) in the number of sections and rows.
    public static func elements(_ screen: Screen) -> [OutlineLine.Element] {
        var elements: [OutlineLine.Element] = [.screen]
        elements.reserveCapacity(2 + screen[box: .box].sections.reduce(0) { $0 + 3 + $1.rows.count })
        for name in BoxName.allCases {
            elements.append(.box(name))
            for (s, section) in screen[box: name].sections.enumerated() {
                elements.append(.section(name, section: s))
                if section.header != nil { elements.append(.header(name, section: s)) }
                for r in section.rows.indices { elements.append(.row(name, section: s, row: r)) }
                if section.footer != nil { elements.append(.footer(name, section: s)) }
            }
        }
        return elements
    }

    /// The text of the line that shows `element` of `screen`, as
    /// `lines(_:)` gives it (invisible format characters escaped).
    /// - Complexity: O(n) in the size of the part.
    public static func text(of element: OutlineLine.Element, in screen: Screen) -> String {
        OneLine.escapingInvisible(rawText(of: element, in: screen))
    }

    private static func rawText(of element: OutlineLine.Element, in screen: Screen) -> String {
        var text: [UInt8] = [], canonical = CompactJSON.CanonicalWriter()
        writeRawText(of: element, in: screen, to: &text, &canonical)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the line that shows `element` of `screen` to `out`, with
    /// invisible format characters not yet escaped; components' text is
    /// written by `canonicalText`.
    /// - Complexity: O(n) in the size of the part.
    static func writeRawText(
        of element: OutlineLine.Element, in screen: Screen, to out: inout [UInt8],
        _ canonicalText: inout CompactJSON.CanonicalWriter
    ) {
        switch element {
        case .screen:
            out.append(contentsOf: "screen ".utf8)
            out.append(contentsOf: canonical(.object(screen.attributes)).utf8)
        case .box(let name):
            out.append(contentsOf: name.rawValue.utf8)
        case .section(let name, let s):
            out.append(contentsOf: "  section ".utf8)
            sections(name, of: screen) { $0[s].id.canonical.withUTF8Span { out.append($0) } }
        case .header(let name, let s):
            out.append(contentsOf: "    header ".utf8)
            sections(name, of: screen) { sections in
                sections[s].id.canonical.withUTF8Span { out.append($0) }
                out.append(UInt8(ascii: " "))
                describe(sections[s].header!, to: &out, &canonicalText)
            }
        case .footer(let name, let s):
            out.append(contentsOf: "    footer ".utf8)
            sections(name, of: screen) { sections in
                sections[s].id.canonical.withUTF8Span { out.append($0) }
                out.append(UInt8(ascii: " "))
                describe(sections[s].footer!, to: &out, &canonicalText)
            }
        case .row(let name, let s, let r):
            out.append(contentsOf: "    row ".utf8)
            sections(name, of: screen) { sections in
                sections[s].rows.withSpan { rows in
                    rows[r].id.canonical.withUTF8Span { out.append($0) }
                    out.append(UInt8(ascii: " "))
                    describe(rows[r].component, to: &out, &canonicalText)
                }
            }
        }
    }

    /// `body`'s result with the sections of box `name` of `screen`, read
    /// where they lie: a section copied out is its rows, header and footer
    /// counted up and down, for every line of a report.
    private static func sections<R>(_ name: BoxName, of screen: Screen, _ body: (Span<Section>) -> R) -> R {
        name == .box ? screen.box.sections.withSpan(body) : (screen.pinnedToBottomBox?.sections ?? []).withSpan(body)
    }

    /// About how many bytes `writeRawText` writes for `element`: a line's
    /// own words, and its component's text where it has one.
    /// - Complexity: O(1).
    static func weight(of element: OutlineLine.Element, in screen: Screen) -> Int {
        let words = 64
        switch element {
        case .screen, .box, .section: return words
        case .header(let name, let s): return words + sections(name, of: screen) { $0[s].header?.content.count ?? 0 }
        case .footer(let name, let s): return words + sections(name, of: screen) { $0[s].footer?.content.count ?? 0 }
        case .row(let name, let s, let r):
            return words + sections(name, of: screen) { $0[s].rows.withSpan { $0[r].component.content.count } }
        }
    }

    /// The outline as text: every line ends with a newline.
    /// - Complexity: O(n) in the size of the screen.
    public static func render(_ screen: Screen) -> String {
        var out = ""
        for line in lines(screen) {
            out += line.text
            out += "\n"
        }
        return out
    }

    /// `Type {"props":…}`: the type, then the other members.
    static func describe(_ component: Component) -> String {
        var text: [UInt8] = [], canonical = CompactJSON.CanonicalWriter()
        describe(component, to: &text, &canonical)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `describe(component)` to `out`, its members written by `canonicalText`.
    static func describe(_ component: Component, to out: inout [UInt8], _ canonicalText: inout CompactJSON.CanonicalWriter) {
        appendTypeName(component.type, to: &out)
        out.append(UInt8(ascii: " "))
        // Canonical text from the component's compact text, not from values.
        component.content.withSpan { canonicalText.write($0, to: &out) }
    }

    /// A type as people write it (`IconTitleDetails`), or as a JSON string
    /// when it is empty or holds anything but letters, digits and `_.:$-`.
    static func typeName(_ type: String) -> String {
        var out: [UInt8] = []
        appendTypeName(type, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `typeName(type)` to `out`: a plain type (most are) as its
    /// bytes, no string made.
    static func appendTypeName(_ type: String, to out: inout [UInt8]) {
        type.withUTF8Span { bytes in
            if isPlainTypeName(bytes) { out.append(bytes) } else { out.append(contentsOf: JSONWriter.quoted(type).utf8) }
        }
    }

    /// Whether a type is written as it is: not empty, and only letters,
    /// digits and `_.:$-`.
    private static func isPlainTypeName(_ bytes: Span<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        for k in bytes.indices {
            let c = bytes[k]
            let word =
                (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: ":") || c == UInt8(ascii: "$") || c == UInt8(ascii: "-")
            if !word { return false }
        }
        return true
    }

    private static func canonical(_ value: JSONValue) -> String {
        JSONWriter.canonical.string(value)
    }
}
