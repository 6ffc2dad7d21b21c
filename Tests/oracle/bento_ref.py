#!/usr/bin/env python3
"""bento_ref: an independent reference implementation of `bento diff --format json`.

Usage: python3 Tests/oracle/bento_ref.py OLD NEW

Reads two screen files (bento-screen(5), DOCUMENT), diffs them by identity
(EQUALITY and MATCHING) and prints the JSON changeset (bento-changeset(5),
JSON CHANGESET) to standard
output. Exit status: 0 identical, 1 different, 2 trouble (invalid input,
unreadable file, bad usage). `-` names standard input.

Python 3.11, standard library only. Written from the rules of man/bento-screen.5 and man/bento-changeset.5,
independently of the Swift sources, to be used as a test oracle.

Decisions where the rules leave a choice open (shared with the Swift
implementation):
- LIS: patience sorting over the OLD indices of the matched elements taken
  in NEW order, strictly increasing, lower-bound binary search, predecessor
  links, reconstructed from the last tail. Elements outside it are moves.
- A moved section or row whose content also changed is one `move` record
  carrying `fields`; an unchanged move has no `fields` member.
- Field changes: object members in Unicode code point order, arrays by index.
- Inserted/deleted sections are encoded from the model: `id`, `header`
  (if not null), `footer` (if not null), `rows` (always); nodes as
  {"id", "component"}; `$` members of schema objects dropped.
- Record member order: kind, op, box, id, fromSection, section, from, to,
  old/new, fields.
- Integer ids compare by value (-0 equals 0); "1" and 1 differ.
- `id`/`section` of a record are written as they appear in the new file,
  except for deletes (old file); `fromSection` as in the old file.
- Nesting depth: the outermost array/object is level 1; a 513th level is an
  error.
"""

import json
import re
import sys
from collections import Counter

MAX_DEPTH = 512
BOX_NAMES = ("box", "pinnedToBottomBox")

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)
sys.setrecursionlimit(20000)


class BentoError(Exception):
    """An invalid input; `where` is "LINE:COLUMN" or None."""

    def __init__(self, message, where=None, path=None):
        super().__init__(message)
        self.message = message
        self.where = where
        self.path = path


# ---------------------------------------------------------------------------
# Numbers: keep the source text, compare by exact mathematical value.

_NUM_RE = re.compile(r"(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?\Z")


def _num_key(text):
    m = _NUM_RE.match(text)
    if m is None:  # json only hands us RFC 8259 numbers
        raise BentoError("bad number %r" % text)
    sign, int_part, frac, exp = m.groups()
    frac = frac or ""
    digits = (int_part + frac).lstrip("0")
    if not digits:
        return ("0",)  # every zero, -0 included
    exponent = int(exp or "0") - len(frac)
    stripped = digits.rstrip("0")
    exponent += len(digits) - len(stripped)
    # value = (-1 if sign else 1) * int(stripped) * 10**exponent
    return (sign, stripped, exponent)


class Num:
    __slots__ = ("text", "key")

    def __init__(self, text):
        self.text = text
        self.key = _num_key(text)

    @property
    def is_integer_literal(self):
        return not any(c in self.text for c in ".eE")

    def __eq__(self, other):
        return isinstance(other, Num) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return "Num(%s)" % self.text


# ---------------------------------------------------------------------------
# Reading JSON.

class _DuplicateMember(Exception):
    pass


def _pairs_hook(pairs):
    obj = {}
    for name, value in pairs:
        if name in obj:
            raise _DuplicateMember(name)
        obj[name] = value
    return obj


def _reject_constant(name):
    raise ValueError("not JSON: %s" % name)


def _line_col(text, offset):
    """1-based line and column (in Unicode scalars) of a str offset."""
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return "%d:%d" % (line, offset - start + 1)


def _check_depth(text):
    depth = 0
    in_string = False
    escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BentoError("nesting deeper than %d levels" % MAX_DEPTH, _line_col(text, i))
        elif ch == "]" or ch == "}":
            depth -= 1


