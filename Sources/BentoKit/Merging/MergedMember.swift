import BentoJSON

/// A member of a merged object: a screen attribute, or a section's header or
/// footer. Conflicts in these are marked around the whole member.
public struct MergedMember: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// Its value.
    public var value: JSONValue

    /// The member `key: value`.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
