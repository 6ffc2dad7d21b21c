/// `--format json`: the contract's changeset, indented two spaces, members in
/// the contract's order, numbers as written. The same inputs give the same
/// bytes.
public enum JSONRenderer {
    /// The changeset as JSON text, with a final newline.
    /// - Complexity: O(n) in the size of the changeset.
    public static func render(_ changeset: Changeset) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter(style: .pretty).write(changeset.jsonValue, to: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