def read_json(path):
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise BentoError("cannot read: %s" % (e.strerror or e))
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as e:
        good = data[: e.start].decode("utf-8")
        raise BentoError("not UTF-8", _line_col(good, len(good)))
    _check_depth(text)
    try:
        return json.loads(
            text,
            parse_int=Num,
            parse_float=Num,
            parse_constant=_reject_constant,
            object_pairs_hook=_pairs_hook,
        )
    except json.JSONDecodeError as e:
        raise BentoError("not JSON: %s" % e.msg, "%d:%d" % (e.lineno, e.colno))
    except _DuplicateMember as e:
        raise BentoError('duplicate member "%s"' % e.args[0])
    except (ValueError, RecursionError) as e:
        raise BentoError("not JSON: %s" % e)


# ---------------------------------------------------------------------------
# JSON values: canonical form for equality, type names.

def canon(v):
    """A hashable form such that canon(a) == canon(b) iff a and b are equal JSON values."""
    if isinstance(v, dict):
        return ("o", tuple(sorted((k, canon(x)) for k, x in v.items())))
    if isinstance(v, list):
        return ("a", tuple(canon(x) for x in v))
    if isinstance(v, str):
        return ("s", v)
    if isinstance(v, Num):
        return ("n", v.key)
    if v is True:
        return ("t",)
    if v is False:
        return ("f",)
    if v is None:
        return ("z",)
    raise TypeError(repr(v))


def type_name(v):
    if isinstance(v, dict):
        return "object"
    if isinstance(v, list):
        return "array"
    if isinstance(v, str):
        return "string"
    if isinstance(v, Num):
        return "number"
    if v is None:
        return "null"
    return "boolean"


# ---------------------------------------------------------------------------
# The screen model (bento-screen(5), DOCUMENT).

class Node:
    __slots__ = ("id", "key", "component")

    def __init__(self, id_, component):
        self.id = id_
        self.key = canon(id_)
        self.component = component

    def value(self):
        return {"id": self.id, "component": self.component}


class Section:
    __slots__ = ("id", "key", "header", "footer", "rows")

    def __init__(self, id_, header, footer, rows):
        self.id = id_
        self.key = canon(id_)
        self.header = header
        self.footer = footer
        self.rows = rows

    def attributes(self):
        """The section without id and rows, null members left out."""
        out = {}
        if self.header is not None:
            out["header"] = self.header
        if self.footer is not None:
            out["footer"] = self.footer
        return out

    def value(self):
        out = {"id": self.id}
        out.update(self.attributes())
        out["rows"] = [n.value() for n in self.rows]
        return out


class Screen:
    def __init__(self, attributes, boxes):
        self.attributes = attributes  # dict, `$` members dropped
        self.boxes = boxes  # {"box": [Section], "pinnedToBottomBox": [Section]}


def _edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _schema_object(value, path, allowed, required):
    if not isinstance(value, dict):
        raise BentoError("expected an object, found %s" % type_name(value), path=path)
    for name in value:
        if name.startswith("$"):
            continue
        if name not in allowed:
            best = min(allowed, key=lambda a: (_edit_distance(name, a), a))
            raise BentoError('unknown member "%s"; did you mean "%s"?' % (name, best),
                             path=_join(path, name))
    for name in required:
        if name not in value:
            raise BentoError('missing member "%s"' % name, path=_join(path, name))


def _join(path, name):
    return name if not path else path + "." + name


def is_id(v):
    if isinstance(v, str):
        return True
    if isinstance(v, Num):
        return v.is_integer_literal
    if isinstance(v, list):
        return all(is_id(x) for x in v)
    if isinstance(v, dict):
        return all(is_id(x) for x in v.values())
    return False


def _read_id(v, path):
    if not is_id(v):
        raise BentoError("not an id (a string, an integer, or an array/object of them)", path=path)
    return v


