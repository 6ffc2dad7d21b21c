import BentoJSON
import BentoKit

/// One command-line argument: its bytes as the system passed them, which
/// need not be UTF-8 (a file name), and its text for matching options.
struct Argument: Sendable, Equatable, ExpressibleByStringLiteral {
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }
    init(_ text: String) { bytes = Array(text.utf8) }
    init(stringLiteral text: String) { self.init(text) }

    /// The text, for options and words (a byte that is not UTF-8 reads as U+FFFD).
    var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The argument as a path, byte for byte.
    var path: FilePath { FilePath(bytes: bytes) }
}

/// Parses a command's arguments by hand, with swift-argument-parser's
/// conventions: `--opt value` and `--opt=value`, `-o value` and `-ovalue`,
/// clustered flags (`-qU5`), `--` ends options, `-` is an operand (standard
/// input), and an unknown option gets the nearest valid one when one is
/// close. An option with an optional value (`--color`) takes the next
/// argument only when it is one of its values (`--color always`), else it
/// means its implicit value (`--color` alone is `--color=always`, as in git).
struct ArgumentParser {
    let command: CommandSpec

    struct Result {
        /// Each option given, in order, with its value ("" for a flag).
        var given: [(long: String, value: Argument)] = []
        var operands: [Argument] = []

        func has(_ long: String) -> Bool { given.contains { $0.long == long } }
        /// The last value of `long`, as text.
        func value(_ long: String) -> String? { given.last { $0.long == long }?.value.text }
        /// The last value of `long`, as a path.
        func path(_ long: String) -> FilePath? { given.last { $0.long == long }?.value.path }
        /// Every value of `long`, in order.
        func all(_ long: String) -> [String] { given.filter { $0.long == long }.map(\.value.text) }
        /// The last of the options in `longs` that was given. (An array: a
        /// first `Set` of strings in a process costs a search of every
        /// conformance the program has, a tenth of a millisecond.)
        func last(of longs: [String]) -> (long: String, value: String)? {
            given.last { longs.contains($0.long) }.map { ($0.long, $0.value.text) }
        }
    }

    func parse(_ arguments: [Argument]) throws(UsageError) -> Result {
        var result = Result()
        let begin = command.operandsBegin?(arguments.map(\.text)) ?? arguments.count
        var rest = arguments[..<begin]
        while let argument = rest.popFirst() {
            let text = argument.text
            if text == "--" {
                result.operands += rest
                break
            } else if text.hasPrefix("--") {
                let body = argument.bytes.dropFirst(2)
                let name: String, inline: Argument?
                if let eq = body.firstIndex(of: UInt8(ascii: "=")) {
                    name = String(decoding: body[..<eq], as: UTF8.self)
                    inline = Argument(bytes: Array(body[(eq + 1)...]))
                } else {
                    name = String(decoding: body, as: UTF8.self)
                    inline = nil
                }
                guard let option = command.options.first(where: { $0.long == name }) else {
                    throw unknown("--\(name)")
                }
                if let implicit = option.implicitValue, inline == nil {
                    let next = rest.first.map(\.text)
                    if let next, option.choices.contains(next) {
                        rest.removeFirst()
                        try record(option, Argument(next), in: &result)
                    } else {
                        try record(option, Argument(implicit), in: &result)
                    }
                } else if option.takesValue {
                    guard let value = inline ?? rest.popFirst() else {
                        throw UsageError("option --\(name) needs a value (\(option.valueName!))", command: command)
                    }
                    try record(option, value, in: &result)
                } else {
                    if inline != nil { throw UsageError("option --\(name) takes no value", command: command) }
                    try record(option, "", in: &result)
                }
            } else if text.hasPrefix("-") && text != "-" {
                var letters = argument.bytes.dropFirst()[...]
                while let byte = letters.popFirst() {
                    let letter = Character(Unicode.Scalar(byte))
                    guard let option = command.options.first(where: { $0.short == letter }) else {
                        throw unknown("-\(letter)")
                    }
                    if option.takesValue {
                        let value = letters.isEmpty ? rest.popFirst() : Argument(bytes: Array(letters))
                        guard let value else {
                            throw UsageError(
                                "option -\(letter) needs a value (\(option.valueName!))", command: command)
                        }
                        try record(option, value, in: &result)
                        break
                    }
                    try record(option, "", in: &result)
                }
            } else {
                result.operands.append(argument)
            }
        }
        result.operands += arguments[begin...]
        return result
    }

    private func record(_ option: OptionSpec, _ value: Argument, in result: inout Result) throws(UsageError) {
        let text = value.text
        if !option.choices.isEmpty && !option.choices.contains(text) {
            var message = "invalid value '\(text)' for --\(option.long); expected one of: "
                + option.choices.joined(separator: ", ")
            if let near = NearestName.suggestion(for: text, among: option.choices) {
                message = "invalid value '\(text)' for --\(option.long); did you mean '\(near)'?"
            }
            throw UsageError(message, command: command)
        }
        if !option.repeatable { result.given.removeAll { $0.long == option.long } }
        result.given.append((option.long, value))
    }

    /// An unknown option, with the nearest one when it is close: only long
    /// options are suggested, as a one-letter typo has too many neighbours
    /// (`-r` is no misspelling of `-f`).
    private func unknown(_ spelled: String) -> UsageError {
        var message = "unknown option '\(spelled)'"
        if spelled.hasPrefix("--"),
            let near = NearestName.suggestion(for: spelled, among: command.options.map { "--\($0.long)" })
        {
            message += "; did you mean '\(near)'?"
        }
        return UsageError(message, command: command)
    }
}

/// Bad usage: printed as `bento: message`, a hint to `--help`, exit 2.
struct UsageError: Error {
    let message: String
    let command: CommandSpec?

    init(_ message: String, command: CommandSpec?) {
        self.message = message
        self.command = command
    }
}
