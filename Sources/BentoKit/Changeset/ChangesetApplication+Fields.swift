import BentoJSON

extension ChangesetApplication {
    // MARK: Field changes

    func applying(_ fields: [FieldChange], _ k: Int, to value: JSONValue) throws(ChangesetMismatch) -> JSONValue {
        // Many changes of one value (a wide object's members) are made in
        // one walk; one at a time, each would walk and copy the value.
        if fields.count > 1, let pointers = Self.pointers(fields), !pointers.contains(where: \.isRoot),
            let changed = JSONPointer.setting(zip(pointers, fields).map { ($0, $1.new) }, in: value)
        {
            return changed
        }
        // One at a time: what order makes of dependent changes, and which
        // one does not fit.
        var value = value
        for (m, field) in fields.enumerated() {
            guard let pointer = JSONPointer(field.path) else {
                throw fieldMismatch(k, m, "path", "\(JSONWriter.quoted(field.path)) is not a JSON Pointer")
            }
            if pointer.isRoot {
                guard let new = field.new else { throw fieldMismatch(k, m, nil, "the whole value cannot be removed") }
                value = new
                continue
            }
            guard let updated = pointer.setting(field.new, in: value) else {
                throw fieldMismatch(k, m, "path", "\(field.path) leads nowhere")
            }
            value = updated
        }
        return value
    }

    /// The fields' paths as pointers; nil when one is not a JSON Pointer.
    static func pointers(_ fields: [FieldChange]) -> [JSONPointer]? {
        var pointers: [JSONPointer] = []
        pointers.reserveCapacity(fields.count)
        for field in fields {
            guard let pointer = JSONPointer(field.path) else { return nil }
            pointers.append(pointer)
        }
        return pointers
    }

    /// `node` with `fields` applied, each checked first, when every one is
    /// inside its component but its `type` (a row's props: nearly every
    /// update) and fits: checked and made on the component's compact text,
    /// with no value tree of the row. Nil for any other: the value tree
    /// then checks them, and words what does not fit.
    /// - Complexity: O(f·n) in the number of fields (a few) and the size
    ///   of the component's text; O(n + f) for many, made in one walk.
    static func applyingInProps(_ fields: [FieldChange], to node: Node) -> Node? {
        guard !fields.isEmpty else { return nil }
        var paths: [ArraySlice<String>] = []
        for field in fields {
            guard let tokens = JSONPointer(field.path)?.tokens, tokens.count >= 2, CodePoints.equal(tokens[0], "component"),
                !CodePoints.equal(tokens[1], "type")
            else { return nil }
            paths.append(tokens[1...])
        }
        var content = node.component.content
        // Each field walks the text: many (a wide object's) are made in one walk.
        if fields.count > Self.fieldsOnText {
            guard let set = content.setting(checking: zip(paths, fields).map { ($0, $1.old, $1.new) }) else { return nil }
            return Node(id: node.id, component: Component(type: node.component.type, compactProperties: set))
        }
        if let field = fields.first, fields.count == 1 {
            // One field, the most common update: its text is read once.
            guard let set = content.setting(paths[0], from: field.old, to: field.new) else { return nil }
            return Node(id: node.id, component: Component(type: node.component.type, compactProperties: set))
        }
        for (path, field) in zip(paths, fields) where content.value(at: path) != field.old { return nil }
        for (path, field) in zip(paths, fields) {
            guard let set = content.setting(path, to: field.new) else { return nil }
            content = set
        }
        return Node(id: node.id, component: Component(type: node.component.type, compactProperties: content))
    }

    /// At most this many field changes of a row are made on its text.
    static let fieldsOnText = 8

    /// The row whose value (`Node.jsonValue`) is `row`, with `fields` applied.
    func applying(_ fields: [FieldChange], _ k: Int, toRow row: JSONValue) throws(ChangesetMismatch) -> Node {
        let value = try applying(fields, k, to: row)
        guard let idValue = value["id"], let id = ScreenID(idValue), let parsed = parsedComponent(value["component"]),
            let component = parsed
        else {
            throw mismatch(k, "fields", "a row must keep an id and a component (an object with a string \"type\")")
        }
        return Node(id: id, component: component)
    }

    /// nil for a value that is no component; `.some(nil)` for none (absent or null).
    func parsedComponent(_ value: JSONValue?) -> Component?? {
        guard let value, value != .null else { return .some(nil) }
        guard case .object(let object) = value, case .string(let type)? = object["type"] else { return nil }
        var properties = object
        properties["type"] = nil
        return .some(Component(type: type, properties: properties))
    }

    // MARK: Messages

    /// `box.sections[1].rows[2]`
    func place(_ box: BoxName, _ position: Position) -> String {
        var s = "\(box.rawValue).sections[\(position.section)]"
        if let row = position.row { s += ".rows[\(row)]" }
        return s
    }

    func describe(_ value: JSONValue?) -> String {
        value.map { JSONWriter.shortened($0, width: 40) } ?? "nothing"
    }

    /// A mismatch at `changes[k]`, or at its `member`.
    func mismatch(_ k: Int?, _ member: String?, _ message: String) -> ChangesetMismatch {
        var keys: [AnyCodingKey] = [AnyCodingKey("changes")]
        if let k { keys.append(AnyCodingKey(intValue: k)) }
        if let member { keys.append(AnyCodingKey(member)) }
        return ChangesetMismatch(keys, message)
    }

    /// A mismatch at `changes[k].fields[m]`, or at its `member`.
    func fieldMismatch(_ k: Int, _ m: Int, _ member: String?, _ message: String) -> ChangesetMismatch {
        var keys = [AnyCodingKey("changes"), AnyCodingKey(intValue: k), AnyCodingKey("fields"), AnyCodingKey(intValue: m)]
        if let member { keys.append(AnyCodingKey(member)) }
        return ChangesetMismatch(keys, message)
    }
}
