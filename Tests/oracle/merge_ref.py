#!/usr/bin/env python3
"""merge_ref: an independent reference of `bento merge OURS BASE THEIRS`.

Usage: python3 Tests/oracle/merge_ref.py OURS BASE THEIRS

Merges by identity as bento-changeset(5), MERGE says, on top of bento_ref's reader
and changesets (section 3), and prints the merged screen as JSON. Exit
status: 0 clean, 1 conflicts (each named on standard error; no output), 2
trouble. Written from the rules, not from the Swift sources: plain lists
and dictionaries, quadratic where that is simplest.
"""

import sys
from copy import deepcopy

import bento_ref as ref
from bento_ref import canon


class Conflict(Exception):
    pass


def tokens(path):
    return [t.replace("~1", "/").replace("~0", "~") for t in path.split("/")[1:]]


def set_path(doc, path, has_new, new):
    toks = tokens(path)
    if not toks:
        return new
    cur = doc
    for t in toks[:-1]:
        cur = cur[int(t)] if isinstance(cur, list) else cur[t]
    last = toks[-1]
    if isinstance(cur, list):
        cur[int(last)] = new
    elif has_new:
        cur[last] = new
    else:
        del cur[last]
    return doc


def merge_value(base, ours, theirs, conflicts, where):
    """Field by field: OURS with THEIRS' changes that do not conflict."""
    co = ref.field_changes(base, ours)
    ct = ref.field_changes(base, theirs)
    ours_at = {c["path"]: c for c in co}
    result = deepcopy(ours)
    for c in ct:
        p = c["path"]
        if p in ours_at:
            o = ours_at[p]
            if ("new" in o) != ("new" in c) or ("new" in c and canon(o["new"]) != canon(c["new"])):
                conflicts.append("%s: changed on both sides: %s" % (where, p))
            continue
        if any(p.startswith(q + "/") or q.startswith(p + "/") or q == "" or p == "" for q in ours_at):
            conflicts.append("%s: changed on both sides, one inside the other: %s" % (where, p))
            continue
        result = set_path(result, p, "new" in c, deepcopy(c.get("new")))
    return result


class Side:
    """What one side did to one box, read from its changeset records."""

    def __init__(self, records, secs):
        self.secs = {s.key: s for s in secs}
        self.order = [s.key for s in secs]
        self.sec_moved, self.sec_updated, self.edited = set(), set(), set()
        self.row_moved, self.row_changed, self.row_deleted = {}, set(), set()
        for r in records:
            if r["kind"] == "section":
                k = canon(r["id"])
                if r["op"] == "move":
                    self.sec_moved.add(k)
                if r.get("fields"):
                    self.sec_updated.add(k)
            else:
                s = canon(r["section"])
                k = (canon(r.get("fromSection", r["section"])), canon(r["id"]))
                if r["op"] == "delete":
                    self.row_deleted.add((s, canon(r["id"])))
                    continue
                self.edited.add(s)
                if r["op"] == "move":
                    self.row_moved[k] = s
                if r.get("fields"):
                    self.row_changed.add(k)

    def location(self, k):
        if k in self.row_moved:
            return self.row_moved[k]
        if k[0] not in self.secs or k in self.row_deleted:
            return None
        return k[0]

    def row(self, section, row_key):
        for i, n in enumerate(self.secs[section].rows):
            if n.key == row_key:
                return i, n
        return None

    def origin(self, section, row_key, base_secs):
        for k, target in self.row_moved.items():
            if target == section and k[1] == row_key and k[0] != section:
                return k
        if section in base_secs and any(n.key == row_key for n in base_secs[section].rows):
            return (section, row_key)
        return None

    def previous(self, section, row_key):
        i, _ = self.row(section, row_key)
        return self.secs[section].rows[i - 1].key if i > 0 else None


def order_merge(ours_keys, theirs_keys, at_ours, at_theirs):
    """The bento-changeset(5)'s order rule over keys."""
    result = [k for k in ours_keys if at_ours(k)]
    for n, k in enumerate(theirs_keys):
        if not at_theirs(k):
            continue
        before = [p for p in theirs_keys[:n] if p in result]
        result.insert(result.index(before[-1]) + 1 if before else 0, k)
    return result


def outside_every_lis(seq):
    """Which elements lie in no longest increasing subsequence (moved in
    every minimal move set): the runs ending and starting at an element add
    up to less than the longest plus one."""
    n = len(seq)
    end, start = [1] * n, [1] * n
    for i in range(n):
        for j in range(i):
            if seq[j] < seq[i]:
                end[i] = max(end[i], end[j] + 1)
    for i in reversed(range(n)):
        for j in range(i + 1, n):
            if seq[j] > seq[i]:
                start[i] = max(start[i], start[j] + 1)
    longest = max(end) if n else 0
    return [end[i] + start[i] - 1 != longest for i in range(n)]


def mark_sure(side, base_secs, base):
    """The side's sections and rows moved for sure (bento-changeset(5), MERGE)."""
    position = {s.key: i for i, s in enumerate(base_secs)}
    matched = [k for k in side.order if k in base]
    side.sec_sure = {k for k, out in zip(matched, outside_every_lis([position[k] for k in matched])) if out}
    side.row_sure = set()
    for s in matched:
        row_position = {n.key: i for i, n in enumerate(base[s].rows)}
        stayed = []
        for n in side.secs[s].rows:
            k = side.origin(s, n.key, base)
            if k is None:
                continue
            if k[0] != s:
                side.row_sure.add(k)
            else:
                stayed.append(k)
        for k, out in zip(stayed, outside_every_lis([row_position[k[1]] for k in stayed])):
            if out:
                side.row_sure.add(k)


