import BentoJSON

/// One operation of an RFC 6902 JSON Patch.
public struct PatchOperation: Hashable, Sendable {
    /// The `op` of an RFC 6902 operation.
    public enum Kind: String, Hashable, Sendable {
        case add, remove, replace, move
    }

    /// The operation.
    public var kind: Kind
    /// Where it applies.
    public var path: JSONPointer
    /// For `move`: where the value comes from.
    public var from: JSONPointer?
    /// For `add` and `replace`.
    public var value: JSONValue?

    /// `add` of `value` at `path`.
    public static func add(_ path: JSONPointer, _ value: JSONValue) -> PatchOperation {
        PatchOperation(kind: .add, path: path, from: nil, value: value)
    }

    /// `remove` of the value at `path`.
    public static func remove(_ path: JSONPointer) -> PatchOperation {
        PatchOperation(kind: .remove, path: path, from: nil, value: nil)
    }

    /// `replace` of the value at `path` with `value`.
    public static func replace(_ path: JSONPointer, _ value: JSONValue) -> PatchOperation {
        PatchOperation(kind: .replace, path: path, from: nil, value: value)
    }

    /// `move` of the value at `from` to `path`.
    public static func move(from: JSONPointer, to path: JSONPointer) -> PatchOperation {
        PatchOperation(kind: .move, path: path, from: from, value: nil)
    }

    /// The operation as RFC 6902 writes it: `op`, `from`, `path`, `value`.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("op", .string(kind.rawValue))]
        if let from { members.append(("from", .string(from.description))) }
        members.append(("path", .string(path.description)))
        if let value { members.append(("value", value)) }
        return .object(JSONObject(members))
    }
}
