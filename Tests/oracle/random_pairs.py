#!/usr/bin/env python3
"""Write a random but valid pair of screen files for differential testing.

Usage: python3 Tests/oracle/random_pairs.py SEED OUTDIR

Writes OUTDIR/old.json and OUTDIR/new.json (valid per bento-screen(5), DOCUMENT).
The same SEED always gives the same bytes. Ids come from small alphabets so
that collisions, ids repeated in several sections, cross-section moves,
inserts, deletes, moves and updates all happen; some pairs have a
pinnedToBottomBox, use the Box form, carry screen attributes, structured ids,
headers and footers, `$` members, numbers written in several equal ways
(`1`, `1.0`, `10e-1`), `-0` for the id 0, and strings that differ only in
Unicode normalization. Python 3.11, standard library only.

Compare with the Swift implementation, e.g.:

    python3 Tests/oracle/random_pairs.py 42 /tmp/p42
    python3 Tests/oracle/bento_ref.py /tmp/p42/old.json /tmp/p42/new.json > want.json
    bento diff --format json /tmp/p42/old.json /tmp/p42/new.json > got.json
"""

import json
import os
import random
import sys


class Raw:
    """A number written with this exact source text."""

    def __init__(self, text):
        self.text = text


# Spellings of equal numbers: (canonical value, [ways to write it]).
NUMBERS = [
    (0, ["0", "-0", "0.0", "0e5"]),
    (1, ["1", "1.0", "1e0", "10e-1", "0.1e1"]),
    (2, ["2", "2.00", "20E-1"]),
    (16, ["16", "1.6e1", "160e-1"]),
    (0.5, ["0.5", "5e-1", "0.50"]),
    ("big", ["12345678901234567890", "1234567890123456789e1"]),
    ("big+1", ["12345678901234567891"]),
    ("huge", ["1e999999", "10e999998"]),
]

NFC_E = "\u00e9"
NFD_E = "e\u0301"

# ---------------------------------------------------------------------------
# Ids. An id is described by a hashable "spec"; render() writes it, possibly
# in a different but equal form (members reordered, -0 for 0).

SECTION_ID_STYLES = ["string", "int", "structured", "mixed"]
ROW_ID_STYLES = ["string", "int", "structured", "mixed", "unicode"]


def section_alphabet(rng, style):
    if style == "string":
        names = ["top", "main", "extra", "more", "footer-info", "s5"]
        return [("s", n) for n in names[: rng.randint(3, 6)]]
    if style == "int":
        return [("i", n) for n in range(rng.randint(3, 6))]
    if style == "structured":
        return [("o", "section", ("s", n)) for n in ["a", "b", "c", "d", "e"][: rng.randint(3, 5)]]
    # mixed: "1" and 1 are different ids
    return [("s", "1"), ("i", 1), ("s", "main"), ("a", (("s", "group"), ("i", 2))), ("o2", "x", "y")]


def row_alphabet(rng, style):
    if style == "string":
        return [("s", c) for c in "abcdefghij"[: rng.randint(4, 10)]]
    if style == "int":
        return [("i", n) for n in range(rng.randint(3, 8))]
    if style == "structured":
        out = [("o", "prescription", ("o", "id", ("s", str(n)))) for n in range(rng.randint(3, 7))]
        out.append(("o0", "header"))
        return out
    if style == "unicode":
        return [("s", "caf" + NFC_E), ("s", "caf" + NFD_E), ("s", "\U0001F355"), ("s", "1"), ("i", 1),
                ("s", "a/b"), ("s", "x~y")]
    return [("s", "1"), ("i", 1), ("i", 0), ("s", "a"), ("s", "b"), ("a", (("s", "p"), ("i", 3))),
            ("o", "item", ("i", 7)), ("o2", "m", "n"), ("s", "c")]


def render_id(spec, rng, variant):
    kind = spec[0]
    if kind == "s":
        return spec[1]
    if kind == "i":
        if spec[1] == 0 and variant and rng.random() < 0.5:
            return Raw("-0")
        return Raw(str(spec[1]))
    if kind == "a":
        return [render_id(x, rng, variant) for x in spec[1]]
    if kind == "o":
        return {spec[1]: render_id(spec[2], rng, variant)}
    if kind == "o0":
        return {spec[1]: {}}
    if kind == "o2":  # an object with two members, order varies
        pairs = [(spec[1], Raw("1")), (spec[2], "two")]
        if variant and rng.random() < 0.5:
            pairs.reverse()
        return dict(pairs)
    raise ValueError(spec)


