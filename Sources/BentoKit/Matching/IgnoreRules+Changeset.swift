import BentoJSON

extension IgnoreRules {
    /// `changeset`, made from `old` to `new` without rules, with these rules
    /// applied: the field changes of every update and move recomputed on
    /// masked values, updates left with no field change dropped, and the
    /// pointers recorded in the summary. Matching depends on ids alone, so
    /// nothing else changes.
    /// - Complexity: O(n) in the size of the records that carry field changes.
    func applied(to changeset: Changeset, old: Screen, new: Screen) -> Changeset {
        var result = changeset
        result.ignoring = self
        guard !isEmpty else { return result }
        result.changes = changeset.changes.compactMap { change in
            guard !change.fields.isEmpty else { return change }
            let fields: [FieldChange]
            switch change {
            case .screen:
                fields = fieldChanges(from: .object(old.attributes), to: .object(new.attributes))
            case .section(let section):
                guard let from = section.edit.from, let to = section.edit.to else { return change }
                fields = fieldChanges(
                    from: old[box: section.box].sections[from].fieldsValue,
                    to: new[box: section.box].sections[to].fieldsValue)
            case .row(let row):
                guard let from = row.edit.from, let to = row.edit.to else { return change }
                let (r, c) = (from.row, to.row)
                fields = fieldChanges(
                    from: old[box: row.box].sections[from.section].rows[r].jsonValue,
                    to: new[box: row.box].sections[to.section].rows[c].jsonValue)
            }
            return change.op == .update && fields.isEmpty ? nil : change.replacingFields(fields)
        }
        return result
    }
}
