#!/usr/bin/env python3
"""Lists the public declarations of the library targets that have no `///`
doc comment: `python3 Tests/Scripts/check_doc_comments.py Sources/BentoJSON Sources/BentoKit`.
Exit status 1 when there are some.

Standard protocol requirements (`init(from:)`, `encode(to:)`, `==`, `<`,
`hash(into:)`, `description`, `makeIterator`, literal initializers) are
documented by their protocols and left out, as DifferenceKit leaves them.
"""
import os
import re
import sys

EXEMPT = re.compile(
    r"public (static func ==|static func <|func hash\(into|init\(from decoder|func encode\(to encoder"
    r"|var description|func makeIterator|init\((booleanLiteral|integerLiteral|stringLiteral|arrayLiteral"
    r"|dictionaryLiteral|stringValue|intValue)|var (stringValue|intValue)|init\?\((stringValue|intValue)"
    r"|mutating func next\(\))")
DECLARATION = re.compile(r"^\s*(@\w+(\(.*?\))?\s+)*public (?!import)")

def missing(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    for number, line in enumerate(lines):
        if not DECLARATION.match(line) or EXEMPT.search(line):
            continue
        k = number - 1
        while k >= 0 and (lines[k].strip().startswith("@") or lines[k].strip() == ""):
            if lines[k].strip() == "":
                break
            k -= 1
        if k < 0 or not lines[k].strip().startswith("///"):
            yield number + 1, line.strip()

def main(roots):
    found = 0
    for root in roots:
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    for number, line in missing(path):
                        print(f"{path}:{number}: {line}")
                        found += 1
    print(f"{found} public declarations without a doc comment", file=sys.stderr)
    return 1 if found else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["Sources/BentoJSON", "Sources/BentoKit"]))
