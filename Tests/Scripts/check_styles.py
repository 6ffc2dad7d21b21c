#!/usr/bin/env python3
"""Property checks of bento-changeset(5), WRITING (writes that keep the person's file).

Usage: python3 Tests/Scripts/check_styles.py BENTO [N]

For N random screens (default 40) in each of eight styles (jq's two spaces,
Python's four with \\u escapes, tabs, JSONEncoder's " : " with \\/ and blank
empty containers and no final newline, CRLF, no final newline, one line, a
byte-order mark):

- apply: `bento apply OLD (bento diff OLD NEW)` is NEW byte for byte, where
  NEW writes its new content in bento's member order (members added last);
- merge: `merge OURS BASE BASE` is OURS and `merge BASE BASE THEIRS` is
  THEIRS byte for byte; a clean merge of disjoint edits is written in the
  style (writing its parse again in the style gives the same bytes) and
  means what `merge --reformat` means (`bento diff` exits 0); in a merge with conflicts, keeping
  every OURS block (every THEIRS block) and deleting the markers gives what
  `--ours` (`--theirs`) gives.

Standard library only. Exit status 1 on the first failure, with the files
kept in a temporary folder.
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile


class Raw:
    """A number written with this exact text."""

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Raw) and self.text == other.text


STYLES = {
    "two-spaces": dict(indent="  "),
    "four-spaces": dict(indent="    ", ascii=True),
    "tabs": dict(indent="\t"),
    "encoder": dict(indent="  ", sep=" : ", slash=True, blank_empty=True, final=False),
    "crlf": dict(indent="  ", nl="\r\n"),
    "no-final-newline": dict(indent="  ", final=False),
    "one-line": dict(indent=None, sep=":", item=","),
    "bom": dict(indent="  ", bom=True),
}


def dump(value, style):
    st = dict(indent="  ", sep=": ", item=", ", nl="\n", ascii=False, slash=False, blank_empty=False, final=True, bom=False)
    st.update(style)

    def string(s):
        text = json.dumps(s, ensure_ascii=st["ascii"])
        return text.replace("/", "\\/") if st["slash"] else text

    def write(v, level):
        if isinstance(v, Raw):
            return v.text
        if isinstance(v, str):
            return string(v)
        if v is None or isinstance(v, bool) or isinstance(v, int):
            return json.dumps(v)
        items = list(v.items()) if isinstance(v, dict) else list(v)
        open_, close = ("{", "}") if isinstance(v, dict) else ("[", "]")
        if not items:
            if st["blank_empty"] and st["indent"] is not None:
                return open_ + st["nl"] + st["nl"] + st["indent"] * level + close
            return open_ + close
        parts = [string(k) + st["sep"] + write(x, level + 1) for k, x in items] if isinstance(v, dict) \
            else [write(x, level + 1) for x in items]
        if st["indent"] is None:
            return open_ + st["item"].join(parts) + close
        inner = st["nl"] + st["indent"] * (level + 1)
        return open_ + inner + ("," + inner).join(parts) + st["nl"] + st["indent"] * level + close

    text = write(value, 0) + (st["nl"] if st["final"] else "")
    return ("\ufeff" if st["bom"] else "") + text


def load(text):
    return json.loads(text.lstrip("\ufeff"), parse_float=Raw, parse_int=Raw)


# ---------------------------------------------------------------------------
# Random screens: every row id unique in its box, numbers in several
# spellings, `$` members, a null header, an empty list, text with / and é.

def component(rng, n):
    props = {"title": rng.choice(["Caf\u00e9", "a/b", "Plain", "x\"y"]) + str(n),
             "size": Raw(rng.choice(["1.0", "1e2", "-0", "12"]))}
    if rng.random() < 0.4:
        props["tags"] = [rng.choice(["a", "b"]) for _ in range(rng.randint(0, 2))]
    return {"type": rng.choice(["Label", "Icon"]), "props": props}


def screen(rng):
    counter = iter(range(10**6))
    sections = []
    for s in range(rng.randint(1, 4)):
        section = {"id": "s%d" % s}
        if rng.random() < 0.3:
            section["header"] = None
        elif rng.random() < 0.3:
            section["header"] = component(rng, 0)
        if rng.random() < 0.2:
            section["$comment"] = "kept"
        section["rows"] = [{"id": "r%d" % next(counter), "component": component(rng, k)} for k in range(rng.randint(0, 4))]
        sections.append(section)
    value = {"$schema": "https://example.com/screen.json", "title": "Caf\u00e9 / screen", "box": {"sections": sections},
             "rightBarItems": []}
    return value, counter


def mutate(rng, value, counter, sections=None, moves_sections=True, tag="n"):
    """Edits a copy of `value`; only the sections named in `sections` (all
    by default) are touched. New members go last, as `apply` writes them."""
    value = json.loads(json.dumps(value, default=lambda r: {"__raw": r.text}), object_hook=raw_hook)
    secs = value["box"]["sections"]
    mine = [s for s in secs if sections is None or s["id"] in sections]
    for _ in range(rng.randint(1, 5)):
        op = rng.random()
        rows_sections = [s for s in mine if s["rows"]]
        if op < 0.2 and rows_sections:
            row = rng.choice(rng.choice(rows_sections)["rows"])
            row["component"]["props"]["title"] = "changed %d" % rng.randint(0, 99)
        elif op < 0.3 and rows_sections:
            row = rng.choice(rng.choice(rows_sections)["rows"])
            row["component"]["props"]["extra"] = Raw("7")
        elif op < 0.4 and rows_sections:
            row = rng.choice(rng.choice(rows_sections)["rows"])
            row["component"]["props"].pop("size", None)
        elif op < 0.55 and rows_sections:
            source = rng.choice(rows_sections)
            row = source["rows"].pop(rng.randrange(len(source["rows"])))
            target = rng.choice(mine)
            target["rows"].insert(rng.randint(0, len(target["rows"])), row)
        elif op < 0.65 and mine:
            target = rng.choice(mine)
            row = {"id": "%s%d" % (tag, next(counter)), "component": {"type": "New", "props": {"title": "\u00e9/new"}}}
            target["rows"].insert(rng.randint(0, len(target["rows"])), row)
        elif op < 0.75 and rows_sections:
            source = rng.choice(rows_sections)
            source["rows"].pop(rng.randrange(len(source["rows"])))
        elif op < 0.8 and moves_sections and len(secs) > 1:
            secs.insert(rng.randint(0, len(secs) - 1), secs.pop(rng.randrange(len(secs))))
        elif op < 0.85 and moves_sections:
            secs.insert(rng.randint(0, len(secs)), {"id": "%s-s%d" % (tag, next(counter)), "rows": []})
        elif op < 0.9 and mine:
            section = rng.choice(mine)
            if "header" in section and section["header"] is not None:
                del section["header"]
            elif "header" in section:
                section["header"] = {"type": "Header"}
        elif op < 0.95 and mine:
            rng.choice(mine)["rows"] = []
        elif sections is None:
            value["title"] = "retitled"
    return value


def raw_hook(d):
    return Raw(d["__raw"]) if set(d) == {"__raw"} else d


# ---------------------------------------------------------------------------

def run(bento, *args):
    return subprocess.run([bento, *args], capture_output=True)


def fail(message, work):
    print("check_styles: %s (files in %s)" % (message, work))
    sys.exit(1)


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def resolve(text, keep):
    """The text with every conflict resolved to one side's block."""
    out, side = [], None
    for line in text.splitlines(keepends=True):
        if re.match(r"<{7}( |\r?\n)", line):
            side = "ours"
        elif re.match(r"={7}\r?\n", line) and side == "ours":
            side = "theirs"
        elif re.match(r">{7}( |\r?\n)", line):
            side = None
        elif side is None or side == keep:
            out.append(line)
    return "".join(out)


