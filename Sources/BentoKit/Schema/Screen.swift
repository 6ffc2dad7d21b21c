import BentoJSON

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

    /// The scrolling content.
    public var box: Box
    /// nil when the file has none; for diffing, the same as an empty box.
    public var pinnedToBottomBox: Box?
    /// Every member but `box` and `pinnedToBottomBox` (and `$`-members), in
    /// the order written. `title`, if present, is a string.
    public var attributes: JSONObject
    /// How the file writes the screen.
    public var shape: Shape

    /// A screen of `box`, an optional pinned box and `attributes`.
    public init(box: Box, pinnedToBottomBox: Box? = nil, attributes: JSONObject = JSONObject(), shape: Shape = .screen) {
        self.box = box
        self.pinnedToBottomBox = pinnedToBottomBox
        self.attributes = attributes
        self.shape = shape
    }

    /// The `title` attribute, when there is one.
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
    /// The members that are not attributes: the two boxes, and the `title`
    /// attribute, which must be a string.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case box, pinnedToBottomBox, title

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    public init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyCodingKey.self)
        let hasBox = all.contains(AnyCodingKey(CodingKeys.box))
        if !hasBox && all.contains(AnyCodingKey(Box.CodingKeys.sections)) {
            // The Box form.
            self.init(box: try Box(from: decoder), shape: .box)
            return
        }
        guard hasBox else {
            throw SchemaViolation(
                path: decoder.codingPath,
                "missing member \"box\" (a screen needs \"box\"; a bare box needs \"sections\")")
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let box = try c.decode(Box.self, forKey: .box)
        let pinnedToBottomBox = try c.decodeIfPresent(Box.self, forKey: .pinnedToBottomBox)
        if pinnedToBottomBox == nil, c.contains(.pinnedToBottomBox) {
            throw SchemaViolation(
                path: decoder.codingPath + [CodingKeys.pinnedToBottomBox], "expected an object, found null")
        }
        if c.contains(.title) { _ = try c.decode(String.self, forKey: .title) }
        var attributes: [(key: String, value: JSONValue)] = []
        for key in all.allKeys where !MemberCheck.isIgnored(key.stringValue) {
            switch CodingKeys(stringValue: key.stringValue) {
            case .box?, .pinnedToBottomBox?: continue
            case .title?, nil: attributes.append((key.stringValue, try all.decode(JSONValue.self, forKey: key)))
            }
        }
        self.init(box: box, pinnedToBottomBox: pinnedToBottomBox, attributes: JSONObject(attributes), shape: .screen)
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
