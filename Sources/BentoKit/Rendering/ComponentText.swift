import BentoJSON

/// What a card in the HTML report shows for a component: its main text props
/// (`title`, `text`, `detail`…), looked up in `props` and then among the
/// component's own members, as Bento components keep them; and the rest of
/// its members, shown on demand.
struct ComponentText {
    /// The members that carry what a row says, most important first.
    static let keys = [
        "title", "text", "subtitle", "detail", "label", "value", "placeholder", "message", "caption", "body",
        "description", "price", "badge",
    ]

    /// The main texts, the first one the title: strings as they are, numbers
    /// as written, cut to the width given.
    var lines: [String] = []
    /// Every other member, as a JSON Pointer into the component
    /// (`/props/image`, `/style`) and its value; a text that was cut is here
    /// too, whole.
    var rest: [(pointer: String, value: JSONValue)] = []

    /// - Complexity: O(k·m) for k keys and m members.
    init(_ component: Component, limit: Int = 4, width: Int = 200, rest wantsRest: Bool = true) {
        // Built once: `properties` reads the compact text each time.
        let properties = component.properties
        var props: JSONObject?
        if case .object(let object)? = properties["props"] { props = object }
        var shownInProps: [String] = [], shownInComponent: [String] = []
        for key in Self.keys where lines.count < limit {
            if let text = Self.text(props?[key]) {
                lines.append(OneLine.cut(text, to: width))
                if text.unicodeScalars.count <= width { shownInProps.append(key) }
            } else if let text = Self.text(properties[key]) {
                lines.append(OneLine.cut(text, to: width))
                if text.unicodeScalars.count <= width { shownInComponent.append(key) }
            }
        }
        guard wantsRest else { return }
        for member in properties.members {
            if let props, CodePoints.equal(member.key, "props") {
                for prop in props.members where !shownInProps.contains(where: { CodePoints.equal($0, prop.key) }) {
                    rest.append(("/props/" + JSONPointer.escape(prop.key), prop.value))
                }
            } else if !shownInComponent.contains(where: { CodePoints.equal($0, member.key) }) {
                rest.append(("/" + JSONPointer.escape(member.key), member.value))
            }
        }
    }

    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: s
        case .number(let n)?: n.text
        default: nil
        }
    }
}