def merge_box(name, base_secs, ours_secs, theirs_secs, ours_records, theirs_records, conflicts):
    base = {s.key: s for s in base_secs}
    o = Side(ours_records, ours_secs)
    t = Side(theirs_records, theirs_secs)
    mark_sure(o, base_secs, base)
    mark_sure(t, base_secs, base)

    def changed(side, k):
        return k in side.sec_updated or k in side.sec_sure or k in side.edited

    def at_theirs_place(k):
        # Moved by THEIRS' diff and not by OURS', or by both where only THEIRS' is for sure.
        return k in t.sec_moved and (k not in o.sec_moved or (k in t.sec_sure and k not in o.sec_sure))

    def sec_at_ours(k):
        if k in base:
            if k not in t.secs:
                if changed(o, k):
                    conflicts.append("%s section: deleted in THEIRS, changed in OURS" % name)
                return False
            if at_theirs_place(k):
                return False
            if k in t.sec_sure and k in o.sec_sure:
                po = o.order.index(k)
                pt = t.order.index(k)
                if (o.order[po - 1] if po else None) != (t.order[pt - 1] if pt else None):
                    conflicts.append("%s section: moved apart" % name)
            return True
        if k in t.secs and canon(t.secs[k].value()) != canon(o.secs[k].value()):
            conflicts.append("%s section: added on both sides" % name)
        return True

    def sec_at_theirs(k):
        if k in base:
            if k not in o.secs:
                if changed(t, k):
                    conflicts.append("%s section: deleted in OURS, changed in THEIRS" % name)
                return False
            return at_theirs_place(k)
        return k not in o.secs

    order = order_merge(o.order, t.order, sec_at_ours, sec_at_theirs)
    out = []
    for k in order:
        if k not in base:
            out.append((o.secs.get(k) or t.secs[k]).value())
            continue
        bs, os_, ts = base[k], o.secs[k], t.secs[k]
        fields = merge_value(bs.attributes(), os_.attributes(), ts.attributes(), conflicts, name + " section")
        value = {"id": os_.id}
        value.update(fields)
        value["rows"] = merge_rows(name, k, base, o, t, conflicts)
        out.append(value)
    return out


def merge_rows(name, s, base, o, t, conflicts):
    where = "%s row" % name
    placed = {}

    def place(side_name, k):
        lo, lt = o.location(k), t.location(k)
        if lo is None or lt is None:
            gone = "OURS" if lo is None else "THEIRS"
            other, loc = (t, lt) if lo is None else (o, lo)
            if loc is not None and (k in other.row_changed or k in other.row_sure):
                conflicts.append("%s: deleted in %s, changed or moved in the other" % (where, gone))
            return False
        mo, mt = k in o.row_moved, k in t.row_moved
        so, st = k in o.row_sure, k in t.row_sure
        if so and st and not (lo == lt and o.previous(lo, k[1]) == t.previous(lt, k[1])):
            conflicts.append("%s: moved apart" % where)
        at_theirs = mt and (not mo or (st and not so))
        return (not at_theirs or (so and st)) if side_name == "ours" else at_theirs

    def node_value(k, section):
        _, on = o.row(o.location(k), k[1])
        _, tn = t.row(t.location(k), k[1])
        if k not in t.row_changed:
            return on.value()
        if k not in o.row_changed:
            return tn.value()
        bn = next(n for n in base[k[0]].rows if n.key == k[1])
        return merge_value(bn.value(), on.value(), tn.value(), conflicts, where)

    ours_keys = [n.key for n in o.secs[s].rows]
    theirs_keys = [n.key for n in t.secs[s].rows]
    values = {}

    def at_ours(x):
        k = o.origin(s, x, base)
        tk = t.origin(s, x, base) if t.row(s, x) else "absent"
        if tk != "absent" and tk != k or (k is None and tk is None):
            if canon(o.row(s, x)[1].value()) != canon(t.row(s, x)[1].value()) or k is not None:
                conflicts.append("%s: added on both sides" % where)
            values[x] = o.row(s, x)[1].value()
            return True
        if k is None:
            values[x] = o.row(s, x)[1].value()
            return True
        if place("ours", k):
            values[x] = node_value(k, s)
            return True
        return False

    def at_theirs(x):
        k = t.origin(s, x, base)
        if o.row(s, x) and (k is None or o.origin(s, x, base) != k):
            return False  # placed with OURS' row of this id
        if k is None:
            values[x] = t.row(s, x)[1].value()
            return True
        if place("theirs", k):
            values[x] = node_value(k, s)
            return True
        return False

    order = order_merge(ours_keys, theirs_keys, at_ours, at_theirs)
    return [values[x] for x in order]


def merge(base, ours, theirs):
    conflicts = []
    attributes = merge_value(base.attributes, ours.attributes, theirs.attributes, conflicts, "screen")
    o_cs = ref.changeset("", "", base, ours)["changes"]
    t_cs = ref.changeset("", "", base, theirs)["changes"]
    screen = {"box": None}
    for name in ref.BOX_NAMES:
        sections = merge_box(
            name, base.boxes[name], ours.boxes[name], theirs.boxes[name],
            [r for r in o_cs if r.get("box") == name], [r for r in t_cs if r.get("box") == name], conflicts)
        screen[name] = {"sections": sections}
    screen.update(attributes)
    return screen, conflicts


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: merge_ref.py OURS BASE THEIRS\n")
        return 2
    try:
        ours, base, theirs = (ref.read_screen(p) for p in argv[1:])
    except ref.BentoError as e:
        sys.stderr.write("merge_ref: %s\n" % e.message)
        return 2
    screen, conflicts = merge(base, ours, theirs)
    if conflicts:
        for c in conflicts:
            sys.stderr.write("merge_ref: conflict: %s\n" % c)
        return 1
    sys.stdout.buffer.write((ref.dump(screen) + "\n").encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
