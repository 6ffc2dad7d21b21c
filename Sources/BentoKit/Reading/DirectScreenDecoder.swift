/// Builds a screen straight from a tape, without going through `Decoder`:
/// the fast path of `ScreenReader`.
///
/// The Codable schema stays the model. This path accepts only documents the
/// schema accepts and builds the same values (tests decode random and
/// generated files both ways and compare); at the first thing it is not sure
/// of, it gives up and returns nil, and the Codable path decodes the document
/// again and reports the error with its path and position. So errors have one
/// source, and valid files, nearly all of them, take no detour.
///
/// Ids and components are read the same way on both paths (`screenID(at:)`,
/// `component(at:)`): escape-free string ids are their own canonical text,
/// and components are kept as compact JSON text.
struct DirectScreenDecoder {
    let tape: JSONTape
    /// Component type names seen so far, so equal ones share one string.
    private var typeNames: [String] = []
    /// Component text is written here, then copied out at its exact size.
    private var scratch: [UInt8] = []

    init(tape: JSONTape) {
        self.tape = tape
    }

    /// The screen, or nil when the document needs the Codable path.
    mutating func screen() -> Screen? {
        guard tape.kind(0) == .object else { return nil }
        var boxEntry: Int?, pinnedEntry: Int?, sectionsSeen = false
        var attributes: [(key: String, value: JSONValue)] = []
        var i = 1
        let end = Int(tape.entries[0].payload)
        while i < end {
            switch name(of: i, among: Self.screenMembers) {
            case 0: boxEntry = i + 1
            case 1: pinnedEntry = i + 1
            case -1: break  // a `$`-member
            default:
                if tape.string(at: i, equals: "sections") { sectionsSeen = true }
                let value = tape.value(at: i + 1)
                if tape.string(at: i, equals: "title"), case .string = value {} else if tape.string(at: i, equals: "title") {
                    return nil
                }
                attributes.append((tape.string(at: i), value))
            }
            i = tape.next(after: i + 1)
        }
        guard let boxEntry else {
            // The Box form: an object of `sections` (and `$`-members) only.
            guard sectionsSeen, let box = box(at: 0) else { return nil }
            return Screen(box: box, shape: .box)
        }
        guard let box = box(at: boxEntry) else { return nil }
        var pinned: Box?
        if let pinnedEntry {
            guard let b = self.box(at: pinnedEntry) else { return nil }
            pinned = b
        }
        return Screen(box: box, pinnedToBottomBox: pinned, attributes: JSONObject(attributes), shape: .screen)
    }

    private static let screenMembers = ["box", "pinnedToBottomBox"]

    private mutating func box(at index: Int) -> Box? {
        guard tape.kind(index) == .object else { return nil }
        var sectionsEntry: Int?
        var i = index + 1
        while i < Int(tape.entries[index].payload) {
            switch name(of: i, among: Box.memberNames) {
            case 0: sectionsEntry = i + 1
            case -1: break
            default: return nil
            }
            i = tape.next(after: i + 1)
        }
        guard let sectionsEntry, let sections = array(at: sectionsEntry, { $0.section(at: $1) }) else { return nil }
        guard sections.withUnsafeBufferPointer({ all in Self.distinct(all.count) { all[$0].id } }) else { return nil }
        return Box(sections: sections)
    }

    private mutating func section(at index: Int) -> Section? {
        guard tape.kind(index) == .object else { return nil }
        var id: ScreenID?
        var header: Component?, footer: Component?
        var rows: [Node] = []
        var i = index + 1
        while i < Int(tape.entries[index].payload) {
            let value = i + 1
            let kind = tape.kind(value)
            let member = name(of: i, among: Section.memberNames)
            switch member {
            case 0:
                guard let v = screenID(at: value) else { return nil }
                id = v
            case 1, 2:
                guard kind == .null || kind == .object else { return nil }
                if kind == .object {
                    guard let component = component(at: value) else { return nil }
                    if member == 1 { header = component } else { footer = component }
                }
            case 3:
                guard let nodes = array(at: value, { $0.node(at: $1) }) else { return nil }
                rows = nodes
            case -1: break
            default: return nil
            }
            i = tape.next(after: value)
        }
        guard let id, rows.withUnsafeBufferPointer({ all in Self.distinct(all.count) { all[$0].id } }) else { return nil }
        return Section(id: id, header: header, footer: footer, rows: rows)
    }

