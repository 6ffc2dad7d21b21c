/// bento compares screen definitions by identity.
///
/// The library follows the data: `Reading` (bytes → JSON tape → diagnostics),
/// `Schema` (the Codable model of a screen), `Matching` (the diff engine),
/// `Changeset` (its result, as value types, and `ChangesetApplier`, which
/// replays it) and `Rendering` (text, JSON, the outline of `bento show`, the
/// unified report, RFC 6902 JSON Patch and the HTML report).
public enum Bento {
    /// The version `bento --version` prints.
    public static let version = "0.1.0"
}
