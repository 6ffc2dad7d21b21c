/// The start tags of an HTML page bento wrote, for tests to count marked
/// elements and look for markup that should not be there.
///
/// bento escapes every `<` in text and every `<`, `>` and quote in attribute
/// values, so each `<` opens a tag and the next `>` closes it. If escaping
/// failed, hostile input would show up here as extra tags or attributes.
struct HTMLTags {
    struct Tag {
        var name: String
        var attributes: [(name: String, value: String)]

        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        var classes: [String] { attribute("class")?.split(separator: " ").map(String.init) ?? [] }
    }

    var tags: [Tag] = []

    init(_ html: String) {
        for piece in html.split(separator: "<", omittingEmptySubsequences: false).dropFirst() {
            guard let end = piece.firstIndex(of: ">") else { continue }
            let inside = piece[..<end]
            guard let first = inside.first, first.isLetter else { continue }  // end tags, <!DOCTYPE>, comments
            tags.append(Self.parse(inside))
        }
    }

    private static func parse(_ inside: Substring) -> Tag {
        var rest = inside[...]
        let name = rest.prefix { !$0.isWhitespace }
        rest = rest.dropFirst(name.count)
        var attributes: [(String, String)] = []
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            let attribute = rest.prefix { $0 != "=" && !$0.isWhitespace }
            rest = rest.dropFirst(attribute.count)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    value = String(rest.prefix { $0 != "\"" })
                    rest = rest.dropFirst(value.count + 1)
                } else {
                    value = String(rest.prefix { !$0.isWhitespace })
                    rest = rest.dropFirst(value.count)
                }
            }
            attributes.append((String(attribute), value))
        }
        return Tag(name: String(name).lowercased(), attributes: attributes)
    }

    /// Marked elements by `kind op side`, e.g. `row ins new`.
    var marks: [String: Int] {
        var counts: [String: Int] = [:]
        for tag in tags {
            let classes = tag.classes
            guard classes.contains("mark") else { continue }
            let kind = classes.first { ["scr", "sec", "row"].contains($0) } ?? "?"
            let op = classes.first { ["ins", "del", "mov", "upd"].contains($0) } ?? "?"
            let side = classes.first { $0.hasPrefix("on-") }.map { String($0.dropFirst(3)) } ?? "?"
            counts["\(kind) \(op) \(side)", default: 0] += 1
        }
        return counts
    }

    func count(where predicate: (Tag) -> Bool) -> Int { tags.filter(predicate).count }
}
