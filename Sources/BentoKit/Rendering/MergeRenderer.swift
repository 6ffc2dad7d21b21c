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
    public static func render(_ merged: MergedScreen) -> [UInt8] { pieces(merged).joinedBytes() }

    /// `render`'s text in pieces, in order: each clean section is one,
    /// written on all cores, and the pieces are written out as they are (a
    /// merge of 100k rows is not copied into one text).
    /// - Complexity: O(n) in the size of the screen.
    public static func pieces(_ merged: MergedScreen) -> [[UInt8]] {
        if let screen = merged.screen { return ScreenRenderer.pieces(screen) }
        var page = Page()
        if merged.shape == .box && merged.pinnedToBottomBox == nil && merged.attributes.isEmpty {
            boxElement(merged.box)(&page, 0)
        } else {
            write(screenEntries(merged), open: "{", close: "}", indent: 0, to: &page)
        }
        page.out.append(UInt8(ascii: "\n"))
        return page.pieces + [page.out]
    }

    private static let writer = JSONWriter(style: .pretty)

    /// The text written so far: pieces, then the text since the last one.
    private struct Page {
        var pieces: [[UInt8]] = []
        var out: [UInt8] = []

        /// Adds `text`, written elsewhere, as a piece of its own.
        mutating func add(piece text: [UInt8]) {
            pieces.append(out)
            pieces.append(text)
            out = []
        }
    }

    /// Writes one element at an indentation, after the line break.
    private typealias Element = (inout Page, Int) -> Void

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
        { page, indent in
            // Sections are written on all cores, each side of a conflict
            // resolved to that side.
            let texts = ScreenRenderer.inParallel(sections, indent: indent + 2) { item, out, indent in
                switch item {
                case .clean(let section):
                    var page = Page(out: out)
                    sectionElement(section)(&page, indent)
                    out = page.out  // a section's text is all in `out`: it adds no pieces
                case .conflict: break
                }
            }
            let entries = zip(sections, texts).map { item, text -> Entry in
                switch item {
                case .clean: return .clean { page, _ in page.add(piece: text) }
                case .conflict(let ours, let theirs):
                    func side(_ side: MergeSide, _ section: MergedSection?) -> [Element] {
                        section.map { section in
                            let resolved = section.resolved(side)
                            return [{ page, indent in ScreenRenderer.write(resolved, to: &page.out, indent: indent) }]
                        } ?? []
                    }
                    return .conflict(ours: side(.ours, ours), theirs: side(.theirs, theirs))
                }
            }
            write([.clean(member("sections", { page, indent in write(entries, open: "[", close: "]", indent: indent, to: &page) }))],
                open: "{", close: "}", indent: indent, to: &page)
        }
    }

    private static func sectionElement(_ section: MergedSection) -> Element {
        { page, indent in
            var entries: [Entry] = [.clean(member("id", value(section.id.value)))]
            entries += section.members.map { entry($0) { member in self.member(member.key, value(member.value)) } }
            let rows = section.rows.map { entry($0) { node in { page, indent in ScreenRenderer.write(node, to: &page.out, indent: indent) } } }
            entries.append(.clean(member("rows", { page, indent in write(rows, open: "[", close: "]", indent: indent, to: &page) })))
            write(entries, open: "{", close: "}", indent: indent, to: &page)
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
        { page, indent in writer.write(value, to: &page.out, indent: indent) }
    }

    private static func member(_ name: String, _ element: @escaping Element) -> Element {
        { page, indent in
            writer.writeName(name, to: &page.out)
            element(&page, indent)
        }
    }

    /// Writes an object or array of `entries`: by the writer's `Container`
    /// when all are clean, else with markers and commas as the type's
    /// documentation says.
    private static func write(_ entries: [Entry], open: Character, close: Character, indent: Int, to page: inout Page) {
        let clean = entries.compactMap { entry -> Element? in
            if case .clean(let element) = entry { element } else { nil }
        }
        if clean.count == entries.count {
            var container =
                open == "{"
                ? JSONWriter.Container.object(writer, indent: indent, &page.out)
                : JSONWriter.Container.array(writer, indent: indent, &page.out)
            for element in clean {
                container.element(&page.out)
                element(&page, indent + 1)
            }
            container.close(&page.out)
            return
        }
        var entries = entries
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

        page.out.append(contentsOf: String(open).utf8)
        for (i, entry) in entries.enumerated() {
            let leading = anchor >= 0 && i > anchor, trailing = i < anchor
            func put(_ element: Element, trailingComma: Bool) {
                writer.newline(&page.out, indent + 1)
                if leading { page.out.append(contentsOf: ", ".utf8) }
                element(&page, indent + 1)
                if trailingComma { page.out.append(UInt8(ascii: ",")) }
            }
            switch entry {
            case .clean(let element):
                put(element, trailingComma: trailing)
            case .conflict(let ours, let theirs):
                for (marker, elements) in [("<<<<<<< OURS", ours), ("=======", theirs)] {
                    page.out.append(contentsOf: "\n\(marker)".utf8)
                    for (k, element) in elements.enumerated() {
                        // Alone in its list, a block separates its own elements.
                        put(element, trailingComma: trailing || (anchor < 0 && k < elements.count - 1))
                    }
                }
                page.out.append(contentsOf: "\n>>>>>>> THEIRS".utf8)
            }
        }
        writer.newline(&page.out, indent)
        page.out.append(contentsOf: String(close).utf8)
    }
}
