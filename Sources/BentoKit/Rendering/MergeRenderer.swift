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
    public static func render(_ merged: MergedScreen, markers: ConflictMarkers = ConflictMarkers(), base: Screen? = nil) -> [UInt8] {
        pieces(merged, markers: markers, base: base).joinedBytes()
    }

    /// `render`'s text in pieces, in order: each clean section is one,
    /// written on all cores, and the pieces are written out as they are (a
    /// merge of 100k rows is not copied into one text).
    /// - Complexity: O(n) in the size of the screen.
    /// - Parameters:
    ///   - markers: the markers' labels and length; with a BASE label (the
    ///     diff3 style), each conflict has BASE's block too, from `base`.
    public static func pieces(_ merged: MergedScreen, markers: ConflictMarkers = ConflictMarkers(), base: Screen? = nil) -> [[UInt8]] {
        if let screen = merged.screen { return ScreenRenderer.pieces(screen) }
        let context = Context(markers: markers, base: markers.base == nil ? nil : base.map(BaseIndex.init))
        var page = Page()
        if merged.shape == .box && merged.pinnedToBottomBox == nil && merged.attributes.isEmpty {
            context.boxElement(merged.box, .box)(&page, 0)
        } else {
            context.write(context.screenEntries(merged), open: "{", close: "}", indent: 0, to: &page)
        }
        page.out.append(UInt8(ascii: "\n"))
        return page.pieces + [page.out]
    }

    /// BASE, for the diff3 style: each conflict's element as BASE has it,
    /// found by id (a row in its section, else where its box has it once).
    private struct BaseIndex: Sendable {
        let screen: Screen
        let sections: [BoxName: [ScreenID: Int]]
        let rows: [BoxName: [ScreenID: (section: Int, row: Int)?]]

        init(_ screen: Screen) {
            self.screen = screen
            var sections: [BoxName: [ScreenID: Int]] = [:], rows: [BoxName: [ScreenID: (section: Int, row: Int)?]] = [:]
            for name in BoxName.allCases {
                var byID: [ScreenID: Int] = [:], rowsByID: [ScreenID: (section: Int, row: Int)?] = [:]
                for (i, section) in screen[box: name].sections.enumerated() {
                    byID[section.id] = i
                    for (r, node) in section.rows.enumerated() {
                        rowsByID[node.id] = rowsByID[node.id] == nil ? (i, r) : .some(nil)
                    }
                }
                (sections[name], rows[name]) = (byID, rowsByID)
            }
            (self.sections, self.rows) = (sections, rows)
        }

        func section(_ name: BoxName, _ id: ScreenID) -> Section? {
            sections[name]?[id].map { screen[box: name].sections[$0] }
        }

        func row(_ name: BoxName, _ id: ScreenID, in sectionID: ScreenID) -> Node? {
            if let section = section(name, sectionID), let node = section.rows.first(where: { $0.id == id }) { return node }
            guard let place = rows[name]?[id] ?? nil else { return nil }
            return screen[box: name].sections[place.section].rows[place.row]
        }
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

    /// An element of an object or array: merged, or each side's elements
    /// (and BASE's, in the diff3 style).
    private enum Entry {
        case clean(Element)
        case conflict(ours: [Element], theirs: [Element], base: [Element]?)
    }

    /// The markers, and BASE where its blocks are written.
    private struct Context {
        let markers: ConflictMarkers
        let base: BaseIndex?

        func screenEntries(_ merged: MergedScreen) -> [Entry] {
            var entries: [Entry] = [.clean(member("box", boxElement(merged.box, .box)))]
            if let pinned = merged.pinnedToBottomBox {
                entries.append(.clean(member("pinnedToBottomBox", boxElement(pinned, .pinnedToBottomBox))))
            }
            entries += merged.attributes.map { item in
                entry(item, base: base.map { base in base.screen.attributes[item.key].map { value(item.key, $0) } }) { member in
                    value(member.key, member.value)
                }
            }
            return entries
        }

        /// A member `name` of value `value`.
        private func value(_ name: String, _ value: JSONValue) -> Element { member(name, Self.value(value)) }

        func boxElement(_ sections: [MergeItem<MergedSection>], _ name: BoxName) -> Element {
            { page, indent in
                // Sections are written on all cores, each side of a conflict
                // resolved to that side.
                let texts = ScreenRenderer.inParallel(sections, indent: indent + 2) { item, out, indent in
                    switch item {
                    case .clean(let section):
                        var page = Page(out: out)
                        sectionElement(section, name)(&page, indent)
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
                        let baseSection = base.map { base in
                            base.section(name, (ours ?? theirs)!.id).map { section in
                                [{ (page: inout Page, indent: Int) in ScreenRenderer.write(section, to: &page.out, indent: indent) } as Element]
                            } ?? []
                        }
                        return .conflict(ours: side(.ours, ours), theirs: side(.theirs, theirs), base: baseSection)
                    }
                }
                write([.clean(member("sections", { page, indent in write(entries, open: "[", close: "]", indent: indent, to: &page) }))],
                    open: "{", close: "}", indent: indent, to: &page)
            }
        }

        func sectionElement(_ section: MergedSection, _ name: BoxName) -> Element {
            { page, indent in
                let baseSection = base?.section(name, section.id)
                var entries: [Entry] = [.clean(member("id", Self.value(section.id.value)))]
                entries += section.members.map { item in
                    let baseMember = base.map { _ in
                        (item.key == "header" ? baseSection?.header : baseSection?.footer).map { value(item.key, $0.jsonValue) }
                    }
                    return entry(item, base: baseMember) { member in value(member.key, member.value) }
                }
                let rows = section.rows.map { item in
                    let write = { (node: Node) -> Element in { page, indent in ScreenRenderer.write(node, to: &page.out, indent: indent) } }
                    let baseRow = base.map { base in
                        base.row(name, (item.value(for: .ours) ?? item.value(for: .theirs))!.id, in: section.id).map(write)
                    }
                    return entry(item, base: baseRow ?? nil, write)
                }
                entries.append(.clean(member("rows", { page, indent in write(rows, open: "[", close: "]", indent: indent, to: &page) })))
                write(entries, open: "{", close: "}", indent: indent, to: &page)
            }
        }

        /// A clean item's element, or a conflict's sides, each a side's value,
        /// and BASE's (`base`: nil without the diff3 style; `.some(nil)` where
        /// BASE has no such element).
        private func entry<Value>(_ item: MergeItem<Value>, base: Element??, _ element: (Value) -> Element) -> Entry {
            switch item {
            case .clean(let value): .clean(element(value))
            case .conflict(let ours, let theirs):
                .conflict(
                    ours: ours.map { [element($0)] } ?? [], theirs: theirs.map { [element($0)] } ?? [],
                    base: base.map { $0.map { [$0] } ?? [] })
            }
        }

        private static func value(_ value: JSONValue) -> Element {
            { page, indent in writer.write(value, to: &page.out, indent: indent) }
        }

        private func member(_ name: String, _ element: @escaping Element) -> Element {
            { page, indent in
                writer.writeName(name, to: &page.out)
                element(&page, indent)
            }
        }

        /// Writes an object or array of `entries`: by the writer's `Container`
        /// when all are clean, else with markers and commas as the type's
        /// documentation says.
        func write(_ entries: [Entry], open: Character, close: Character, indent: Int, to page: inout Page) {
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
                case .conflict(let ours, let theirs, let base): !ours.isEmpty && !theirs.isEmpty && base?.isEmpty != true
                }
            }
            let anchor = entries.lastIndex(where: isAnchor) ?? -1
            if anchor < 0 && entries.count > 1 {
                var ours: [Element] = [], theirs: [Element] = [], base: [Element]?
                for case .conflict(let o, let t, let b) in entries {
                    ours += o
                    theirs += t
                    if let b { base = (base ?? []) + b }
                }
                entries = [.conflict(ours: ours, theirs: theirs, base: base)]
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
                case .conflict(let ours, let theirs, let base):
                    var blocks = [(markers.opening, ours)]
                    if markers.base != nil { blocks.append((markers.baseOpening, base ?? [])) }
                    blocks.append((markers.separator, theirs))
                    for (marker, elements) in blocks {
                        page.out.append(UInt8(ascii: "\n"))
                        page.out += marker
                        for (k, element) in elements.enumerated() {
                            // Alone in its list, a block separates its own elements.
                            put(element, trailingComma: trailing || (anchor < 0 && k < elements.count - 1))
                        }
                    }
                    page.out.append(UInt8(ascii: "\n"))
                    page.out += markers.closing
                }
            }
            MergeRenderer.writer.newline(&page.out, indent)
            page.out.append(contentsOf: String(close).utf8)
        }
    }
}
