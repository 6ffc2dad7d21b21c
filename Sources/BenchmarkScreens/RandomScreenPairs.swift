import BentoJSON
import BentoKit

/// Small random pairs of valid screen files that exercise every corner of
/// bento-screen(5): ids of every shape (strings that differ only in Unicode
/// normalization, `1` and `"1"`, structured ids with members in any order),
/// ids repeated across sections, numbers spelled several equal ways, string
/// escapes, member order, white space, `$` members, headers and footers,
/// pinned boxes, the Box form, and every kind of change.
///
/// The same seed gives the same bytes, forever: `Fixtures/random` holds
/// pairs by seed with bento's output for them, so this generator must not
/// change.
public enum RandomScreenPairs {
    /// The old and new file of pair `seed`.
    public static func pair(seed: UInt64) -> (old: [UInt8], new: [UInt8]) {
        var g = Generator(random: SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1))
        let old = g.screen()
        let new = g.mutate(old)
        return (g.text(old), g.text(new))
    }

    struct Screen {
        var boxes: [[Section]?]  // box, pinnedToBottomBox (nil: absent)
        var attributes: [(String, JSONValue)]
        var boxForm: Bool
    }

    struct Section {
        var id: JSONValue
        var header: JSONValue?
        var footer: JSONValue?
        var rows: [(id: JSONValue, component: JSONValue)]
        var writesRows: Bool
    }

    struct Generator {
        var random: SeededGenerator

        mutating func chance(_ p: Double) -> Bool { random.chance(p) }
        mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }
        mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

        // MARK: Values

        static let numberSpellings: [[String]] = [
            ["0", "-0", "0.0", "0e5"], ["1", "1.0", "1e0", "10e-1", "0.1e1"], ["2", "2.00", "20E-1"],
            ["16", "1.6e1", "160e-1"], ["0.5", "5e-1", "0.50"], ["12345678901234567890", "1234567890123456789e1"],
            ["12345678901234567891"], ["1e999999", "10e999998"], ["-3", "-3.0", "-0.3e1"],
        ]
        static let strings = [
            "", "a", "b", "caf\u{E9}", "cafe\u{301}", "x/y", "tab\there", "quote\"d", "back\\slash", "line\nbreak",
            "\u{1}", "emoji 😀", "日本", "~0", "Open until 18:00", "\u{7F}", "\u{2028}",
        ]
        static let keys = ["title", "detail", "n", "flag", "list", "nested", "~tilde", "a/b", "", "caf\u{E9}", "cafe\u{301}", "$ref"]

        mutating func number() -> JSONValue {
            .number(JSONNumber(pick(pick(Self.numberSpellings)))!)
        }

        /// The same number, possibly spelled another equal way.
        mutating func respell(_ value: JSONValue) -> JSONValue {
            switch value {
            case .number(let n):
                guard let group = Self.numberSpellings.first(where: { $0.contains(n.text) }) else { return value }
                return .number(JSONNumber(pick(group))!)
            case .array(let a):
                var out: [JSONValue] = []
                for e in a { out.append(respell(e)) }
                return .array(out)
            case .object(let o):
                var out: [(key: String, value: JSONValue)] = []
                for m in o.members { out.append((m.key, respell(m.value))) }
                return .object(JSONObject(out))
            default:
                return value
            }
        }

        mutating func value(depth: Int) -> JSONValue {
            switch int(0...(depth > 2 ? 4 : 6)) {
            case 0: return .null
            case 1: return .bool(chance(0.5))
            case 2: return number()
            case 3, 4: return .string(pick(Self.strings))
            case 5:
                var elements: [JSONValue] = []
                for _ in 0..<int(0...3) { elements.append(value(depth: depth + 1)) }
                return .array(elements)
            default:
                return object(depth: depth + 1)
            }
        }

        mutating func object(depth: Int) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = []
            for _ in 0..<int(0...4) {
                let key = pick(Self.keys)
                if members.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) { continue }
                members.append((key, value(depth: depth)))
            }
            return .object(JSONObject(members))
        }

        mutating func component() -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [("type", .string(pick(["Row", "Title", "D\u{E9}tail"])))]
            if chance(0.8) { members.append(("props", object(depth: 1))) }
            if chance(0.4) { members.append(("style", value(depth: 2))) }
            if chance(0.2) { members.append(("$comment", .string("kept"))) }
            if chance(0.3) { members.shuffle(using: &random) }
            return .object(JSONObject(members))
        }

        /// A changed component: one leaf changed, a member added or removed,
        /// or an equal one (numbers respelled, members reordered).
        mutating func change(_ component: JSONValue) -> JSONValue {
            guard case .object(var object) = component else { return component }
            switch int(0...5) {
            case 0: object["type"] = .string(pick(["Row", "Title", "Other"]))
            case 1: object["props"] = self.object(depth: 1)
            case 2: object["style"] = chance(0.5) ? nil : value(depth: 2)
            case 3: object["extra"] = chance(0.5) ? nil : number()
            case 4:
                var members = object.members
                members.shuffle(using: &random)
                return respell(.object(JSONObject(members)))
            default:
                if case .object(var props)? = object["props"], let first = props.members.first {
                    props[first.key] = value(depth: 2)
                    object["props"] = .object(props)
                } else {
                    object["props"] = self.object(depth: 1)
                }
            }
            return .object(object)
        }

        // MARK: Ids

        static let rowIDs: [JSONValue] = [
            "a", "b", "c", "d", "e", "f", .string("caf\u{E9}"), .string("cafe\u{301}"), 1, "1", 2, 0,
            ["prescription": ["id": "42"]], ["b": 1, "a": "x"], [1, "x"], "x/y",
        ]
        static let sectionIDs: [JSONValue] = ["s1", "s2", "s3", "s4", 7, "7", ["group": "a"], .string("\u{C5}"), .string("A\u{30A}")]

        /// An id, written one of its equal ways (member order, `-0`).
        mutating func spell(_ id: JSONValue) -> JSONValue {
            switch id {
            case .object(let o) where chance(0.5): return .object(JSONObject(o.members.reversed()))
            case .number(let n) where n.text == "0" && chance(0.5): return .number(JSONNumber("-0")!)
            default: return id
            }
        }

        mutating func uniqueIDs(from pool: [JSONValue], count: Int) -> [JSONValue] {
            var seen: [ScreenID] = []
            var out: [JSONValue] = []
            for id in pool.shuffled(using: &random) where out.count < count {
                let key = ScreenID(id)!
                if seen.contains(key) { continue }
                seen.append(key)
                out.append(spell(id))
            }
            return out
        }

        // MARK: Screens

        mutating func section(id: JSONValue) -> Section {
            let rowIDs = uniqueIDs(from: Self.rowIDs, count: int(0...6))
            return Section(
                id: id, header: chance(0.3) ? component() : nil, footer: chance(0.2) ? component() : nil,
                rows: rowIDs.map { ($0, component()) }, writesRows: true)
        }

        mutating func box() -> [Section] {
            uniqueIDs(from: Self.sectionIDs, count: int(0...4)).map { section(id: $0) }
        }

        mutating func screen() -> Screen {
            var attributes: [(String, JSONValue)] = []
            if chance(0.6) { attributes.append(("title", .string(pick(Self.strings)))) }
            if chance(0.4) { attributes.append(("shouldUseSystemSeparators", .bool(chance(0.5)))) }
            if chance(0.3) { attributes.append(("rightBarItems", value(depth: 1))) }
            let pinned = chance(0.3) ? box() : nil
            let boxForm = attributes.isEmpty && pinned == nil && chance(0.4)
            return Screen(boxes: [box(), pinned], attributes: attributes, boxForm: boxForm)
        }

        mutating func mutate(_ old: Screen) -> Screen {
            var new = old
            if chance(0.3) {
                // Attributes: change, add or remove one.
                switch int(0...2) {
                case 0 where !new.attributes.isEmpty: new.attributes[0].1 = .string(pick(Self.strings))
                case 1: new.attributes.append(("badge", number()))
                default: if !new.attributes.isEmpty { new.attributes.removeLast() }
                }
                new.boxForm = false
            }
            if chance(0.2) { new.attributes.shuffle(using: &random) }
            for b in new.boxes.indices {
                guard var sections = new.boxes[b] else {
                    if chance(0.2) {
                        new.boxes[b] = box()
                        new.boxForm = false
                    }
                    continue
                }
                mutate(&sections)
                new.boxes[b] = sections
            }
            if new.boxes[1] != nil { new.boxForm = false }
            return new
        }

        mutating func mutate(_ sections: inout [Section]) {
            // Rows: change, delete, move within or across sections.
            var carried: [(id: JSONValue, component: JSONValue)] = []
            for s in sections.indices {
                var rows: [(id: JSONValue, component: JSONValue)] = []
                for row in sections[s].rows {
                    switch int(0...9) {
                    case 0: continue  // deleted
                    case 1, 2: rows.append((row.id, change(row.component)))
                    case 3: carried.append(row)  // moves somewhere else
                    default: rows.append((spell(row.id), row.component))
                    }
                }
                if chance(0.3) { rows.shuffle(using: &random) }
                sections[s].rows = rows
                if chance(0.15) { sections[s].header = chance(0.5) ? nil : component() }
                if chance(0.1) { sections[s].footer = chance(0.5) ? nil : component() }
                if let header = sections[s].header, chance(0.15) { sections[s].header = change(header) }
                if sections[s].rows.isEmpty && chance(0.5) { sections[s].writesRows = false }
            }
            // Inserted rows, and the carried ones, where their id is free.
            for _ in 0..<int(0...3) { carried.append((pick(Self.rowIDs), component())) }
            for row in carried where !sections.isEmpty {
                let s = int(0...sections.count - 1)
                let key = ScreenID(row.id)!
                guard !sections[s].rows.contains(where: { ScreenID($0.id)! == key }) else { continue }
                sections[s].rows.insert(row, at: int(0...sections[s].rows.count))
                sections[s].writesRows = true
            }
            // Sections: delete, insert, reorder.
            if !sections.isEmpty && chance(0.2) { sections.remove(at: int(0...sections.count - 1)) }
            if chance(0.3) {
                let id = pick(Self.sectionIDs)
                let key = ScreenID(id)!
                if !sections.contains(where: { ScreenID($0.id)! == key }) {
                    sections.insert(section(id: id), at: int(0...sections.count))
                }
            }
            if chance(0.3) { sections.shuffle(using: &random) }
        }

        // MARK: Text

        /// The screen as JSON text in a random style: compact, indented or
        /// ragged white space, random escapes, sometimes a byte order mark.
        mutating func text(_ screen: Screen) -> [UInt8] {
            var writer = MessyWriter(random: random, style: int(0...2))
            _ = random.next()
            if chance(0.05) { writer.out += [0xEF, 0xBB, 0xBF] }
            var members: [(String, Written)] = []
            if chance(0.1) { members.append(("$schema", .value("https://example.com/screen.json"))) }
            let names = ["box", "pinnedToBottomBox"]
            for (b, sections) in screen.boxes.enumerated() {
                guard let sections else { continue }
                members.append((names[b], boxValue(sections)))
            }
            if screen.boxForm, case .object(let box)? = members.first(where: { $0.0 == "box" })?.1 {
                writer.write(.object(box))
            } else {
                for (name, value) in screen.attributes { members.append((name, .value(value))) }
                if chance(0.5) { members.shuffle(using: &random) }
                writer.write(.object(members))
            }
            return writer.out
        }

        func boxValue(_ sections: [Section]) -> Written {
            .object([("sections", .array(sections.map(sectionValue)))])
        }

        func sectionValue(_ section: Section) -> Written {
            var members: [(String, Written)] = [("id", .value(section.id))]
            if let header = section.header { members.append(("header", .value(header))) }
            if let footer = section.footer { members.append(("footer", .value(footer))) }
            if section.writesRows {
                members.append(
                    ("rows", .array(section.rows.map { .object([("id", .value($0.id)), ("component", .value($0.component))]) })))
            }
            return .object(members)
        }
    }

    /// A document to write: the schema's objects, and values inside them.
    indirect enum Written {
        case object([(String, Written)])
        case array([Written])
        case value(JSONValue)
    }

    /// Writes JSON with random white space and escapes; numbers as spelled.
    struct MessyWriter {
        var random: SeededGenerator
        /// 0 compact, 1 indented, 2 ragged.
        let style: Int
        var out: [UInt8] = []
        var depth = 0

        mutating func space() {
            switch style {
            case 1:
                out.append(0x0A)
                out += repeatElement(0x20, count: depth * 2)
            case 2:
                for _ in 0..<Int.random(in: 0...2, using: &random) { out.append([0x20, 0x09, 0x0A, 0x0D].randomElement(using: &random)!) }
            default:
                break
            }
        }

        mutating func write(_ written: Written) {
            switch written {
            case .value(let v): write(v)
            case .array(let elements): container("[", "]", elements.map { (nil, $0) })
            case .object(let members): container("{", "}", members.map { ($0.0, $0.1) })
            }
        }

        mutating func write(_ value: JSONValue) {
            switch value {
            case .object(let o): container("{", "}", o.members.map { ($0.key, Written.value($0.value)) })
            case .array(let a): container("[", "]", a.map { (nil, Written.value($0)) })
            case .string(let s): string(s)
            case .number(let n): out += n.text.utf8
            case .bool(let b): out += (b ? "true" : "false").utf8
            case .null: out += "null".utf8
            }
        }

        mutating func container(_ open: Unicode.Scalar, _ close: Unicode.Scalar, _ items: [(String?, Written)]) {
            out.append(UInt8(ascii: open))
            depth += 1
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                space()
                if let key = item.0 {
                    string(key)
                    if style == 2 { space() }
                    out.append(UInt8(ascii: ":"))
                    if style != 0 { out.append(0x20) }
                }
                write(item.1)
            }
            depth -= 1
            if !items.isEmpty { space() }
            out.append(UInt8(ascii: close))
        }

        mutating func string(_ s: String) {
            out.append(UInt8(ascii: "\""))
            for scalar in s.unicodeScalars {
                let v = scalar.value
                let escapeAnyway = Int.random(in: 0..<8, using: &random) == 0
                switch v {
                case 0x22: out += #"\""#.utf8
                case 0x5C: out += #"\\"#.utf8
                case 0x2F where escapeAnyway: out += #"\/"#.utf8
                case 0x0A: out += (escapeAnyway ? #"\u000A"# : #"\n"#).utf8
                case 0x09: out += #"\t"#.utf8
                case 0..<0x20: unicodeEscape(v)
                default:
                    if escapeAnyway {
                        if v >= 0x10000 {
                            let u = v - 0x10000
                            unicodeEscape(0xD800 + (u >> 10))
                            unicodeEscape(0xDC00 + (u & 0x3FF))
                        } else {
                            unicodeEscape(v)
                        }
                    } else {
                        out += String(scalar).utf8
                    }
                }
            }
            out.append(UInt8(ascii: "\""))
        }

        mutating func unicodeEscape(_ v: UInt32) {
            let hex = Array((Bool.random(using: &random) ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
            out += #"\u"#.utf8
            for shift in [12, 8, 4, 0] { out.append(hex[Int((v >> UInt32(shift)) & 0xF)]) }
        }
    }
}
