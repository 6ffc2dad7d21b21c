import BentoJSON

/// One operation of an RFC 6902 JSON Patch.
public struct PatchOperation: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case add, remove, replace, move
    }

    public var kind: Kind
    public var path: JSONPointer
    /// For `move`: where the value comes from.
    public var from: JSONPointer?
    /// For `add` and `replace`.
    public var value: JSONValue?

    public static func add(_ path: JSONPointer, _ value: JSONValue) -> PatchOperation {
        PatchOperation(kind: .add, path: path, from: nil, value: value)
    }

    public static func remove(_ path: JSONPointer) -> PatchOperation {
        PatchOperation(kind: .remove, path: path, from: nil, value: nil)
    }

    public static func replace(_ path: JSONPointer, _ value: JSONValue) -> PatchOperation {
        PatchOperation(kind: .replace, path: path, from: nil, value: value)
    }

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
