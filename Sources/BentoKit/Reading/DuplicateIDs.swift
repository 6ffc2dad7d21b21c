import BentoJSON

/// Every duplicate id of a document, once decoding has stopped at the first
/// (decoding reports one error, and a file with ten duplicate rows would
/// take ten rounds of fixing to learn so): the section ids of each box and
/// the row ids of each section, each second one with the first's place.
enum DuplicateIDs {
    /// Whether `diagnostic` reports a duplicate id (`MemberCheck`'s message).
    static func isDuplicateID(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.message.hasPrefix("duplicate section id ") || diagnostic.message.hasPrefix("duplicate row id ")
    }

    /// The duplicate ids of the document `tape` holds, in document order,
    /// read leniently: a part that is not what the format says is passed
    /// over (decoding reports it).
    /// - Complexity: O(n) in the number of sections and rows, with hashing.
    static func all(in tape: JSONTape) -> [Diagnostic] {
        guard tape.kind(0) == .object else { return [] }
        var boxes: [(key: AnyCodingKey?, entry: Int)] = []
        if let box = tape.member("box", in: 0) {
            boxes.append((AnyCodingKey("box"), box + 1))
            if let pinned = tape.member("pinnedToBottomBox", in: 0) { boxes.append((AnyCodingKey("pinnedToBottomBox"), pinned + 1)) }
        } else {
            boxes.append((nil, 0))
        }
        var found: [Diagnostic] = []
        for (key, box) in boxes {
            guard tape.kind(box) == .object, let sections = tape.member("sections", in: box).map({ $0 + 1 }),
                tape.kind(sections) == .array
            else { continue }
            let base: [AnyCodingKey] = key.map { [$0] } ?? []
            let entries = tape.elementArray(of: sections)
            found += duplicates(in: entries, tape, path: base + [AnyCodingKey("sections")], what: "section")
            for (k, section) in entries.enumerated() where tape.kind(section) == .object {
                guard let rows = tape.member("rows", in: section).map({ $0 + 1 }), tape.kind(rows) == .array else { continue }
                let path = base + [AnyCodingKey("sections"), AnyCodingKey(intValue: k), AnyCodingKey("rows")]
                found += duplicates(in: tape.elementArray(of: rows), tape, path: path, what: "row")
            }
        }
        return found.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    /// The second (third…) of equal ids among `objects`, each naming the first.
    private static func duplicates(in objects: [Int], _ tape: JSONTape, path: [AnyCodingKey], what: String) -> [Diagnostic] {
        var first: [ScreenID: Int] = [:]
        var found: [Diagnostic] = []
        for (k, object) in objects.enumerated() where tape.kind(object) == .object {
            guard let name = tape.member("id", in: object), let id = ScreenID(tape.value(at: name + 1)) else { continue }
            guard let earlier = first[id] else {
                first[id] = k
                continue
            }
            let violation = SchemaViolation(
                path: path + [AnyCodingKey(intValue: k), AnyCodingKey("id")], "duplicate \(what) id \(id)",
                relatedPath: path + [AnyCodingKey(intValue: earlier), AnyCodingKey("id")])
            found.append(JSONDecoding.diagnostic(for: violation, in: tape))
        }
        return found
    }
}

extension ScreenReader {
    /// Every error of the file `path` that `diagnostic`, the one reading it
    /// stopped at, stands for: when it is a duplicate id, every duplicate
    /// id of the file; else `diagnostic` alone.
    /// - Complexity: O(n) in the size of the file, read again.
    public static func allErrors(startingWith diagnostic: Diagnostic, path: FilePath) -> [Diagnostic] {
        guard DuplicateIDs.isDuplicateID(diagnostic), let read = try? InputFile.read(path),
            let tape = try? JSONReader.parse(SourceText(name: diagnostic.file, bytes: read.bytes))
        else { return [diagnostic] }
        let all = DuplicateIDs.all(in: tape)
        return all.contains(diagnostic) ? all : [diagnostic] + all
    }
}
