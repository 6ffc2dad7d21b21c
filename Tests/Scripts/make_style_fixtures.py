#!/usr/bin/env python3
"""Writes Fixtures/styles/STYLE/ for each style of check_styles.py: one
screen change (OLD, NEW, the changeset) and one clean three-way merge
(BASE, OURS, THEIRS), each written in that style, with what apply and merge
must write (NEW itself; merged.json). Run it again after changing the
screens below, and read the diff of merged.json before committing it.

Usage: python3 Tests/Scripts/make_style_fixtures.py BENTO
"""

import copy
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from check_styles import STYLES, Raw, dump  # noqa: E402


class Spelled:
    """A string written with this exact text (its escapes as spelled)."""

    def __init__(self, text):
        self.text = text


def row(rid, title, size="1.0"):
    return {"id": rid, "component": {"type": "Label", "props": {"title": title, "size": Raw(size)}}}


BASE = {
    "$schema": "https://example.com/screen.schema.json",
    "title": "Caf\u00e9",
    "box": {"sections": [
        {"id": "top", "header": None, "rows": [row("a", "A"), row("b", "B", "1e2"), row("c", "C")]},
        {"id": "middle", "$comment": "kept as written", "rows": [row("d", "D"), row("e", "E", "-0")]},
        {"id": "bottom", "rows": []},
    ]},
    "pinnedToBottomBox": {"sections": [{"id": "cta", "rows": [row("buy", "Buy")]}]},
}
BASE["box"]["sections"][0]["rows"][0]["component"]["props"]["spelled"] = Spelled('"caf\\u00e9"')


def edited(edit):
    value = copy.deepcopy(BASE)
    edit(value)
    return value


def new_screen(v):
    top, middle, bottom = v["box"]["sections"]
    top["rows"].insert(0, top["rows"].pop(2))                        # c moves up
    middle["rows"].append(top["rows"].pop(1))                         # a crosses to middle
    top["rows"].append(row("f", "New/\u00e9"))                        # an insert
    middle["rows"].pop(0)                                             # d is deleted
    middle["rows"][0]["component"]["props"]["title"] = "E!"           # a value replaced
    middle["rows"][0]["component"]["props"]["badge"] = Raw("2")       # a member added
    top["header"] = {"type": "Header", "props": {"title": "Top"}}     # null becomes a header
    bottom["rows"].append(row("g", "G"))                              # an empty list gets a row
    v["box"]["sections"].insert(1, {"id": "new", "rows": [row("h", "H")]})
    v["title"] = "Caf\u00e9 & more"


def ours_screen(v):
    top = v["box"]["sections"][0]
    top["rows"].append(top["rows"].pop(0))                            # a moves down
    v["title"] = "Ours"


def theirs_screen(v):
    middle = v["box"]["sections"][1]
    middle["rows"][1]["component"]["props"]["title"] = "Theirs"
    middle["rows"].insert(1, row("t", "T"))
    v["badge"] = Raw("3")
    v["box"]["sections"][0]["rows"][1]["component"]["props"]["size"] = Raw("2.50")


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def styled(value, style):
    text = dump(value, style)
    # Spelled strings: dump wrote a placeholder; put the spelling back.
    return text.replace('"__spelled__"', '"caf\\u00e9"')


def main(argv):
    bento = argv[1]
    root = os.path.join(os.path.dirname(__file__), "..", "..", "Fixtures", "styles")

    for name, style in STYLES.items():
        folder = os.path.join(root, name)
        os.makedirs(folder, exist_ok=True)
        values = {"old.json": BASE, "new.json": edited(new_screen), "base.json": BASE,
                  "ours.json": edited(ours_screen), "theirs.json": edited(theirs_screen)}
        for file, value in values.items():
            plain = copy.deepcopy(value)
            for section in plain["box"]["sections"]:
                for r in section["rows"]:
                    for k, x in list(r["component"]["props"].items()):
                        if isinstance(x, Spelled):
                            r["component"]["props"][k] = "__spelled__"
            write(os.path.join(folder, file), styled(plain, style))
        path = lambda f: os.path.join(folder, f)
        changeset = subprocess.run([bento, "diff", "-f", "json", path("old.json"), path("new.json")], capture_output=True)
        write(path("changeset.json"), changeset.stdout.decode())
        merged = subprocess.run([bento, "merge", path("ours.json"), path("base.json"), path("theirs.json")], capture_output=True)
        assert merged.returncode == 0, merged.stderr
        write(path("merged.json"), merged.stdout.decode("utf-8"))


if __name__ == "__main__":
    main(sys.argv)
