#!/usr/bin/env bash
# The HTML report in a real browser (headless Chromium).
#
# For every fixture pair under Fixtures/, and for a pair of screens full of
# hostile strings (with hostile file names), it writes the report with
# `bento diff --format html`, checks that the same inputs give the same bytes,
# loads the page in headless Chromium, takes a screenshot, and checks:
#   - the page loads without a console message (a script error, or anything
#     the Content-Security-Policy blocked, such as a network load);
#   - the screenshot is a PNG;
#   - the DOM, as Chromium built it (--dump-dom), holds exactly the marked
#     elements the JSON changeset's summary calls for, by kind, operation
#     and side, was read to its end, and holds no script, image, frame or
#     event handler: hostile input stays text (check_dom.py).
# Then it checks that those checks can fail (a report with its escaping
# undone, and one with a mark removed, must be refused).
#
# usage: Tests/Browser/check-html-report.sh [--screenshot FILE]
#   BENTO=path/to/bento (default .build/debug/bento), CHROMIUM=chromium,
#   KEEP=dir to keep the reports, screenshots and DOMs there.
#   --screenshot FILE writes the pharmacy report's screenshot to FILE (the
#   one the README shows).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bento=${BENTO:-$root/.build/debug/bento}
chromium=${CHROMIUM:-chromium}
screenshot_out=""
if [[ ${1:-} == --screenshot ]]; then screenshot_out=$2; fi

if [[ -n ${KEEP:-} ]]; then
    work=$KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
failures=0
fail() {
    echo "  FAIL: $*"
    failures=$((failures + 1))
}

# browse HTML PNG DOM [HEIGHT]: screenshot and DOM of a page; fails on any
# console message.
browse() {
    local html=$1 png=$2 dom=$3 height=${4:-1600}
    local flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0)
    if ! "$chromium" "${flags[@]}" --window-size="1000,$height" --screenshot="$png" "file://$html" \
        >/dev/null 2>"$work/chromium.log"; then
        fail "chromium could not take a screenshot of $html"
        cat "$work/chromium.log"
    fi
    if ! "$chromium" "${flags[@]}" --dump-dom "file://$html" >"$dom" 2>>"$work/chromium.log"; then
        fail "chromium could not load $html"
    fi
    if grep -q ':CONSOLE' "$work/chromium.log"; then
        fail "console messages while loading $html:"
        grep ':CONSOLE' "$work/chromium.log"
    fi
    if [[ ! -s $png ]] || [[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') != 89504e470d0a1a0a ]]; then
        fail "no PNG screenshot of $html"
    fi
}

# report DIR OLD NEW NAME [TEXT...]: the report of DIR/OLD → DIR/NEW, checked.
report() {
    local dir=$1 old=$2 new=$3 name=$4
    shift 4
    echo "== $name"
    local status=0
    (cd "$dir" && "$bento" diff --format html "$old" "$new") >"$work/$name.html" || status=$?
    if ((status > 1)); then
        fail "bento diff --format html exited $status"
        return
    fi
    (cd "$dir" && "$bento" diff --format html "$old" "$new") >"$work/$name.again.html" || true
    cmp -s "$work/$name.html" "$work/$name.again.html" || fail "two runs gave different pages"
    (cd "$dir" && "$bento" diff --format json "$old" "$new") >"$work/$name.json" || true
    browse "$work/$name.html" "$work/$name.png" "$work/$name.dom.html"
    python3 "$here/check_dom.py" "$work/$name.dom.html" "$work/$name.json" "$@" || failures=$((failures + 1))
}

[[ -x $bento ]] || { echo "no bento at $bento: run swift build first" >&2; exit 2; }
"$chromium" --version 2>/dev/null

fixtures=0
for dir in "$root"/Fixtures/*/; do
    [[ -f $dir/old.json && -f $dir/new.json ]] || continue
    report "$dir" old.json new.json "$(basename "$dir")"
    fixtures=$((fixtures + 1))
done
((fixtures > 0)) || fail "no fixture pairs under Fixtures/"

# Hostile strings in ids, types, props, headers, attributes and file names.
hostile_old='"><img src=x onerror=alert(1)>old.json'
hostile_new="<script>alert('new')<\\script>.json"
mkdir -p "$work/hostile"
cp "$here/hostile/old.json" "$work/hostile/$hostile_old"
cp "$here/hostile/new.json" "$work/hostile/$hostile_new"
report "$work/hostile" "$hostile_old" "$hostile_new" hostile \
    "$hostile_old" "$hostile_new" '</div><script>alert(1)</script>' '<img src=x onerror=alert(2)>' \
    '"><svg onload=alert(3)>' '</style><script>alert(4)</script>' "' onmouseover='alert(5)" \
    '<!--' '&amp;lt;'

echo "== the checks can fail"
sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' "$work/hostile.html" >"$work/unescaped.html"
if python3 "$here/check_dom.py" "$work/unescaped.html" "$work/hostile.json" >/dev/null; then
    fail "check_dom.py accepted a page whose escaping was undone"
else
    echo "  refused a page whose escaping was undone"
fi
sed -e '0,/class="card mark row /s//class="card row /' "$work/hostile.dom.html" >"$work/unmarked.html"
if python3 "$here/check_dom.py" "$work/unmarked.html" "$work/hostile.json" >/dev/null; then
    fail "check_dom.py accepted a page with a marked row missing"
else
    echo "  refused a page with a marked row missing"
fi

if [[ -n $screenshot_out ]]; then
    browse "$work/pharmacy.html" "$screenshot_out" "$work/pharmacy.dom.html" 1640
    echo "wrote $screenshot_out"
fi

if ((failures > 0)); then
    echo "check-html-report: $failures failure(s)"
    exit 1
fi
echo "check-html-report: all reports passed"
