import BentoJSON
import BentoKit

/// `bento schema`: the JSON Schema of the screen format.
enum SchemaCommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the screen format.",
        usage: [""],
        discussion: CommandSpec.wrapped(
            ("Prints a JSON Schema that editors and validators can use to check screen files as they are written: "
                + "the Screen and Box forms, sections, rows, components and ids, with '$'-members allowed. A few "
                + "rules no JSON Schema can state are left to 'bento validate': "
                + ScreenSchema.rulesLeftOut.joined(separator: "; ") + ".").split(separator: " ").map(String.init),
            first: "", width: CommandSpec.width
        ).map { String($0.dropFirst()) }.joined(separator: "\n"),
        options: [],
        examples: [
            ("bento schema > screen.schema.json", "Save the schema; point \"$schema\" or your editor at it."),
            ("check-jsonschema --schemafile screen.schema.json screens/*.json", "Validate with another tool."),
        ],
        operands: .nothing,
        run: run)

    static func run(_ arguments: ArgumentParser.Result, _ terminal: Terminal) throws -> CommandExit {
        guard arguments.operands.isEmpty else {
            throw UsageError("unexpected operand '\(arguments.operands[0].text)'", command: spec)
        }
        var out: [UInt8] = []
        JSONWriter(style: .pretty).write(ScreenSchema.jsonValue, to: &out)
        out.append(UInt8(ascii: "\n"))
        terminal.write(out)
        return 0
    }
}
