#!/usr/bin/env python3
"""Write a random but valid three-way merge for differential testing.

Usage: python3 Tests/oracle/random_triples.py SEED OUTDIR

Writes OUTDIR/base.json, OUTDIR/ours.json and OUTDIR/theirs.json: a random
screen (as random_pairs.py makes them) and two independent random changes of
it, light enough that many merges are clean. The same SEED always gives the
same bytes. Python 3.11, standard library only.
"""

import os
import random
import sys

import random_pairs as rp


def light(rng, box, sec_ids, row_ids):
    """A change of `box`: none, or random_pairs' mutation, usually light."""
    if rng.random() < 0.15:
        return [dict(s, rows=[list(r) for r in s["rows"]]) for s in box]
    return rp.mutate_box(rng, box, sec_ids, row_ids)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: random_triples.py SEED OUTDIR\n")
        return 2
    rng = random.Random("bento-merge-" + argv[1])
    sec_ids = rp.section_alphabet(rng, rng.choice(rp.SECTION_ID_STYLES))
    row_ids = rp.row_alphabet(rng, rng.choice(rp.ROW_ID_STYLES))
    base_box = rp.random_box(rng, sec_ids, row_ids)
    p_sec = [("s", "actions"), ("s", "legal"), ("i", 9)]
    p_rows = [("s", "continue"), ("s", "cancel"), ("s", "terms")] + row_ids[:2]
    base_pinned = rp.random_box(rng, p_sec, p_rows) if rng.random() < 0.3 else None
    base_attrs = rp.random_attributes(rng) if rng.random() < 0.6 else {}

    docs = {}
    for name in ("base", "ours", "theirs"):
        if name == "base":
            box, pinned, attrs = base_box, base_pinned, base_attrs
        else:
            box = light(rng, base_box, sec_ids, row_ids)
            pinned = None if base_pinned is None else light(rng, base_pinned, p_sec, p_rows)
            attrs = rp.mutate_attributes(rng, base_attrs) if rng.random() < 0.5 else rp.json_copy(base_attrs)
        box_form = not attrs and pinned is None and rng.random() < 0.5
        docs[name] = rp.render_screen(rng, attrs, box, pinned, box_form, name != "base")

    os.makedirs(argv[2], exist_ok=True)
    for name, doc in docs.items():
        with open(os.path.join(argv[2], name + ".json"), "w", encoding="utf-8") as f:
            f.write(rp.dump(doc) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
