import BentoJSON

/// File names as git prints them where a name stands on a line of its own
/// or among other words (`core.quotePath`): a name holding a control
/// character or a double quote is put in double quotes with C escapes
/// (`"new\nline.json"`), so that no name splits a line, moves the cursor,
/// or reads as two names. Any other name is printed as it is (a backslash
/// too, as the `\xFF` of a name that is not UTF-8 is shown).
public enum PathQuoting {
    /// `name`, quoted as git quotes it when it must be.
    /// - Complexity: O(n) in the length of the name.
    public static func quoted(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: needsQuotes) else { return name }
        var out = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{0B}": out += "\\v"
            case "\u{0C}": out += "\\f"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let octal = String(scalar.value, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `name` as a unified diff's `---` or `+++` line ends with it: quoted
    /// where it must be, and followed by a tab where it holds a space, as
    /// git and GNU diff write it, so that `patch` reads the name whole.
    /// - Complexity: O(n) in the length of the name.
    public static func header(_ name: String) -> String {
        let quoted = quoted(name)
        return quoted.utf8.first != UInt8(ascii: "\"") && quoted.utf8.contains(UInt8(ascii: " ")) ? quoted + "\t" : quoted
    }

    private static func needsQuotes(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\""
    }
}