def main(argv):
    bento = argv[1]
    n = int(argv[2]) if len(argv) > 2 else 40
    work = tempfile.mkdtemp(prefix="bento-styles-")
    p = lambda name: os.path.join(work, name)
    checked = {"apply": 0, "identity": 0, "clean": 0, "conflicts": 0}
    for seed in range(n):
        rng = random.Random(seed)
        base, counter = screen(rng)
        new = mutate(rng, base, counter)
        names = [s["id"] for s in base["box"]["sections"]]
        half = set(names[: len(names) // 2])
        ours = mutate(rng, base, counter, sections=half, moves_sections=False, tag="o")
        theirs = mutate(rng, base, counter, sections=set(names) - half, moves_sections=False, tag="t")
        clash = mutate(rng, theirs, counter, sections=half, moves_sections=False, tag="c")
        for style_name, style in STYLES.items():
            tag = "seed %d, %s" % (seed, style_name)
            texts = {"old.json": dump(base, style), "new.json": dump(new, style), "ours.json": dump(ours, style),
                     "theirs.json": dump(theirs, style), "clash.json": dump(clash, style)}
            for name, text in texts.items():
                write(p(name), text)
            changeset = run(bento, "diff", "-f", "json", p("old.json"), p("new.json"))
            if changeset.returncode not in (0, 1):
                fail("%s: diff exit %d: %s" % (tag, changeset.returncode, changeset.stderr.decode()), work)
            write(p("changeset.json"), changeset.stdout.decode())
            applied = run(bento, "apply", p("old.json"), p("changeset.json"))
            if applied.returncode != 0 or applied.stdout.decode("utf-8") != texts["new.json"]:
                fail("%s: apply is not NEW byte for byte: %s" % (tag, applied.stderr.decode()), work)
            checked["apply"] += 1

            for args, want in [(("ours.json", "old.json", "old.json"), "ours.json"),
                               (("old.json", "old.json", "theirs.json"), "theirs.json")]:
                merged = run(bento, "merge", *map(p, args))
                if merged.returncode != 0 or merged.stdout.decode("utf-8") != texts[want]:
                    fail("%s: merge %s is not %s byte for byte" % (tag, " ".join(args), want), work)
            checked["identity"] += 1

            merged = run(bento, "merge", p("ours.json"), p("old.json"), p("theirs.json"))
            reformatted = run(bento, "merge", "--reformat", p("ours.json"), p("old.json"), p("theirs.json"))
            if merged.returncode != reformatted.returncode:
                fail("%s: merge exit %d, --reformat exit %d" % (tag, merged.returncode, reformatted.returncode), work)
            text = merged.stdout.decode("utf-8")
            if merged.returncode == 0:
                if dump(load(text), style) != text:
                    fail("%s: the clean merge is not written in the style" % tag, work)
                write(p("merged.json"), text)
                write(p("reformatted.json"), reformatted.stdout.decode("utf-8"))
                if run(bento, "diff", "-q", p("merged.json"), p("reformatted.json")).returncode != 0:
                    fail("%s: the clean merge differs from --reformat's" % tag, work)
                checked["clean"] += 1

            merged = run(bento, "merge", "-q", p("ours.json"), p("old.json"), p("clash.json"))
            if merged.returncode == 1:
                text = merged.stdout.decode("utf-8")
                for side in ["ours", "theirs"]:
                    favored = run(bento, "merge", "--" + side, p("ours.json"), p("old.json"), p("clash.json"))
                    write(p("kept.json"), resolve(text, side))
                    write(p("favored.json"), favored.stdout.decode("utf-8"))
                    if run(bento, "diff", "-q", p("kept.json"), p("favored.json")).returncode != 0:
                        fail("%s: keeping the %s blocks differs from --%s" % (tag, side, side), work)
                checked["conflicts"] += 1
    print("check_styles: %d passed, 0 failed (apply %d, identity merges %d, clean merges %d, conflicted merges %d)"
          % (sum(checked.values()), checked["apply"], checked["identity"], checked["clean"], checked["conflicts"]))


if __name__ == "__main__":
    main(sys.argv)
