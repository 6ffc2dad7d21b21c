import Testing

@testable import BentoJSON
@testable import BentoKit

/// Hostile input cannot inject markup or script into the HTML report.
@Suite("HTML report: hostile input stays text")
struct HTMLReportEscapingTests {
    static let hostile = [
        "</div><script>alert(1)</script>",
        "<img src=x onerror=alert(2)>",
        "\"><svg onload=alert(3)>",
        "</style><script>alert(4)</script>",
        "' onmouseover='alert(5)",
        "<!-- not a comment",
        "</title><iframe src=javascript:alert(6)>",
        "]]><![CDATA[",
        "&amp;&lt;",
        "\u{0}\u{1B}[31m",
    ]

    /// A pair of screens with every hostile string as an id, a type, a
    /// prop, a prop name, a header, a title, with each kind of change.
    static func hostilePair(_ h: String) throws -> (Changeset, Screen, Screen) {
        let q = JSONWriter.quoted(h)
        let (gone, k, m, x, added, changed) = (#""gone""#, #"{"k":\#(q)}"#, #""m""#, #""x""#, #""added""#, #""changed""#)
        func row(_ id: String, _ title: String) -> String {
            #"{"id":\#(id),"component":{"type":\#(q),"props":{"title":\#(title),\#(q):\#(q)}}}"#
        }
        let old = try Screens.read(
            #"""
            {"title":\#(q),"box":{"sections":[
              {"id":\#(q),"header":{"type":\#(q),"props":{"title":\#(q)}},"footer":{"type":"F","text":\#(q)},
               "rows":[\#(row(q, q)),\#(row(gone, q)),\#(row(k, q)),\#(row(m, q))]},
              {"id":"other","rows":[\#(row(x, q))]}]},
             "pinnedToBottomBox":{"sections":[{"id":\#(q),"rows":[\#(row(q, q))]}]}}
            """#, name: h)
        let new = try Screens.read(
            #"""
            {"title":"safe","box":{"sections":[
              {"id":"new section","rows":[\#(row(q, q))]},
              {"id":\#(q),"header":{"type":\#(q),"props":{"title":"changed"}},
               "rows":[\#(row(m, q)),\#(row(q, changed)),\#(row(k, q)),\#(row(x, q)),\#(row(added, q))]}]},
             "pinnedToBottomBox":{"sections":[{"id":\#(q),"rows":[\#(row(q, "1"))]}]}}
            """#, name: h)
        return (ScreenDiff.changeset(from: old, to: new, oldName: h, newName: h + ".json"), old, new)
    }

    static let allowedTags: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "p", "span", "code", "div", "section",
        "details", "summary", "pre", "b", "ul", "li", "del", "ins", "a", "i", "small", "main", "footer", "nav", "table",
        "thead", "tbody", "tr", "th", "td",
    ]

    @Test("hostile ids, types, props, headers, titles and file names stay text", arguments: hostile)
    func hostileInput(_ h: String) throws {
        let (changeset, old, new) = try Self.hostilePair(h)
        #expect(changeset.summary[.row, .insert] > 0 && changeset.summary[.row, .move] > 0)
        let html = String(decoding: HTMLRenderer().render(changeset, old: old, new: new), as: UTF8.self)
        let tags = HTMLTags(html)
        let unexpected = Set(tags.tags.map(\.name)).subtracting(Self.allowedTags)
        #expect(unexpected.isEmpty, "\(unexpected)")
        #expect(!tags.tags.contains { $0.attributes.contains { $0.name.hasPrefix("on") } })
        #expect(tags.tags.allSatisfy { $0.attribute("href")?.hasPrefix("#") ?? true }, "links only within the page")
        #expect(!tags.tags.contains { $0.attribute("src") != nil })
        #expect(tags.count { $0.name == "style" } == 1 && tags.count { $0.name == "title" } == 1)
        #expect(HTMLTags(html).marks == HTMLRendererTests.expectedMarks(changeset.summary))
        // The strings are in the page, escaped, as file name, title, id and type.
        let escaped = HTMLEscaping.text(h)
        #expect(html.contains("<title>bento diff: \(escaped) → \(escaped).json</title>"))
        #expect(html.contains("<span class=\"type\">\(escaped)</span>"))
        #expect(html.contains("<div class=\"nav-title\">\(escaped)</div>"))
        if h.contains("<") { #expect(!html.contains(h)) }
        // Only the renderer's own comments-free markup: no comment or CDATA opens.
        #expect(!html.contains("<!--") && !html.contains("<![CDATA["))
    }

    @Test("a hostile file name in the several-files report stays text")
    func hostilePaths() throws {
        for h in Self.hostile {
            let (changeset, old, new) = try Self.hostilePair(h)
            let entries = [HTMLRenderer.Entry(path: h, changeset: changeset, old: old, new: new)]
            let html = String(decoding: HTMLRenderer().render(entries, oldName: h, newName: h), as: UTF8.self)
            let tags = HTMLTags(html)
            #expect(Set(tags.tags.map(\.name)).isSubset(of: Self.allowedTags), "\(h)")
            #expect(html.contains("<code>\(HTMLEscaping.text(h))</code></a>"))
        }
    }
}
