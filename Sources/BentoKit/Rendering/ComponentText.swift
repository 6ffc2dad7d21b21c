/// The texts a card in the HTML report shows for a component: its main text
/// props (`title`, `text`, `detail`…), looked up in `props` and then among
/// the component's own members, as Bento components keep them.
enum ComponentText {
    /// The members that carry what a row says, most important first.
    static let keys = [
        "title", "text", "subtitle", "detail", "label", "value", "placeholder", "message", "caption", "body",
        "description", "price", "badge",
    ]

    /// Up to `limit` main texts of `component`, each cut to `width` Unicode
    /// scalars: strings as they are, numbers as written.
    /// - Complexity: O(k·m) for k keys and m members.
    static func lines(of component: Component, limit: Int = 4, width: Int = 200) -> [(key: String, text: String)] {
        var sources: [JSONObject] = []
        if case .object(let props)? = component.properties["props"] { sources.append(props) }
        sources.append(component.properties)
        var lines: [(key: String, text: String)] = []
        for key in keys where lines.count < limit {
            for source in sources {
                guard let text = text(source[key]) else { continue }
                lines.append((key, cut(text, to: width)))
                break
            }
        }
        return lines
    }

    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: s
        case .number(let n)?: n.text
        default: nil
        }
    }

    static func cut(_ text: String, to width: Int) -> String {
        guard text.unicodeScalars.count > width else { return text }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: text.unicodeScalars.prefix(max(1, width - 1)))
        return String(cut) + "…"
    }
}
