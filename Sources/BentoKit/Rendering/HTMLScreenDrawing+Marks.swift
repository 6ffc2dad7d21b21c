import BentoJSON

/// The marks of a drawn change: its classes, its badge, where it went, and
/// its fields.
extension HTMLScreenDrawing {
    static func opClass(_ op: Change.Operation) -> StaticString {
        switch op {
        case .insert: "ins"
        case .delete: "del"
        case .move: "mov"
        case .update: "upd"
        }
    }

    /// `␣mark row upd on-new`: the classes of a marked element, after its
    /// own (`kind` holds the spaces around it).
    func drawMarkClasses(_ kind: StaticString, _ mark: ChangeMarks.Mark, into out: inout HTMLBuffer) {
        out.markup(kind)
        out.markup(Self.opClass(mark.op))
        out.markup(side == .old ? " on-old" : " on-new")
    }

    /// `f1-old-M3`: the element id of the change labelled `label` on `side`.
    func drawLabelTarget(_ side: ChangeMarks.Side, _ label: ChangeMarks.Label, into out: inout HTMLBuffer) {
        out.markup(bytes: anchor)
        out.markup(side == .old ? "-old-" : "-new-")
        drawLabel(label, into: &out)
    }

    /// `M3`.
    func drawLabel(_ label: ChangeMarks.Label, into out: inout HTMLBuffer) {
        out.markup(label.letter)
        out.markup(number: label.number)
    }

    /// `id="f1-old-M3"`: the target of the other side's label link.
    func drawAnchor(_ mark: ChangeMarks.Mark?, into out: inout HTMLBuffer) {
        guard let label = mark?.label else { return }
        out.markup(" id=\"")
        drawLabelTarget(side, label, into: &out)
        out.markup("\"")
    }

    /// What happened: `+ inserted`, `M3 ↕ moved`. A label links to the same
    /// change on the other side.
    func drawBadge(_ mark: ChangeMarks.Mark, kind: Change.Kind, into out: inout HTMLBuffer) {
        out.markup("<span class=\"badge\">")
        if let label = mark.label {
            let other: ChangeMarks.Side = side == .old ? .new : .old
            out.markup("<a class=\"label\" href=\"#")
            drawLabelTarget(other, label, into: &out)
            out.markup(Self.sameTitle(kind, on: other))
            drawLabel(label, into: &out)
            out.markup("</a> ")
        }
        switch mark.op {
        case .insert: out.markup("+ inserted")
        case .delete: out.markup("− deleted")
        case .move: out.markup(mark.fields.isEmpty ? "↕ moved" : "↕ moved, changed")
        case .update: out.markup("~ updated")
        }
        out.markup("</span>")
    }

    /// `" title="the same row on the new side">`: what a label's link
    /// leads to, closing its tag.
    static func sameTitle(_ kind: Change.Kind, on side: ChangeMarks.Side) -> StaticString {
        switch (kind, side) {
        case (.row, .old): "\" title=\"the same row on the old side\">"
        case (.row, .new): "\" title=\"the same row on the new side\">"
        case (.section, .old): "\" title=\"the same section on the old side\">"
        case (.section, .new): "\" title=\"the same section on the new side\">"
        case (.screen, .old): "\" title=\"the same screen on the old side\">"
        case (.screen, .new): "\" title=\"the same screen on the new side\">"
        }
    }

    /// Where a move came from and went, the same on both sides:
    /// `[0, 3] → [1, 0]`, or `[0, 3] in "a" → [1, 0] in "b"`
    /// across sections; positions as `[section, row]`.
    func drawWhere(_ mark: ChangeMarks.Mark, kind: Change.Kind, into out: inout HTMLBuffer) {
        guard let move = marks.move(of: mark) else { return }
        // Across sections, each end names its section.
        let sections = kind == .row ? marks.sections(of: move) : nil
        func end(_ position: Position, in section: String?) {
            drawPosition(position, into: &out)
            guard let section else { return }
            out.markup(" in <code>")
            out.text(section)
            out.markup("</code>")
        }
        out.markup("<div class=\"where\">")
        end(move.from, in: sections?.from)
        out.markup(" → ")
        end(move.to, in: sections?.to)
        // The same numbers read as going nowhere: say where, by a neighbour.
        if side == .new, let screen,
            let place = MovePlace.phrase(
                from: move.from, to: move.to, acrossSections: move.isAcrossSections, in: screen[box: move.box])
        {
            out.text(" (\(place))")
        }
        out.markup("</div>\n")
    }

    /// `[2]` for a section, `[2, 0]` for a row, as `Position` describes itself.
    func drawPosition(_ position: Position, into out: inout HTMLBuffer) {
        out.markup("[")
        out.markup(number: position.section)
        if let row = position.row {
            out.markup(", ")
            out.markup(number: row)
        }
        out.markup("]")
    }

    /// Field changes listed before the rest fold away.
    static let fieldsShown = 12
    /// The Unicode scalars a field's value is cut to.
    static let fieldWidth = 80

    /// Field changes as `path: old → new`, values as compact JSON cut to 80
    /// characters, `(none)` for a side that has no value; a long list shows
    /// its first few and folds the rest.
    static func drawFields(_ fields: [FieldChange], into out: inout HTMLBuffer) {
        guard !fields.isEmpty else { return }
        func item(_ field: FieldChange) {
            out.markup("<li><code class=\"path\">")
            out.text(field.path.isEmpty ? "(root)" : field.path)
            out.markup("</code>: ")
            value(field.old, "<del>", "</del>")
            out.markup(" → ")
            value(field.new, "<ins>", "</ins>")
            if let hint = NormalizationHint.describe(field.old, field.new) {
                out.markup(" <span class=\"hint\">")
                out.text(hint)
                out.markup("</span>")
            }
            out.markup("</li>\n")
        }
        func value(_ value: JSONValue?, _ tag: StaticString, _ closing: StaticString) {
            guard let value else { return out.markup("<span class=\"none\">(none)</span>") }
            out.markup(tag)
            let plain: Void? = JSONWriter.withShortenedPlainString(value, width: fieldWidth) { text in
                out.markup("\"")
                out.text(utf8: text)
                out.markup("\"")
            }
            if plain == nil { out.text(JSONWriter.shortened(value, width: fieldWidth)) }
            out.markup(closing)
        }
        out.markup("<ul class=\"fields\">\n")
        fields.prefix(fieldsShown).forEach(item)
        out.markup("</ul>\n")
        guard fields.count > fieldsShown else { return }
        out.markup("<details class=\"fold\"><summary>… ")
        out.count(fields.count - fieldsShown)
        out.markup(" more field changes …</summary>\n<ul class=\"fields\">\n")
        fields.dropFirst(fieldsShown).forEach(item)
        out.markup("</ul>\n</details>\n")
    }
}
