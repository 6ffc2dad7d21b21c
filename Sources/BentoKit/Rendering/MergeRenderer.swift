import BentoJSON

/// Writes a merged screen as `bento apply` writes screens (indented two
/// spaces, members in the model's order), with git-style markers around
/// each conflict:
///
///     <<<<<<< OURS
///         { OURS' row }
///     =======
///         { THEIRS' row }
///     >>>>>>> THEIRS
///
/// Each side's block holds its own commas, so that deleting one side's
/// block and the three marker lines leaves valid JSON, wherever the element
/// stands (first, middle, last) and when a side has nothing there: elements
/// before the last one that is in the merge on every resolution (a clean
/// element, or a conflict both sides fill) end with a comma, elements after
/// it begin with one. Conflicts in a list with no such element become one
/// block, whose sides are resolved as a whole.
public enum MergeRenderer {
    /// The merged screen as JSON text with conflict markers, ending with a
    /// newline. A clean merge is exactly what `bento apply` writes.
    /// - Complexity: O(n) in the size of the screen.
    public static func render(_ merged: MergedScreen) -> [UInt8] {
        if let screen = merged.screen { return ScreenRenderer.render(screen) }
        var out: [UInt8] = []
        if merged.shape == .box && merged.pinnedToBottomBox == nil && merged.attributes.isEmpty {
            boxElement(merged.box)(&out, 0)
        } else {
            write(screenEntries(merged), open: "{", close: "}", indent: 0, to: &out)
        }
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private static let writer = JSONWriter(style: .pretty)

    /// Writes one element at an indentation, after the line break.
    private typealias Element = (inout [UInt8], Int) -> Void

    /// An element of an object or array: merged, or each side's elements.
    private enum Entry {
        case clean(Element)
        case conflict(ours: [Element], theirs: [Element])
    }

    private static func screenEntries(_ merged: MergedScreen) -> [Entry] {
        var entries: [Entry] = [.clean(member("box", boxElement(merged.box)))]
        if let pinned = merged.pinnedToBottomBox { entries.append(.clean(member("pinnedToBottomBox", boxElement(pinned)))) }
        entries += merged.attributes.map { entry($0) { member in self.member(member.key, value(member.value)) } }
        return entries
    }

    private static func boxElement(_ sections: [MergeItem<MergedSection>]) -> Element {
        { out, indent in
            // Sections are written on all cores, each side of a conflict
            // resolved to that side.
            let texts = ScreenRenderer.inParallel(sections, indent: indent + 2) { item, out, indent in
                switch item {
                case .clean(let section): sectionElement(section)(&out, indent)
                case .conflict: break
                }
            }
            // Room for them all at once: the page is not grown (and copied) step by step.
            out.reserveCapacity(out.count + texts.reduce(0) { $0 + $1.count } + (1 << 16))
            let entries = zip(sections, texts).map { item, text -> Entry in
                switch item {
                case .clean: return .clean { out, _ in out.append(contentsOf: text) }
                case .conflict(let ours, let theirs):
                    func side(_ side: MergeSide, _ section: MergedSection?) -> [Element] {
                        section.map { section in
                            let resolved = section.resolved(side)
                            return [{ out, indent in ScreenRenderer.write(resolved, to: &out, indent: indent) }]
                        } ?? []
                    }
                    return .conflict(ours: side(.ours, ours), theirs: side(.theirs, theirs))
                }
            }
            write([.clean(member("sections", { out, indent in write(entries, open: "[", close: "]", indent: indent, to: &out) }))],
                open: "{", close: "}", indent: indent, to: &out)
        }
    }

    private static func sectionElement(_ section: MergedSection) -> Element {
        { out, indent in
            var entries: [Entry] = [.clean(member("id", value(section.id.value)))]
            entries += section.members.map { entry($0) { member in self.member(member.key, value(member.value)) } }
            let rows = section.rows.map { entry($0) { node in { out, indent in ScreenRenderer.write(node, to: &out, indent: indent) } } }
            entries.append(.clean(member("rows", { out, indent in write(rows, open: "[", close: "]", indent: indent, to: &out) })))
            write(entries, open: "{", close: "}", indent: indent, to: &out)
        }
    }

    /// A clean item's element, or a conflict's sides, each a side's value.
    private static func entry<Value>(_ item: MergeItem<Value>, _ element: (Value) -> Element) -> Entry {
        switch item {
        case .clean(let value): .clean(element(value))
        case .conflict(let ours, let theirs): .conflict(ours: ours.map { [element($0)] } ?? [], theirs: theirs.map { [element($0)] } ?? [])
        }
    }

    private static func value(_ value: JSONValue) -> Element {
        { out, indent in writer.write(value, to: &out, indent: indent) }
    }

    private static func member(_ name: String, _ element: @escaping Element) -> Element {
        { out, indent in
            writer.writeName(name, to: &out)
            element(&out, indent)
        }
    }

    /// Writes an object or array of `entries`, with markers and commas as
    /// the type's documentation says.
    private static func write(_ entries: [Entry], open: Character, close: Character, indent: Int, to out: inout [UInt8]) {
        var entries = entries
        guard !entries.isEmpty else {
            out.append(contentsOf: "\(open)\(close)".utf8)
            return
        }
        func isAnchor(_ entry: Entry) -> Bool {
            switch entry {
            case .clean: true
            case .conflict(let ours, let theirs): !ours.isEmpty && !theirs.isEmpty
            }
        }
        let anchor = entries.lastIndex(where: isAnchor) ?? -1
        if anchor < 0 && entries.count > 1 {
            var ours: [Element] = [], theirs: [Element] = []
            for case .conflict(let o, let t) in entries {
                ours += o
                theirs += t
            }
            entries = [.conflict(ours: ours, theirs: theirs)]
        }

        out.append(contentsOf: String(open).utf8)
        for (i, entry) in entries.enumerated() {
            let leading = anchor >= 0 && i > anchor, trailing = i < anchor
            func put(_ element: Element, trailingComma: Bool) {
                writer.newline(&out, indent + 1)
                if leading { out.append(contentsOf: ", ".utf8) }
                element(&out, indent + 1)
                if trailingComma { out.append(UInt8(ascii: ",")) }
            }
            switch entry {
            case .clean(let element):
                put(element, trailingComma: trailing)
            case .conflict(let ours, let theirs):
                for (marker, elements) in [("<<<<<<< OURS", ours), ("=======", theirs)] {
                    out.append(contentsOf: "\n\(marker)".utf8)
                    for (k, element) in elements.enumerated() {
                        // Alone in its list, a block separates its own elements.
                        put(element, trailingComma: trailing || (anchor < 0 && k < elements.count - 1))
                    }
                }
                out.append(contentsOf: "\n>>>>>>> THEIRS".utf8)
            }
        }
        writer.newline(&out, indent)
        out.append(contentsOf: String(close).utf8)
    }
}
