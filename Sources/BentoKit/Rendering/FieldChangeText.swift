import BentoJSON

/// A field change as the reports for people write it (text, markdown,
/// github): its path, `/` for the whole object; each value as compact JSON
/// cut to a width, `(none)` for a side without one; and why two values that
/// read alike differ (`NormalizationHint`). Each report decorates the parts
/// its own way.
struct FieldChangeText {
    /// The JSON Pointer, or `/`.
    let path: String
    /// Why the two values differ when they read alike; nil otherwise.
    let hint: String?
    private let oldValue: String?, newValue: String?

    /// What a side without a value reads.
    static let none = "(none)"

    /// `field`, its values cut to `width` Unicode scalars.
    init(_ field: FieldChange, width: Int) {
        path = Self.path(of: field)
        oldValue = field.old.map { JSONWriter.shortened($0, width: width) }
        newValue = field.new.map { JSONWriter.shortened($0, width: width) }
        hint = NormalizationHint.describe(field.old, field.new)
    }

    /// The path `field` is shown at: its JSON Pointer, or `/`.
    static func path(of field: FieldChange) -> String { field.path.isEmpty ? "/" : field.path }

    /// Appends `value` as a field change shows it, cut to `width` Unicode
    /// scalars, or `(none)`, to `text`: a plain string's text is copied
    /// between quotes, with no literal made.
    /// - Complexity: O(n) in the size of the value.
    static func append(_ value: JSONValue?, width: Int, to text: inout [UInt8]) {
        guard let value else { return none.withUTF8Span { text.append($0) } }
        let plain: Void? = JSONWriter.withShortenedPlainString(value, width: width) { string in
            text.append(UInt8(ascii: "\""))
            text.append(string)
            text.append(UInt8(ascii: "\""))
        }
        if plain == nil { JSONWriter.shortened(value, width: width).withUTF8Span { text.append($0) } }
    }

    /// The old value as `written` writes it, or `(none)`.
    func old(_ written: (String) -> String = { $0 }) -> String { oldValue.map(written) ?? Self.none }

    /// The new value as `written` writes it, or `(none)`.
    func new(_ written: (String) -> String = { $0 }) -> String { newValue.map(written) ?? Self.none }
}

extension Section {
    /// `1 row` or `3 rows`.
    var rowCountPhrase: String { rows.count == 1 ? "1 row" : "\(rows.count) rows" }
}
