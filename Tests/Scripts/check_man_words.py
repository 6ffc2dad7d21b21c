#!/usr/bin/env python3
"""Fail when the man page glues words together.

Usage: python3 Tests/Scripts/check_man_words.py man/bento.1

The alternating-font macros (.BR, .BI, .IR, .RB, .RI, .IB) join their
arguments without spaces: `.BR \\-\\-no\\-color , git's own words` renders
as `--no-color,git'sownwords`. Every pair of neighbouring arguments that
both end and start with a letter or digit is such a glue, unless the line
before says `.\\" joined on purpose` (`-ovalue`). The page is also
rendered with `groff -man -Tutf8`, and each glue is shown as it reads there.
Exits 1 when there is any.
"""

import re
import shlex
import subprocess
import sys

ALTERNATING = (".BR", ".BI", ".IR", ".RB", ".RI", ".IB")


def arguments(line):
    """The macro's arguments, as roff splits them (double quotes group)."""
    body = line.split(None, 1)[1] if " " in line else ""
    try:
        return shlex.split(body.replace("\\", "\\\\"), posix=True)
    except ValueError:
        return body.split()


def visible(text):
    """The argument as it prints, roughly: dashes, quotes and other named
    characters (`\\(lq`) as punctuation."""
    text = re.sub(r"\\[-e]", "-", text).replace("\\(aq", "'").replace("\\&", "")
    return re.sub(r"\\\(..|\\\[[^]]*\]", "\u201c", text)


def main():
    path = sys.argv[1]
    rendered = subprocess.run(["groff", "-man", "-Tutf8", path], capture_output=True, text=True).stdout
    rendered = re.sub(r".\x08", "", rendered)
    glues = []
    previous = ""
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        on_purpose = previous.startswith('.\\" joined on purpose')
        previous = line
        if not line.startswith(ALTERNATING) or on_purpose:
            continue
        args = [visible(a) for a in arguments(line.rstrip("\n"))]
        for a, b in zip(args, args[1:]):
            if a and b and a[-1].isalnum() and b[0].isalnum():
                glues.append((number, line.strip(), a + b))
    for number, line, glued in glues:
        shown = "shown as '%s'" % glued if glued in rendered else "glued"
        print("%s:%d: words run together (%s): %s" % (path, number, shown, line), file=sys.stderr)
    if glues:
        sys.exit(1)
    print("check_man_words: no alternating-font macro joins two words")


if __name__ == "__main__":
    main()
