#!/usr/bin/env bash
# How big the HTML report of a 100,000-row pair of screens is, how long bento
# takes to write it, and how long headless Chromium takes to show it.
#
# usage: Tests/Browser/measure-large-report.sh [ROWS] [CHANGED...]
#   ROWS rows in 100 sections (default 100000); each CHANGED fraction
#   (default 0.01 and 0.1) deletes, inserts, moves and updates that share of
#   the rows each. Uses the release build (swift build -c release).
# Figures are for the machine at hand: the load average is printed with them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bento=${BENTO:-$root/.build/release/bento}
chromium=${CHROMIUM:-chromium}
rows=${1:-100000}
shift || true
fractions=("${@:-0.01 0.1}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -x $bento ]] || { echo "no bento at $bento: run swift build -c release first" >&2; exit 2; }

for fraction in ${fractions[*]}; do
    dir=$work/$fraction
    mkdir -p "$dir"
    python3 "$here/make_large_pair.py" "$dir" "$rows" 100 "$fraction"
    echo "== $rows rows, $fraction of them each deleted, inserted, moved, updated (load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "  screens: $(du -m "$dir/old.json" | cut -f1) MB + $(du -m "$dir/new.json" | cut -f1) MB"
    for format in json html; do
        start=$(date +%s%N)
        "$bento" diff --format "$format" "$dir/old.json" "$dir/new.json" >"$dir/report.$format" || true
        end=$(date +%s%N)
        printf '  bento diff -f %s: %d ms, %s bytes\n' "$format" $(((end - start) / 1000000)) "$(stat -c %s "$dir/report.$format")"
    done
    printf '  page: %s details elements, %s cards, %s folded lines\n' \
        "$(grep -o '<details' "$dir/report.html" | wc -l)" "$(grep -o 'class="card' "$dir/report.html" | wc -l)" \
        "$(grep -o 'class="line"' "$dir/report.html" | wc -l)"
    for run in 1 2 3; do
        rm -f "$dir/trace.json"
        start=$(date +%s%N)
        "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,1600 \
            --trace-startup=loading,blink.user_timing --trace-startup-format=json \
            --trace-startup-file="$dir/trace.json" --trace-startup-duration=600 \
            --screenshot="$dir/shot.png" "file://$dir/report.html" >/dev/null 2>&1
        end=$(date +%s%N)
        printf '  chromium run %s: screenshot after %d ms wall; %s\n' "$run" $(((end - start) / 1000000)) \
            "$(python3 "$here/trace_timings.py" "$dir/trace.json" "file://$dir/report.html")"
    done
done
