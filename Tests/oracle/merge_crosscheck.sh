#!/usr/bin/env bash
# Differential test of `bento merge` against the independent Python
# reference (merge_ref.py) on N random triples (default 300): the same exit
# status, and for clean merges screens equal by bento-screen(5), with sections
# and rows in the same order.
# Usage: Tests/oracle/merge_crosscheck.sh BENTO [N]
set -euo pipefail
bento=${1:?usage: merge_crosscheck.sh BENTO [N]}
n=${2:-300}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 clean=0
for seed in $(seq 1 "$n"); do
    python3 "$here/random_triples.py" "$seed" "$work/t" >/dev/null
    set +e
    "$bento" merge -q "$work/t/ours.json" "$work/t/base.json" "$work/t/theirs.json" >"$work/bento.json"
    got=$?
    python3 "$here/merge_ref.py" "$work/t/ours.json" "$work/t/base.json" "$work/t/theirs.json" \
        >"$work/ref.json" 2>"$work/ref.err"
    want=$?
    set -e
    if [ "$got" != "$want" ]; then
        failures=$((failures + 1))
        echo "seed $seed: bento merge exit $got, reference exit $want"
        head -3 "$work/ref.err"
        continue
    fi
    [ "$got" = 0 ] || continue
    clean=$((clean + 1))
    if ! python3 "$here/same_screen.py" "$work/bento.json" "$work/ref.json"; then
        failures=$((failures + 1))
        echo "seed $seed: the merged screens differ"
    fi
done
echo "merge crosscheck: $((n - failures)) passed ($clean clean merges compared), $failures failed"
[ "$failures" -eq 0 ]
