/// The strict half of decoding: Codable ignores members it does not know, the
/// screen format does not. Names starting with `$` (`$schema`, `$comment`)
/// are allowed everywhere in the schema and ignored.
enum MemberCheck {
    /// Throws for the first member of `container` that is not in `allowed`,
    /// suggesting the nearest allowed name.
    static func rejectUnknown<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, allowed: [String], what: String
    ) throws {
        for key in container.allKeys where !isIgnored(key.stringValue) {
            guard !allowed.contains(where: { CodePoints.equal($0, key.stringValue) }) else { continue }
            var message = "unknown member \(JSONWriter.quoted(key.stringValue)) in \(what)"
            if let near = NearestName.suggestion(for: key.stringValue, among: allowed) {
                message += "; did you mean \(JSONWriter.quoted(near))?"
            } else {
                message += "; allowed: " + allowed.map(JSONWriter.quoted).joined(separator: ", ")
            }
            throw SchemaViolation(path: container.codingPath + [key], message, atMemberName: true)
        }
    }

    /// `$`-members are comments and schema references, not content.
    static func isIgnored(_ name: String) -> Bool { name.utf8.first == UInt8(ascii: "$") }

    /// Throws for the second of two equal ids, naming the first.
    static func rejectDuplicateIDs(
        _ ids: [ScreenID], path: [any CodingKey], member: String, what: String
    ) throws {
        var seen: [ScreenID: Int] = [:]
        seen.reserveCapacity(ids.count)
        for (k, id) in ids.enumerated() {
            if let first = seen.updateValue(k, forKey: id) {
                seen[id] = first
                throw SchemaViolation(
                    path: path + [AnyCodingKey(member), AnyCodingKey(intValue: k), AnyCodingKey("id")],
                    "duplicate \(what) id \(id)",
                    relatedPath: path + [AnyCodingKey(member), AnyCodingKey(intValue: first), AnyCodingKey("id")])
            }
        }
    }
}