# ---------------------------------------------------------------------------
# Components.

TYPES = ["IconTitleDetails", "Description", "Button", "Toggle", "EmptySpace", "LoadingIndicator", "SectionHeader"]
TITLES = ["Boots", "Lloyds", "Standard delivery", "Express", "Caf" + NFC_E, "Caf" + NFD_E, "\U0001F389 Party",
          "Continue", "Cancel", "A", "B"]


def number(rng, value=None):
    choices = NUMBERS if value is None else [n for n in NUMBERS if n[0] == value]
    v, spellings = rng.choice(choices)
    return (v, rng.choice(spellings))


def random_component(rng):
    t = rng.choice(TYPES)
    c = {"type": t}
    if t == "LoadingIndicator" and rng.random() < 0.5:
        return c
    props = {"title": rng.choice(TITLES)}
    if rng.random() < 0.5:
        props["detail"] = rng.choice(["0.3 miles", "Free", "\u00a33.99", "Next day", ""])
    if rng.random() < 0.4:
        props["accessibilityId"] = "id." + rng.choice("abc")
    if rng.random() < 0.3:
        props["analyticsId"] = rng.choice(["tap_row", "tap_button"])
    if rng.random() < 0.4:
        props["height"] = number(rng)
    if rng.random() < 0.2:
        props["tags"] = [rng.choice(["new", "sale", "x"]) for _ in range(rng.randint(0, 3))]
    if rng.random() < 0.1:
        props["a/b~c"] = rng.choice([True, False, None])
    c["props"] = props
    if rng.random() < 0.3:
        c["style"] = rng.choice(["primary", "secondary", {"accessory": rng.choice(["disclosure", "radio"])}])
    if rng.random() < 0.1:
        c["$comment"] = rng.choice(["kept inside components", "note"])
    return c


def mutate_component(rng, c):
    """Return a changed copy (sometimes equal by value but written differently)."""
    c = json_copy(c)
    r = rng.random()
    props = c.get("props")
    if r < 0.2 and props is not None and "height" in props:
        # same value, different spelling: not a change
        v, _ = props["height"]
        props["height"] = number(rng, v)
    elif r < 0.45 and props is not None:
        props["title"] = rng.choice(TITLES)
    elif r < 0.55 and props is not None:
        props.pop(rng.choice(list(props)), None)
    elif r < 0.65 and props is not None:
        props["badge"] = number(rng)
    elif r < 0.75:
        c["type"] = rng.choice(TYPES)
    elif r < 0.85 and props is not None and "tags" in props:
        props["tags"] = props["tags"] + ["more"] if rng.random() < 0.5 else list(reversed(props["tags"]))
    elif r < 0.92:
        c["style"] = rng.choice(["primary", {"accessory": "radio"}, {"accessory": "disclosure", "tint": "red"}])
    else:
        c["props"] = {"title": rng.choice(TITLES)}
    return c


def json_copy(v):
    if isinstance(v, dict):
        return {k: json_copy(x) for k, x in v.items()}
    if isinstance(v, list):
        return [json_copy(x) for x in v]
    return v


# ---------------------------------------------------------------------------
# Screens as plain data: a section is {"id": spec, "header": c|None,
# "footer": c|None, "rows": [[spec, component], ...]}.

def random_section(rng, sid, row_ids):
    n = rng.randint(0, min(6, len(row_ids)))
    rows = [[rid, random_component(rng)] for rid in rng.sample(row_ids, n)]
    return {
        "id": sid,
        "header": random_header(rng) if rng.random() < 0.4 else None,
        "footer": random_header(rng) if rng.random() < 0.25 else None,
        "rows": rows,
    }


def random_header(rng):
    return {"type": rng.choice(["SectionHeader", "Description"]),
            "props": {"title": rng.choice(["Collection", "Delivery", "Morning", "Evening"])}}


