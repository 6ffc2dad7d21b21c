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
/// So the outline is a function of the screen as the contract compares it:
/// equal screens give the same bytes, whichever way they were written (Box
/// form, member order, `1.0` or `1`, `$` members), and any change to the
/// screen changes at least one line, a change to a row its own line. Lines
/// never hold a newline: canonical JSON escapes control characters.
public enum OutlineRenderer {
    /// The outline, each line with the part of the screen it shows.
    /// - Complexity: O(n) in the size of the screen.
    public static func lines(_ screen: Screen) -> [OutlineLine] {
        var lines: [OutlineLine] = [OutlineLine(.screen, "screen " + canonical(.object(screen.attributes)))]
        for name in BoxName.allCases {
            lines.append(OutlineLine(.box(name), name.rawValue))
            for (s, section) in screen[box: name].sections.enumerated() {
                let id = section.id.canonical
                lines.append(OutlineLine(.section(name, section: s), "  section " + id))
                if let header = section.header {
                    lines.append(OutlineLine(.header(name, section: s), "    header " + id + " " + describe(header)))
                }
                for (r, row) in section.rows.enumerated() {
                    lines.append(
                        OutlineLine(
                            .row(name, section: s, row: r), "    row " + row.id.canonical + " " + describe(row.component)))
                }
                if let footer = section.footer {
                    lines.append(OutlineLine(.footer(name, section: s), "    footer " + id + " " + describe(footer)))
                }
            }
        }
        return lines
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
        typeName(component.type) + " " + canonical(.object(component.properties))
    }

    /// A type as people write it (`IconTitleDetails`), or as a JSON string
    /// when it is empty or holds anything but letters, digits and `_.:$-`.
    static func typeName(_ type: String) -> String {
        let plain =
            !type.isEmpty
            && type.utf8.allSatisfy { c in
                (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                    || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
                    || c == UInt8(ascii: ".") || c == UInt8(ascii: ":") || c == UInt8(ascii: "$") || c == UInt8(ascii: "-")
            }
        return plain ? type : JSONWriter.quoted(type)
    }

    private static func canonical(_ value: JSONValue) -> String {
        JSONWriter.canonical.string(value)
    }
}
