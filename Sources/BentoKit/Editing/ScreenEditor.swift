import BentoJSON

/// Works out how to write a result screen by editing the text of OURS (in
/// `apply`, OLD): bento-changeset(5), WRITING. What the result keeps of OURS keeps
/// its bytes; a moved section or row is cut whole and put where it lands;
/// a changed value is replaced in place; what THEIRS brings is taken from
/// THEIRS' text; what no text has is written anew (`JSONEditWriter`).
///
/// Sections and rows are found by id on each side; a section or row that
/// the result has as OURS has it is one `keep`, so a screen of 100k rows
/// with a few changes is a few edits.
public struct ScreenEditor: Sendable {
    /// A side's text, and its source number in the writer (OURS is 0).
    struct Side: Sendable {
        let text: ScreenText
        let source: Int
    }

    let ours: Side
    let theirs: Side?
    /// BASE's text, for the diff3 style: each conflict shows BASE's version
    /// of the element too.
    let base: Side?
    /// Where the result's rows come from, when a changeset says (`apply`).
    let origins: RowOrigins

    /// An editor of `ours`' text, taking what it lacks from `theirs`' (a
    /// merge) or writing it anew (`apply`: then added members go last,
    /// and rows are found where `origins` says); with `base`'s text, each
    /// conflict has BASE's block too.
    public init(ours: ScreenText, theirs: ScreenText? = nil, base: ScreenText? = nil, origins: RowOrigins = RowOrigins()) {
        self.ours = Side(text: ours, source: 0)
        self.theirs = theirs.map { Side(text: $0, source: 1) }
        self.base = base.map { Side(text: $0, source: 2) }
        self.origins = origins
    }

    /// The texts, by source number, for `JSONEditWriter` (BASE's is 2,
    /// with THEIRS' before it, or an empty stand-in).
    public var sources: [SourceBytes] {
        var sources = [ours.text.bytes] + (theirs.map { [$0.text.bytes] } ?? [])
        if let base {
            if theirs == nil { sources.append(SourceBytes([])) }
            sources.append(base.text.bytes)
        }
        return sources
    }

    /// The edit of OURS' document that writes `merged`, its conflicts
    /// between markers.
    /// - Complexity: O(n) in the number of sections and rows, plus the
    ///   size of what changed.
    public func edit(_ merged: MergedScreen) -> JSONEdit {
        let text = ours.text
        let box = boxEdit(.box, merged.box)
        let theirsRoot = theirs?.text.rootMembers, baseRoot = base?.text.rootMembers
        if text.isBoxDocument {
            if merged.pinnedToBottomBox == nil && merged.attributes.isEmpty { return box }
            var items: [JSONEdit.Item] = [.child(JSONEdit.Child(name: .text("box"), value: box))]
            if let pinned = merged.pinnedToBottomBox {
                items.append(.child(JSONEdit.Child(name: .text("pinnedToBottomBox"), value: boxEdit(.pinnedToBottomBox, pinned))))
            }
            items += merged.attributes.map { memberItem($0, in: nil, theirsIn: theirsRoot, baseIn: baseRoot) }
            return .container(isObject: true, items)
        }
        var kept: [(name: String, item: JSONEdit.Item)] = []
        var written: Set<[UInt8]> = []
        for (k, member) in (text.rootMembers ?? []).enumerated() {
            let name = member.name
            written.insert(Array(name.utf8))
            let spelled = JSONEdit.Name.spelled(source: 0, range: member.nameRange)
            if name.hasPrefix("$") {
                kept.append((name, .child(JSONEdit.Child(origin: k, name: spelled, value: .keep(source: 0, range: member.value)))))
            } else if name == BoxName.box.rawValue {
                kept.append((name, .child(JSONEdit.Child(origin: k, name: spelled, value: box))))
            } else if name == BoxName.pinnedToBottomBox.rawValue {
                guard let pinned = merged.pinnedToBottomBox else { continue }
                kept.append((name, .child(JSONEdit.Child(origin: k, name: spelled, value: boxEdit(.pinnedToBottomBox, pinned)))))
            } else if let item = merged.attributes.first(where: { CodePoints.equal($0.key, name) }) {
                kept.append((name, memberItem(item, in: (k, member), theirsIn: theirsRoot, baseIn: baseRoot)))
            }
        }
        var added: [(name: String, item: JSONEdit.Item)] = []
        if let pinned = merged.pinnedToBottomBox, !written.contains(Array(BoxName.pinnedToBottomBox.rawValue.utf8)) {
            let name = BoxName.pinnedToBottomBox.rawValue
            added.append((name, .child(JSONEdit.Child(name: .text(name), value: boxEdit(.pinnedToBottomBox, pinned)))))
        }
        for item in merged.attributes where !written.contains(Array(item.key.utf8)) {
            added.append((item.key, memberItem(item, in: nil, theirsIn: theirsRoot, baseIn: baseRoot)))
        }
        let order = theirsRoot.map { $0.map(\.name) }
        return .object(source: 0, text.rootLayout, members: JSONEdit.Items(JSONEditor.placing(added, among: kept, order: order)))
    }

