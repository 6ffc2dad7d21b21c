#!/usr/bin/env python3
"""Checks a report's DOM, as headless Chromium dumped it, against the JSON
changeset of the same pair of screens.

usage: check_dom.py DOM_FILE CHANGESET_JSON [TEXT_THAT_MUST_APPEAR...]

Counts the marked elements (class `mark`) by kind (`scr`, `sec`, `row`),
operation (`ins`, `del`, `mov`, `upd`) and side (`on-old`, `on-new`): an
insert is marked once on the new side, a delete once on the old side, a move
and an update once on each side. Also checks that the page was read to its
end (`footer#end`), that it holds no script, image, frame, form or link
element and no event-handler attribute (nothing from the input became
markup), and that each given text appears as text in the page.
Prints the counts; exits 1 with the reasons when a check fails.
"""
import collections
import json
import sys
from html.parser import HTMLParser

KINDS = {"scr": "screen", "sec": "sections", "row": "rows"}
OPS = {"ins": "insert", "del": "delete", "mov": "move", "upd": "update"}
FORBIDDEN = {"script", "img", "iframe", "object", "embed", "form", "input", "link", "base", "svg", "math", "meta-refresh"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.marks = collections.Counter()
        self.tags = collections.Counter()
        self.handlers = []
        self.end = False
        self.text = []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        attributes = dict(attrs)
        self.handlers += [name for name, _ in attrs if name.startswith("on")]
        if tag == "meta" and (attributes.get("http-equiv") or "").lower() == "refresh":
            self.tags["meta-refresh"] += 1
        if tag == "footer" and attributes.get("id") == "end":
            self.end = True
        classes = (attributes.get("class") or "").split()
        if "mark" in classes:
            kind = next((KINDS[c] for c in classes if c in KINDS), "?")
            op = next((OPS[c] for c in classes if c in OPS), "?")
            side = next((c[3:] for c in classes if c in ("on-old", "on-new")), "?")
            self.marks[(kind, op, side)] += 1

    def handle_data(self, data):
        self.text.append(data)


def expected_marks(summary):
    expected = collections.Counter()
    for kind, ops in summary.items():
        for op, n in ops.items():
            sides = {"insert": ["new"], "delete": ["old"]}.get(op, ["old", "new"])
            for side in sides:
                if n:
                    expected[(kind, op, side)] += n
    return expected


def main():
    dom_file, changeset_file, *texts = sys.argv[1:]
    page = Page()
    with open(dom_file, encoding="utf-8") as f:
        page.feed(f.read())
    page.close()
    with open(changeset_file, encoding="utf-8") as f:
        changeset = json.load(f)
    expected = expected_marks(changeset["summary"])
    problems = []
    if not page.end:
        problems.append("the page was not read to its end (no footer#end)")
    for tag in sorted(FORBIDDEN):
        if page.tags[tag]:
            problems.append(f"{page.tags[tag]} <{tag}> element(s) in the page")
    if page.handlers:
        problems.append(f"event-handler attributes in the page: {sorted(set(page.handlers))}")
    for key in sorted(set(expected) | set(page.marks)):
        if expected[key] != page.marks[key]:
            problems.append(f"{key}: {page.marks[key]} marked in the DOM, {expected[key]} expected")
    body = "".join(page.text)
    for text in texts:
        if text not in body:
            problems.append(f"text not found in the page: {text!r}")
    found = ", ".join(f"{kind} {op} on {side}: {n}" for (kind, op, side), n in sorted(page.marks.items()))
    print(f"  marks: {found or 'none'}")
    if problems:
        for problem in problems:
            print(f"  FAIL: {problem}")
        sys.exit(1)


if __name__ == "__main__":
    main()
