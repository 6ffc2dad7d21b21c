import BentoJSON
import BentoKit

/// Parses a command's arguments by hand, with swift-argument-parser's
/// conventions: `--opt value` and `--opt=value`, `-o value` and `-ovalue`,
/// clustered flags (`-qU5`), `--` ends options, `-` is an operand (standard
/// input), and an unknown option gets the nearest valid one.
struct ArgumentParser {
    let command: CommandSpec

    struct Result {
        var values: [String: [String]] = [:]
        var operands: [String] = []

        func has(_ long: String) -> Bool { values[long] != nil }
        func value(_ long: String) -> String? { values[long]?.last }
        func all(_ long: String) -> [String] { values[long] ?? [] }
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Result {
        var result = Result()
        let begin = command.operandsBegin?(arguments) ?? arguments.count
        var rest = arguments[..<begin]
        while let argument = rest.popFirst() {
            if argument == "--" {
                result.operands += rest
                break
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: String, inline: String?
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    inline = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                    inline = nil
                }
                guard let option = command.options.first(where: { $0.long == name }) else {
                    throw unknown("--\(name)")
                }
                if option.takesValue {
                    guard let value = inline ?? rest.popFirst() else {
                        throw UsageError("option --\(name) needs a value (\(option.valueName!))", command: command)
                    }
                    try record(option, value, in: &result)
                } else {
                    if inline != nil { throw UsageError("option --\(name) takes no value", command: command) }
                    try record(option, "", in: &result)
                }
            } else if argument.hasPrefix("-") && argument != "-" {
                var letters = argument.dropFirst()[...]
                while let letter = letters.popFirst() {
                    guard let option = command.options.first(where: { $0.short == letter }) else {
                        throw unknown("-\(letter)")
                    }
                    if option.takesValue {
                        let value = letters.isEmpty ? rest.popFirst() : String(letters)
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

    private func record(_ option: OptionSpec, _ value: String, in result: inout Result) throws(UsageError) {
        if !option.choices.isEmpty && !option.choices.contains(value) {
            var message = "invalid value '\(value)' for --\(option.long); expected one of: "
                + option.choices.joined(separator: ", ")
            if let near = NearestName.suggestion(for: value, among: option.choices) {
                message = "invalid value '\(value)' for --\(option.long); did you mean '\(near)'?"
            }
            throw UsageError(message, command: command)
        }
        if option.repeatable {
            result.values[option.long, default: []].append(value)
        } else {
            result.values[option.long] = [value]
        }
    }

    private func unknown(_ spelled: String) -> UsageError {
        let names = command.options.flatMap { option in
            ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
        }
        var message = "unknown option '\(spelled)'"
        if let near = NearestName.suggestion(for: spelled, among: names) {
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
