import BentoJSON

extension IgnoreRules {
    /// `screen` with the ignored fields left out of every row's node, every
    /// section's header and footer, and the attributes, for renderers that
    /// draw whole screens (the unified outline). Ids stay, and so does a
    /// component's type: they are identity, not fields.
    /// - Complexity: O(n · r) in the size of the screen and the number of rules.
    public func masked(_ screen: Screen) -> Screen {
        guard !isEmpty else { return screen }
        var result = screen
        if case .object(let attributes) = masked(.object(screen.attributes)) { result.attributes = attributes }
        for name in BoxName.allCases where name == .box || screen.pinnedToBottomBox != nil {
            result[box: name].sections = screen[box: name].sections.map { section in
                var section = section
                let fields = masked(section.fieldsValue)
                section.header = section.header.flatMap { Self.component(fields["header"], else: $0) }
                section.footer = section.footer.flatMap { Self.component(fields["footer"], else: $0) }
                section.rows = section.rows.map { row in
                    let component = Self.component(masked(row.jsonValue)["component"], else: row.component)
                    return Node(id: row.id, component: component ?? Component(type: row.component.type))
                }
                return section
            }
        }
        return result
    }

    /// A masked component's value back as a component: nil when the rules
    /// took it away; its type kept when they took that.
    private static func component(_ value: JSONValue?, else original: Component) -> Component? {
        guard case .object(let object)? = value else { return nil }
        let type: String
        if case .string(let written)? = object["type"] { type = written } else { type = original.type }
        return Component(type: type, properties: JSONObject(object.members.filter { !CodePoints.equal($0.key, "type") }))
    }
}
