#!/usr/bin/env bash
# Check bento's outputs with tools bento did not write, on screen pairs.
#
# Usage: Tests/Scripts/check_outputs.sh BENTO OLD NEW [OLD NEW ...]
#
# For each pair:
#   - apply: `bento diff NEW <(bento apply OLD CHANGESET)` exits 0, where
#     CHANGESET is `bento diff --format json OLD NEW`;
#   - unified: GNU patch (fuzz 0) applied to `bento show OLD` with the report of
#     `bento diff --format unified OLD NEW` gives exactly `bento show NEW`.
# The RFC 6902 patches are checked by check_jsonpatch.py (python's jsonpatch).
set -euo pipefail
bento=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pairs=0
while [ $# -ge 2 ]; do
    old=$1 new=$2
    shift 2
    pairs=$((pairs + 1))
    status=0
    "$bento" diff --format json "$old" "$new" > "$work/changeset.json" || status=$?
    if [ "$status" -gt 1 ]; then echo "FAIL $old $new: bento diff exited $status"; exit 1; fi
    if ! "$bento" diff --quiet "$new" <("$bento" apply "$old" "$work/changeset.json"); then
        echo "FAIL $old $new: bento apply did not give NEW"; exit 1
    fi
    "$bento" show "$old" > "$work/old.txt"
    "$bento" show "$new" > "$work/new.txt"
    "$bento" diff --format unified "$old" "$new" > "$work/report.diff" || true
    cp "$work/old.txt" "$work/patched.txt"
    if [ -s "$work/report.diff" ] && ! patch --quiet -F0 --no-backup-if-mismatch "$work/patched.txt" "$work/report.diff"; then
        echo "FAIL $old $new: GNU patch refused the unified report"; exit 1
    fi
    if ! cmp -s "$work/patched.txt" "$work/new.txt"; then
        echo "FAIL $old $new: the patched outline is not the new outline"; exit 1
    fi
done
echo "apply and unified: $pairs pairs, every apply round trip identical, every report applied by GNU patch"
