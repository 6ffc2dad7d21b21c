/// The strict half of decoding: Codable ignores members it does not know, the
/// screen format does not. Names starting with `$` (`$schema`, `$comment`)
/// are allowed everywhere in the schema and ignored.
enum MemberCheck {
    /// Throws for the first member of the object `decoder` holds that is not
    /// in `allowed`, suggesting the nearest allowed name. Throws too when the
    /// value is not an object.
    static func rejectUnknown(in decoder: any Decoder, allowed: [String], what: String) throws {
        if let tape = decoder as? TapeDecoder {
            // Names compared in place, no strings made for known ones.
            guard tape.kind == .object else { throw tape.mismatch("an object") }
            if let entry = tape.firstMember(notIn: allowed) {
                throw unknown(tape.tape.string(at: entry), in: tape.codingPath, allowed: allowed, what: what)
            }
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !isIgnored(key.stringValue) {
            guard !allowed.contains(where: { CodePoints.equal($0, key.stringValue) }) else { continue }
            throw unknown(key.stringValue, in: container.codingPath, allowed: allowed, what: what)
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
