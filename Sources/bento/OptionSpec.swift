/// One option a command accepts: `--format text`, `-q`.
struct OptionSpec: Sendable {
    /// The long name without dashes: `format`.
    let long: String
    /// The short letter, if any: `f`.
    let short: Character?
    /// The value's name in help (`FORMAT`), or nil for a flag.
    let valueName: String?
    /// The values allowed, or empty for any.
    let choices: [String]
    let help: String
    /// May be given more than once (all values kept).
    let repeatable: Bool
    /// The value the option has when given without one (`--color` alone is
    /// `always`); nil when a value is required.
    let implicitValue: String?

    init(
        _ long: String, short: Character? = nil, value: String? = nil, choices: [String] = [], repeatable: Bool = false,
        implicitValue: String? = nil, help: String
    ) {
        self.long = long
        self.short = short
        self.valueName = value
        self.choices = choices
        self.help = help
        self.repeatable = repeatable
        self.implicitValue = implicitValue
    }

    var takesValue: Bool { valueName != nil }

    /// The option as a usage line shows it: `[-f FORMAT]`, `[--color[=WHEN]]`,
    /// `[--favor ours|theirs]`, `[-L LABEL]...`.
    var usage: String {
        var s = short.map { "-\($0)" } ?? "--\(long)"
        if let valueName {
            let value = choices.isEmpty || choices.count > 3 ? valueName : choices.joined(separator: "|")
            s += implicitValue == nil ? " \(value)" : (short == nil ? "[=\(value)]" : " [\(value)]")
        }
        return "[\(s)]" + (repeatable ? "..." : "")
    }

    /// `-f, --format FORMAT`
    var synopsis: String {
        var s = short.map { "-\($0), " } ?? "    "
        s += "--\(long)"
        if let valueName { s += implicitValue == nil ? " \(valueName)" : "[=\(valueName)]" }
        return s
    }
}
