#!/usr/bin/env python3
"""Writes a deterministic pair of large screens (old.json, new.json) for the
HTML report's size and speed check.

usage: make_large_pair.py OUT_DIR [ROWS] [SECTIONS] [CHANGED]

CHANGED is the fraction of rows touched by each kind of change: with 0.1,
10% of the rows are deleted, 10% inserted, 10% moved (within and across
sections) and 10% updated, the mix of the speed benchmark.
"""
import json
import random
import sys


def row(i, version=0):
    return {
        "id": f"row-{i}",
        "component": {
            "type": "IconTitleDetails",
            "props": {
                "title": f"Item {i}" + (" (new price)" if version else ""),
                "detail": f"{i % 97} High Street · {i % 13}.{i % 10} miles",
                "subtitle": "Open until 18:00",
                "image": "pharmacy-pin",
                "accessibilityId": f"list.row-{i}",
                "analyticsId": f"choose_row_{i}",
                "price": f"£{i % 50}.{i % 100:02d}" if not version else f"£{i % 50 + 1}.{i % 100:02d}",
            },
            "style": {"accessory": "disclosure"},
        },
    }


def main():
    out = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    sections = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    changed = float(sys.argv[4]) if len(sys.argv) > 4 else 0.1
    rng = random.Random(7)
    per = rows // sections
    old = [[row(s * per + r) for r in range(per)] for s in range(sections)]
    new = [list(rs) for rs in old]
    count = int(rows * changed)
    # Delete, update and take out rows to move, each from distinct rows.
    picked = rng.sample([(s, r) for s in range(sections) for r in range(per)], 3 * count)
    deleted, updated, moved = picked[:count], picked[count:2 * count], picked[2 * count:]
    gone = set(deleted) | set(moved)
    for s, r in updated:
        new[s][r] = row(s * per + r, version=1)
    new = [[x for r, x in enumerate(rs) if (s, r) not in gone] for s, rs in enumerate(new)]
    for s, r in moved:
        target = new[rng.randrange(sections)]
        target.insert(rng.randrange(len(target) + 1), old[s][r])
    for k in range(count):
        target = new[rng.randrange(sections)]
        target.insert(rng.randrange(len(target) + 1), row(rows + k))

    def screen(box):
        return {
            "title": "A long list",
            "box": {"sections": [{"id": f"s{s}", "header": {"type": "SectionHeader", "props": {"title": f"Section {s}"}},
                                  "rows": rs} for s, rs in enumerate(box)]},
            "pinnedToBottomBox": {"sections": [{"id": "actions", "rows": [
                {"id": "continue", "component": {"type": "Button", "props": {"title": "Continue"}}}]}]},
        }

    for name, box in (("old.json", old), ("new.json", new)):
        with open(f"{out}/{name}", "w", encoding="utf-8") as f:
            json.dump(screen(box), f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
