/// A screen definition: the box, an optional box pinned to the bottom, and
/// the screen's attributes (`title`, `shouldUseSystemSeparators`, …).
///
/// A file may also hold just a Box (an object whose only member is
/// `sections`); it reads as a Screen with that box and no attributes, and
/// keeps its shape when written back.
public struct Screen: Hashable, Sendable {
    /// The two shapes a screen file can have.
    public enum Shape: Sendable, Hashable {
        /// `{"box": …, "pinnedToBottomBox": …, "title": …, …}`
        case screen
        /// `{"sections": […]}`
        case box
    }

    public var box: Box
    /// nil when the file has none; for diffing, the same as an empty box.
    public var pinnedToBottomBox: Box?
    /// Every member but `box` and `pinnedToBottomBox` (and `$`-members), in
    /// the order written. `title`, if present, is a string.
    public var attributes: JSONObject
    public var shape: Shape

    public init(box: Box, pinnedToBottomBox: Box? = nil, attributes: JSONObject = JSONObject(), shape: Shape = .screen) {
        self.box = box
        self.pinnedToBottomBox = pinnedToBottomBox
        self.attributes = attributes
        self.shape = shape
    }

    public var title: String? {
        if case .string(let s)? = attributes["title"] { return s }
        return nil
    }

    /// The box named `name` ("box" or "pinnedToBottomBox"); a missing box is empty.
    public subscript(box name: BoxName) -> Box {
        get {
            switch name {
            case .box: box
            case .pinnedToBottomBox: pinnedToBottomBox ?? Box()
            }
        }
        set {
            switch name {
            case .box: box = newValue
            case .pinnedToBottomBox: pinnedToBottomBox = newValue
            }
        }
    }

    /// The document: a Screen object, or a Box object for a Box-form file.
    public var jsonValue: JSONValue {
        if shape == .box && pinnedToBottomBox == nil && attributes.isEmpty { return box.jsonValue }
        var members: [(key: String, value: JSONValue)] = [("box", box.jsonValue)]
        if let pinnedToBottomBox { members.append(("pinnedToBottomBox", pinnedToBottomBox.jsonValue)) }
        return .object(JSONObject(members + attributes.members))
    }
}

/// The two boxes of a screen, diffed each on its own.
public enum BoxName: String, Sendable, Hashable, CaseIterable, Codable {
    case box
    case pinnedToBottomBox
}

extension Screen: Codable {
    public init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyCodingKey.self)
        let hasBox = all.contains(AnyCodingKey("box"))
        if !hasBox && all.contains(AnyCodingKey("sections")) {
            // The Box form.
            self.init(box: try Box(from: decoder), shape: .box)
            return
        }
        guard hasBox else {
            throw SchemaViolation(
                path: decoder.codingPath,
                "missing member \"box\" (a screen needs \"box\"; a bare box needs \"sections\")")
        }
        let box = try all.decode(Box.self, forKey: AnyCodingKey("box"))
        let pinnedToBottomBox = try all.decodeIfPresent(Box.self, forKey: AnyCodingKey("pinnedToBottomBox"))
        if pinnedToBottomBox == nil, all.contains(AnyCodingKey("pinnedToBottomBox")) {
            throw SchemaViolation(
                path: decoder.codingPath + [AnyCodingKey("pinnedToBottomBox")], "expected an object, found null")
        }
        var attributes: [(key: String, value: JSONValue)] = []
        for key in all.allKeys where !["box", "pinnedToBottomBox"].contains(key.stringValue) {
            guard !MemberCheck.isIgnored(key.stringValue) else { continue }
            let value = try all.decode(JSONValue.self, forKey: key)
            if key.stringValue == "title", case .string = value {} else if key.stringValue == "title" {
                throw SchemaViolation(path: decoder.codingPath + [key], "expected a string, found \(value.typeName)")
            }
            attributes.append((key.stringValue, value))
        }
        self.init(box: box, pinnedToBottomBox: pinnedToBottomBox, attributes: JSONObject(attributes), shape: .screen)
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
