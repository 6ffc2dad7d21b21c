#!/usr/bin/env bash
# Differential test: bento's JSON changeset against the independent Python
# oracle, byte for byte, on N random screen pairs (default 500).
# Usage: Tests/oracle/crosscheck.sh BENTO [N]
set -euo pipefail
bento=${1:?usage: crosscheck.sh BENTO [N]}
n=${2:-500}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
for seed in $(seq 1 "$n"); do
    python3 "$here/random_pairs.py" "$seed" "$work/pair" >/dev/null
    set +e
    "$bento" diff --format json "$work/pair/old.json" "$work/pair/new.json" >"$work/bento.json"
    got=$?
    python3 "$here/bento_ref.py" "$work/pair/old.json" "$work/pair/new.json" >"$work/oracle.json"
    want=$?
    set -e
    if [ "$got" != "$want" ] || ! cmp -s "$work/bento.json" "$work/oracle.json"; then
        failures=$((failures + 1))
        echo "seed $seed: bento exit $got, oracle exit $want"
        diff "$work/bento.json" "$work/oracle.json" | head -20 || true
    fi
done
echo "crosscheck: $((n - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