def random_box(rng, sec_ids, row_ids):
    k = rng.randint(0, min(5, len(sec_ids)))
    return [random_section(rng, sid, row_ids) for sid in rng.sample(sec_ids, k)]


def mutate_box(rng, box, sec_ids, row_ids):
    box = [dict(s, rows=[list(r) for r in s["rows"]]) for s in box]
    intensity = rng.choice([0.05, 0.15, 0.35])
    # rows: deletes, updates, moves within, moves across
    for s in box:
        for r in list(s["rows"]):
            x = rng.random()
            if x < intensity * 0.5:
                s["rows"].remove(r)
            elif x < intensity * 1.5:
                r[1] = mutate_component(rng, r[1])
        if len(s["rows"]) > 1 and rng.random() < intensity * 2:
            r = s["rows"].pop(rng.randrange(len(s["rows"])))
            s["rows"].insert(rng.randrange(len(s["rows"]) + 1), r)
    for _ in range(rng.randint(0, 3)):
        if len(box) >= 2 and rng.random() < intensity * 3:
            a, b = rng.sample(box, 2)
            if a["rows"]:
                r = a["rows"].pop(rng.randrange(len(a["rows"])))
                if all(x[0] != r[0] for x in b["rows"]):
                    if rng.random() < 0.3:
                        r[1] = mutate_component(rng, r[1])
                    b["rows"].insert(rng.randrange(len(b["rows"]) + 1), r)
    # row inserts
    for s in box:
        if rng.random() < intensity * 2:
            free = [rid for rid in row_ids if all(x[0] != rid for x in s["rows"])]
            if free:
                s["rows"].insert(rng.randrange(len(s["rows"]) + 1), [rng.choice(free), random_component(rng)])
    # headers and footers
    for s in box:
        for part in ("header", "footer"):
            if rng.random() < intensity:
                if s[part] is None:
                    s[part] = random_header(rng)
                elif rng.random() < 0.4:
                    s[part] = None
                else:
                    s[part] = mutate_component(rng, s[part])
    # sections: delete, insert, move
    for s in list(box):
        if rng.random() < intensity * 0.6:
            box.remove(s)
    if rng.random() < intensity * 2:
        free = [sid for sid in sec_ids if all(s["id"] != sid for s in box)]
        if free:
            box.insert(rng.randrange(len(box) + 1), random_section(rng, rng.choice(free), row_ids))
    if len(box) > 1 and rng.random() < intensity * 2:
        s = box.pop(rng.randrange(len(box)))
        box.insert(rng.randrange(len(box) + 1), s)
    return box


def random_attributes(rng):
    attrs = {}
    if rng.random() < 0.7:
        attrs["title"] = rng.choice(["Pharmacy", "Choose a pharmacy", "Caf" + NFC_E, "Caf" + NFD_E])
    if rng.random() < 0.5:
        attrs["shouldUseSystemSeparators"] = rng.choice([True, False])
    if rng.random() < 0.3:
        attrs["rightBarItems"] = [{"type": "BarButton", "props": {"title": t}}
                                  for t in rng.sample(["Help", "Close", "Edit"], rng.randint(0, 2))]
    if rng.random() < 0.2:
        attrs["analytics"] = {"screenName": rng.choice(["pharmacy", "delivery"]), "version": number(rng)}
    return attrs


def mutate_attributes(rng, attrs):
    attrs = json_copy(attrs)
    r = rng.random()
    if r < 0.4:
        return attrs
    if r < 0.6:
        attrs["title"] = rng.choice(["Pharmacy", "Choose a pharmacy", "Caf" + NFC_E, "Caf" + NFD_E])
    elif r < 0.75:
        attrs["shouldUseSystemSeparators"] = rng.choice([True, False])
    elif r < 0.85 and attrs:
        attrs.pop(rng.choice(list(attrs)))
    else:
        attrs = random_attributes(rng)
    return attrs


# ---------------------------------------------------------------------------
# Rendering to JSON text with `$` members, optional members and varied spellings.

