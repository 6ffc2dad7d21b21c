import BentoJSON

/// The strict half of decoding: Codable ignores members it does not know, the
/// screen format does not. Names starting with `$` (`$schema`, `$comment`)
/// are allowed everywhere in the schema and ignored. Ids are unique among
/// their siblings.
///
/// The Codable paths of the schema types and the one-pass decoder
/// (`ScreenPullDecoder`) check the same rules here.
enum MemberCheck {
    /// Throws for the first member of the object `decoder` holds that is not
    /// one of `Key`'s names, suggesting the nearest one. Throws too when the
    /// value is not an object.
    static func rejectUnknown<Key: CodingKey & CaseIterable>(in decoder: any Decoder, allowed: Key.Type, what: String)
        throws
    {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let names = Key.allCases.map(\.stringValue)
        for key in container.allKeys where !isIgnored(key.stringValue) {
            guard !names.contains(where: { CodePoints.equal($0, key.stringValue) }) else { continue }
            throw unknown(key.stringValue, in: container.codingPath, allowed: names, what: what)
        }
    }

    private static func unknown(_ name: String, in path: [any CodingKey], allowed: [String], what: String)
        -> SchemaViolation
    {
        var message = "unknown member \(JSONWriter.quoted(name)) in \(what)"
        if let near = NearestName.suggestion(for: name, among: allowed) {
            message += "; did you mean \(JSONWriter.quoted(near))?"
        } else {
            message += "; allowed: " + allowed.map(JSONWriter.quoted).joined(separator: ", ")
        }
        return SchemaViolation(path: path + [AnyCodingKey(name)], message, atMemberName: true)
    }

    /// `$`-members are comments and schema references, not content.
    static func isIgnored(_ name: String) -> Bool { name.utf8.first == UInt8(ascii: "$") }

    /// Whether a member name the pull reader read is a `$`-member.
    static func isIgnored(_ name: JSONPullReader.MemberName, of reader: JSONPullReader) -> Bool {
        reader.name(name, startsWith: UInt8(ascii: "$"))
    }

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

    /// True when no two of `count` ids are equal: pairwise for a few, in a
    /// table for more. The ids are read in place (`id(k)`), not copied out.
    /// - Complexity: O(n).
    static func allDistinct(_ count: Int, _ id: (Int) -> ScreenID) -> Bool {
        if count <= 8 {
            for a in 0..<count {
                for b in a + 1..<count where id(a) == id(b) { return false }
            }
            return true
        }
        var table = IDTable(capacity: count)
        for k in 0..<count where table.intern(id(k)) != k { return false }
        return true
    }
}