def _read_component(v, path):
    if not isinstance(v, dict):
        raise BentoError("expected a component object, found %s" % type_name(v), path=path)
    if "type" not in v:
        raise BentoError('missing member "type"', path=path + ".type")
    if not isinstance(v["type"], str):
        raise BentoError('"type" must be a string', path=path + ".type")
    return v


def _read_node(v, path):
    _schema_object(v, path, ("id", "component"), ("id", "component"))
    return Node(_read_id(v["id"], path + ".id"), _read_component(v["component"], path + ".component"))


def _read_section(v, path):
    _schema_object(v, path, ("id", "header", "footer", "rows"), ("id",))
    id_ = _read_id(v["id"], path + ".id")
    parts = {}
    for name in ("header", "footer"):
        x = v.get(name)
        parts[name] = None if x is None else _read_component(x, path + "." + name)
    rows_value = v.get("rows", [])
    if not isinstance(rows_value, list):
        raise BentoError("expected an array, found %s" % type_name(rows_value), path=path + ".rows")
    rows = [_read_node(x, "%s.rows[%d]" % (path, i)) for i, x in enumerate(rows_value)]
    seen = {}
    for i, n in enumerate(rows):
        if n.key in seen:
            raise BentoError("row id %s twice in one section (rows[%d] and rows[%d])"
                             % (compact(n.id), seen[n.key], i), path="%s.rows[%d].id" % (path, i))
        seen[n.key] = i
    return Section(id_, parts["header"], parts["footer"], rows)


def _read_box(v, path):
    _schema_object(v, path, ("sections",), ("sections",))
    secs = v["sections"]
    if not isinstance(secs, list):
        raise BentoError("expected an array, found %s" % type_name(secs), path=_join(path, "sections"))
    sections = [_read_section(x, "%s[%d]" % (_join(path, "sections"), i)) for i, x in enumerate(secs)]
    seen = {}
    for i, s in enumerate(sections):
        if s.key in seen:
            raise BentoError("section id %s twice in one box (sections[%d] and sections[%d])"
                             % (compact(s.id), seen[s.key], i),
                             path="%s[%d].id" % (_join(path, "sections"), i))
        seen[s.key] = i
    return sections


def read_screen(path):
    doc = read_json(path)
    if not isinstance(doc, dict):
        raise BentoError("expected a screen object, found %s" % type_name(doc))
    names = [k for k in doc if not k.startswith("$")]
    if "box" not in doc and "sections" in doc:
        # The Box form: an object whose only member is `sections`.
        box = _read_box(doc, "")
        return Screen({}, {"box": box, "pinnedToBottomBox": []})
    if "box" not in doc:
        raise BentoError('missing member "box"', path="box")
    boxes = {"box": _read_box(doc["box"], "box"), "pinnedToBottomBox": []}
    if "pinnedToBottomBox" in doc:
        boxes["pinnedToBottomBox"] = _read_box(doc["pinnedToBottomBox"], "pinnedToBottomBox")
    if "title" in doc and not isinstance(doc["title"], str):
        raise BentoError('"title" must be a string', path="title")
    attributes = {k: doc[k] for k in names if k not in BOX_NAMES}
    return Screen(attributes, boxes)


# ---------------------------------------------------------------------------
# Diffing.

def pointer_token(name):
    return name.replace("~", "~0").replace("/", "~1")


def field_changes(old, new, path="", out=None):
    """Leaf differences between two JSON values as RFC 6901 pointers."""
    if out is None:
        out = []
    if isinstance(old, dict) and isinstance(new, dict):
        for name in sorted(set(old) | set(new)):
            p = path + "/" + pointer_token(name)
            if name not in new:
                out.append({"path": p, "old": old[name]})
            elif name not in old:
                out.append({"path": p, "new": new[name]})
            else:
                field_changes(old[name], new[name], p, out)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new)):
            field_changes(a, b, "%s/%d" % (path, i), out)
    elif canon(old) != canon(new):
        out.append({"path": path, "old": old, "new": new})
    return out


