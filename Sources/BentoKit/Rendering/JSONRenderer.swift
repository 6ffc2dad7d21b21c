/// `--format json`: the contract's changeset, indented two spaces, members in
/// the contract's order, numbers as written. The same inputs give the same
/// bytes.
public enum JSONRenderer {
    /// The changeset as JSON text, with a final newline.
    /// - Complexity: O(n) in the size of the changeset.
    public static func render(_ changeset: Changeset) -> [UInt8] {
        render(changeset.jsonValue)
    }

    /// The directory document (see `DirectoryChangeset.jsonValue`), with a
    /// final newline.
    /// - Complexity: O(n) in the size of the changesets.
    public static func render(_ directory: DirectoryChangeset) -> [UInt8] {
        render(directory.jsonValue)
    }

    private static func render(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter(style: .pretty).write(value, to: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