def render_section(rng, s, variant):
    out = {}
    if rng.random() < 0.08:
        out["$comment"] = "section " + str(rng.randint(0, 9))
    out["id"] = render_id(s["id"], rng, variant)
    for part in ("header", "footer"):
        if s[part] is not None:
            out[part] = render_component(s[part])
        elif rng.random() < 0.2:
            out[part] = None
    if s["rows"] or rng.random() < 0.6:
        rows = []
        for rid, comp in s["rows"]:
            node = {"id": render_id(rid, rng, variant), "component": render_component(comp)}
            if rng.random() < 0.05:
                node = {"$comment": "node", **node}
            if rng.random() < 0.1:
                node = {"component": node["component"], "id": node["id"]}
            rows.append(node)
        out["rows"] = rows
    if rng.random() < 0.1:
        items = list(out.items())
        rng.shuffle(items)
        out = dict(items)
    return out


def render_component(c):
    if isinstance(c, dict):
        return {k: render_component(v) for k, v in c.items()}
    if isinstance(c, list):
        return [render_component(v) for v in c]
    if isinstance(c, tuple):  # (value, spelling)
        return Raw(c[1])
    return c


def render_box(rng, box, variant):
    out = {"sections": [render_section(rng, s, variant) for s in box]}
    if rng.random() < 0.05:
        out["$comment"] = "box"
    return out


def render_screen(rng, attrs, box, pinned, box_form, variant):
    if box_form:
        out = {}
        if rng.random() < 0.3:
            out["$schema"] = "https://example.com/bento/box.schema.json"
        out.update(render_box(rng, box, variant))
        return out
    out = {}
    if rng.random() < 0.1:
        out["$schema"] = "https://example.com/bento/screen.schema.json"
    for k, v in attrs.items():
        out[k] = render_component(v)
    out["box"] = render_box(rng, box, variant)
    if pinned is not None:
        out["pinnedToBottomBox"] = render_box(rng, pinned, variant)
    if rng.random() < 0.2:
        items = list(out.items())
        rng.shuffle(items)
        out = dict(items)
    return out


def dump(v, indent=0):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    pad = " " * (indent + 2)
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[\n" + ",\n".join(pad + dump(x, indent + 2) for x in v) + "\n" + " " * indent + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return ("{\n" + ",\n".join(pad + json.dumps(k, ensure_ascii=False) + ": " + dump(x, indent + 2)
                                   for k, x in v.items()) + "\n" + " " * indent + "}")
    raise TypeError(repr(v))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: random_pairs.py SEED OUTDIR\n")
        return 2
    rng = random.Random("bento-" + argv[1])
    sec_ids = section_alphabet(rng, rng.choice(SECTION_ID_STYLES))
    row_ids = row_alphabet(rng, rng.choice(ROW_ID_STYLES))

    old_box = random_box(rng, sec_ids, row_ids)
    if rng.random() < 0.15:
        new_box = random_box(rng, sec_ids, row_ids)  # unrelated: many inserts and deletes
    else:
        new_box = mutate_box(rng, old_box, sec_ids, row_ids)

    pinned_mode = rng.random()
    old_pinned = new_pinned = None
    if pinned_mode < 0.45:
        p_sec = [("s", "actions"), ("s", "legal"), ("i", 9)]
        p_rows = [("s", "continue"), ("s", "cancel"), ("s", "terms")] + row_ids[:2]
        old_pinned = random_box(rng, p_sec, p_rows) if rng.random() < 0.8 else None
        if old_pinned is not None and rng.random() < 0.8:
            new_pinned = mutate_box(rng, old_pinned, p_sec, p_rows)
        elif rng.random() < 0.6:
            new_pinned = random_box(rng, p_sec, p_rows)

    old_attrs = random_attributes(rng) if rng.random() < 0.6 else {}
    new_attrs = mutate_attributes(rng, old_attrs)

    def box_form_ok(attrs, pinned):
        return not attrs and pinned is None and rng.random() < 0.5

    old_doc = render_screen(rng, old_attrs, old_box, old_pinned, box_form_ok(old_attrs, old_pinned), False)
    new_doc = render_screen(rng, new_attrs, new_box, new_pinned, box_form_ok(new_attrs, new_pinned), True)

    os.makedirs(argv[2], exist_ok=True)
    for name, doc in (("old.json", old_doc), ("new.json", new_doc)):
        with open(os.path.join(argv[2], name), "w", encoding="utf-8") as f:
            f.write(dump(doc) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