def lis_keep(seq):
    """Positions in seq of one longest strictly increasing subsequence (patience sorting)."""
    tails = []  # positions in seq; seq[tails[k]] is the smallest tail of a run of length k+1
    pred = [-1] * len(seq)
    for i, v in enumerate(seq):
        lo, hi = 0, len(tails)
        while lo < hi:  # first tail >= v
            mid = (lo + hi) // 2
            if seq[tails[mid]] < v:
                lo = mid + 1
            else:
                hi = mid
        if lo > 0:
            pred[i] = tails[lo - 1]
        if lo == len(tails):
            tails.append(i)
        else:
            tails[lo] = i
    keep = set()
    i = tails[-1] if tails else -1
    while i != -1:
        keep.add(i)
        i = pred[i]
    return keep


def _pos(section, row=None):
    return {"section": section} if row is None else {"section": section, "row": row}


def _record(kind, op, box, id_, *, from_section=None, section=None, from_=None, to=None,
            old=None, new=None, fields=None, has_old=False, has_new=False):
    r = {"kind": kind, "op": op, "box": box, "id": id_}
    if from_section is not None:
        r["fromSection"] = from_section
    if section is not None:
        r["section"] = section
    if from_ is not None:
        r["from"] = from_
    if to is not None:
        r["to"] = to
    if has_old:
        r["old"] = old
    if has_new:
        r["new"] = new
    if fields:
        r["fields"] = fields
    return r


OPS = ("delete", "insert", "move", "update")


def _ordered(records):
    def sort_key(r):
        p = r["from"] if r["op"] == "delete" else r["to"]
        return (OPS.index(r["op"]), p["section"], p.get("row", -1))
    return sorted(records, key=sort_key)


def diff_box(box, old_secs, new_secs):
    section_records = []
    row_records = []
    old_at = {s.key: i for i, s in enumerate(old_secs)}
    new_at = {s.key: j for j, s in enumerate(new_secs)}

    # 1. Sections.
    for i, s in enumerate(old_secs):
        if s.key not in new_at:
            section_records.append(_record("section", "delete", box, s.id, from_=_pos(i),
                                           old=s.value(), has_old=True))
    for j, s in enumerate(new_secs):
        if s.key not in old_at:
            section_records.append(_record("section", "insert", box, s.id, to=_pos(j),
                                           new=s.value(), has_new=True))
    matched = [(old_at[s.key], j) for j, s in enumerate(new_secs) if s.key in old_at]
    keep = lis_keep([i for i, _ in matched])
    for k, (i, j) in enumerate(matched):
        fields = field_changes(old_secs[i].attributes(), new_secs[j].attributes())
        if k not in keep:
            section_records.append(_record("section", "move", box, new_secs[j].id,
                                           from_=_pos(i), to=_pos(j), fields=fields))
        elif fields:
            section_records.append(_record("section", "update", box, new_secs[j].id,
                                           from_=_pos(i), to=_pos(j), fields=fields))

    # 2. Rows.
    old_count = Counter(n.key for s in old_secs for n in s.rows)
    new_count = Counter(n.key for s in new_secs for n in s.rows)
    new_place = {}  # key -> (section j, row) for ids once in the new box
    for j, s in enumerate(new_secs):
        for r, n in enumerate(s.rows):
            if new_count[n.key] == 1:
                new_place[n.key] = (j, r)
    new_of_old = dict(matched)  # old section index -> new section index
    matched_new = set(new_of_old.values())

    cross = {}  # (new j, new r) -> (old i, old r)
    cross_sources = set()
    for i, j in matched:
        in_new = {n.key for n in new_secs[j].rows}
        for r, n in enumerate(old_secs[i].rows):
            if n.key in in_new:
                continue
            if old_count[n.key] == 1 and new_count[n.key] == 1:
                j2, r2 = new_place[n.key]
                if j2 in matched_new and j2 != j:
                    cross[(j2, r2)] = (i, r)
                    cross_sources.add((i, r))

    for i, j in matched:
        old_s, new_s = old_secs[i], new_secs[j]
        old_row_at = {n.key: r for r, n in enumerate(old_s.rows)}
        new_keys = {n.key for n in new_s.rows}
        for r, n in enumerate(old_s.rows):
            if n.key not in new_keys and (i, r) not in cross_sources:
                row_records.append(_record("row", "delete", box, n.id, section=old_s.id,
                                           from_=_pos(i, r), old=n.value(), has_old=True))
        inner = []  # (old r, new r) matched inside this section, in new order
        for r, n in enumerate(new_s.rows):
            if n.key in old_row_at:
                inner.append((old_row_at[n.key], r))
            elif (j, r) in cross:
                i0, r0 = cross[(j, r)]
                o = old_secs[i0].rows[r0]
                row_records.append(_record("row", "move", box, n.id, from_section=old_secs[i0].id,
                                           section=new_s.id, from_=_pos(i0, r0), to=_pos(j, r),
                                           fields=field_changes(o.value(), n.value())))
            else:
                row_records.append(_record("row", "insert", box, n.id, section=new_s.id,
                                           to=_pos(j, r), new=n.value(), has_new=True))
        keep = lis_keep([ro for ro, _ in inner])
        for k, (ro, rn) in enumerate(inner):
            o, n = old_s.rows[ro], new_s.rows[rn]
            fields = field_changes(o.value(), n.value())
            if k not in keep:
                row_records.append(_record("row", "move", box, n.id, section=new_s.id,
                                           from_=_pos(i, ro), to=_pos(j, rn), fields=fields))
            elif fields:
                row_records.append(_record("row", "update", box, n.id, section=new_s.id,
                                           from_=_pos(i, ro), to=_pos(j, rn), fields=fields))

    return _ordered(section_records) + _ordered(row_records)