    /// The elements of the array at `index`, each read by `element`; nil if
    /// it is not an array or an element cannot be read.
    private mutating func array<Element>(
        at index: Int, _ element: (inout DirectScreenDecoder, Int) -> Element?
    ) -> [Element]? {
        guard tape.kind(index) == .array else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(tape.count(of: index))
        var e = index + 1
        while e < Int(tape.entries[index].payload) {
            guard let value = element(&self, e) else { return nil }
            elements.append(value)
            e = tape.next(after: e)
        }
        return elements
    }

    private mutating func node(at index: Int) -> Node? {
        guard tape.kind(index) == .object else { return nil }
        var id: ScreenID?, component: Component?
        var i = index + 1
        while i < Int(tape.entries[index].payload) {
            switch name(of: i, among: Node.memberNames) {
            case 0: id = screenID(at: i + 1)
            case 1: component = self.component(at: i + 1)
            case -1: break
            default: return nil
            }
            i = tape.next(after: i + 1)
        }
        guard let id, let component else { return nil }
        return Node(id: id, component: component)
    }

    // MARK: Ids and components, for both paths

    /// The id at `index`, or nil when the value is not an id. A string
    /// without escapes, the usual id, is its own canonical text as written.
    func screenID(at index: Int) -> ScreenID? {
        if tape.kind(index) == .string {
            let (range, escaped) = tape.rawString(index)
            if !escaped {
                let text = tape.source.bytes.withUnsafeBufferPointer { bytes in
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                // Quoted by joining: the text is checked as UTF-8 once, not twice.
                return ScreenID(validated: .string(text), canonical: "\"" + text + "\"")
            }
        }
        return ScreenID(tape.value(at: index))
    }

    /// The component at `index`: its type, and the other members as compact
    /// text copied from the tape. Nil when it is not an object with a string
    /// `type`.
    mutating func component(at index: Int) -> Component? {
        guard tape.kind(index) == .object, let typeKey = tape.member("type", in: index),
            tape.kind(typeKey + 1) == .string
        else { return nil }
        scratch.removeAll(keepingCapacity: true)
        tape.writeCompact(index, omittingMember: typeKey, to: &scratch)
        return Component(type: typeName(at: typeKey + 1), compactProperties: CompactJSON(validated: Array(scratch)))
    }

    /// The string at `entry`, shared with earlier equal type names.
    private mutating func typeName(at entry: Int) -> String {
        let (range, escaped) = tape.rawString(entry)
        guard !escaped && range.count > 15 else { return tape.string(at: entry) }  // small strings are inline
        for name in typeNames where tape.string(at: entry, equals: name) { return name }
        let name = tape.string(at: entry)
        if typeNames.count < 64 { typeNames.append(name) }
        return name
    }

    // MARK: Helpers

    /// Which of `names` the member name at `key` is (its index), -1 for a
    /// `$`-member, or `names.count` for another name.
    private func name(of key: Int, among names: [String]) -> Int {
        for (k, name) in names.enumerated() where tape.string(at: key, equals: name) { return k }
        let (range, escaped) = tape.rawString(key)
        if escaped { return MemberCheck.isIgnored(tape.string(at: key)) ? -1 : names.count }
        return !range.isEmpty && tape.source.bytes[range.lowerBound] == UInt8(ascii: "$") ? -1 : names.count
    }

    /// True when no two of `count` ids are equal: pairwise for a few, in a
    /// table for more. The ids are read in place (`id(k)`), not copied out.
    private static func distinct(_ count: Int, _ id: (Int) -> ScreenID) -> Bool {
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