    // MARK: Members

    /// A screen attribute, or a section's header or footer: OURS' member
    /// (`oursMember`, the k-th of its object) edited, else THEIRS' (among
    /// `theirsMembers`), else new; a conflict with each side's own (and
    /// BASE's, among `baseMembers`, in the diff3 style).
    func memberItem(
        _ item: MergeItem<MergedMember>, in oursMember: (k: Int, member: ScreenText.Member)?,
        theirsIn theirsMembers: [ScreenText.Member]?, baseIn baseMembers: [ScreenText.Member]?
    ) -> JSONEdit.Item {
        let theirsMember = theirs.flatMap { t in theirsMembers?.first { CodePoints.equal($0.name, item.key) }.map { (side: t, member: $0) } }
        func oursChild(_ member: MergedMember) -> JSONEdit.Child {
            guard let (k, place) = oursMember else { return theirsChild(member) }
            let donor = theirsMember.map { $0.side.text.place($0.member.value, source: 1) }
            return JSONEdit.Child(
                origin: k, name: .spelled(source: 0, range: place.nameRange),
                value: JSONEditor.edit(ours.text.place(place.value, source: 0), to: member.value, donor: donor))
        }
        func theirsChild(_ member: MergedMember) -> JSONEdit.Child {
            guard let (side, place) = theirsMember else { return JSONEdit.Child(name: .text(member.key), value: .new(member.value)) }
            return JSONEdit.Child(
                name: .spelled(source: 1, range: place.nameRange),
                value: JSONEditor.edit(side.text.place(place.value, source: 1), to: member.value))
        }
        switch item {
        case .clean(let member):
            return .child(oursChild(member))
        case .conflict(let o, let t):
            return .conflict(
                ours: o.map { [oursChild($0)] } ?? [], theirs: t.map { [theirsChild($0)] } ?? [],
                base: baseMember(item.key, in: baseMembers))
        }
    }

    /// BASE's member `key` among `members`, as it stands, for BASE's block
    /// of a conflict: nil without the diff3 style, none where BASE has no
    /// such member.
    func baseMember(_ key: String, in members: [ScreenText.Member]?) -> [JSONEdit.Child]? {
        guard let base else { return nil }
        guard let member = members?.first(where: { CodePoints.equal($0.name, key) }) else { return [] }
        return [
            JSONEdit.Child(
                name: .spelled(source: base.source, range: member.nameRange), value: .keep(source: base.source, range: member.value))
        ]
    }
}

extension MergeItem where Value == MergedMember {
    /// The member's name, from whichever side has it.
    var key: String {
        switch self {
        case .clean(let member): member.key
        case .conflict(let ours, let theirs): (ours ?? theirs)!.key
        }
    }
}

extension MergedScreen {
    /// `screen` as a merge without conflicts: what `apply` and `--favor` write.
    /// - Complexity: O(n) in the number of sections and rows.
    public init(clean screen: Screen) {
        self.init(
            attributes: screen.attributes.members.map { .clean(MergedMember(key: $0.key, value: $0.value)) },
            box: screen.box.sections.map { .clean(MergedSection($0)) },
            pinnedToBottomBox: screen.pinnedToBottomBox.map { $0.sections.map { .clean(MergedSection($0)) } },
            shape: screen.shape, conflicts: [])
    }
}

extension ScreenEditor {
    /// The text of `merged` written by editing `ours`' text (bento-changeset(5),
    /// WRITING), taking what THEIRS brings from `theirs`' text, with
    /// `markers` around each conflict (and BASE's block from `base`'s text,
    /// in the diff3 style).
    /// The text comes in pieces, in order (a long list's runs, written on
    /// all cores, are not copied together).
    /// - Complexity: O(n) in the size of the texts.
    public static func text(of merged: MergedScreen, editing ours: ScreenText, taking theirs: ScreenText? = nil,
        base: ScreenText? = nil, origins: RowOrigins = RowOrigins(), markers: ConflictMarkers = ConflictMarkers()) -> [[UInt8]]
    {
        let editor = ScreenEditor(ours: ours, theirs: theirs, base: base, origins: origins)
        return JSONEditWriter.write(
            editor.edit(merged), sources: editor.sources, document: ours.outline.whole, style: ours.style, markers: markers)
    }

    /// The text `text(of:editing:taking:markers:)` makes, handed to
    /// `consume` piece by piece as it is written, never held whole.
    /// - Complexity: O(n) in the size of the texts.
    public static func stream(
        _ merged: MergedScreen, editing ours: ScreenText, taking theirs: ScreenText? = nil, base: ScreenText? = nil,
        origins: RowOrigins = RowOrigins(), markers: ConflictMarkers = ConflictMarkers(), to consume: sending @escaping ([UInt8]) -> Void
    ) {
        let editor = ScreenEditor(ours: ours, theirs: theirs, base: base, origins: origins)
        JSONEditWriter.stream(
            editor.edit(merged), sources: editor.sources, document: ours.outline.whole, style: ours.style, markers: markers,
            to: consume)
    }
}