def changeset(old_name, new_name, old, new):
    changes = []
    screen_fields = field_changes(old.attributes, new.attributes)
    if screen_fields:
        changes.append({"kind": "screen", "op": "update", "fields": screen_fields})
    for box in BOX_NAMES:
        changes.extend(diff_box(box, old.boxes[box], new.boxes[box]))
    summary = {
        "screen": {"update": 0},
        "sections": {op: 0 for op in ("insert", "delete", "move", "update")},
        "rows": {op: 0 for op in ("insert", "delete", "move", "update")},
    }
    for c in changes:
        group = {"screen": "screen", "section": "sections", "row": "rows"}[c["kind"]]
        summary[group][c["op"]] += 1
    return {
        "version": 1,
        "old": old_name,
        "new": new_name,
        "identical": not changes,
        "summary": summary,
        "changes": changes,
    }


# ---------------------------------------------------------------------------
# Writing JSON: json.dumps(indent=2, ensure_ascii=False) layout, numbers as written.

_SURROGATE = re.compile("[\ud800-\udfff]")


def _string(s):
    out = json.dumps(s, ensure_ascii=False)
    return _SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), out)


def dump(v, indent=0):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, Num):
        return v.text
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _string(v)
    pad = " " * (indent + 2)
    if isinstance(v, list):
        if not v:
            return "[]"
        items = [pad + dump(x, indent + 2) for x in v]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = [pad + _string(k) + ": " + dump(x, indent + 2) for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    raise TypeError(repr(v))


def compact(v):
    if isinstance(v, list):
        return "[" + ",".join(compact(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(_string(k) + ":" + compact(x) for k, x in v.items()) + "}"
    return dump(v)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: bento_ref.py OLD NEW\n")
        return 2
    screens = []
    failed = False
    for name in argv[1:]:
        try:
            screens.append(read_screen(name))
        except BentoError as e:
            failed = True
            where = ":" + e.where if e.where else ""
            path = e.path + ": " if e.path else ""
            sys.stderr.write("bento_ref: %s%s: %s%s\n" % (name, where, path, e.message))
    if failed:
        return 2
    result = changeset(argv[1], argv[2], screens[0], screens[1])
    sys.stdout.buffer.write((dump(result) + "\n").encode("utf-8"))
    sys.stdout.flush()
    return 0 if result["identical"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
