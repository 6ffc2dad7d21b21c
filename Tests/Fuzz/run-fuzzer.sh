#!/usr/bin/env bash
# Builds the libFuzzer target (Tests/Fuzz/FuzzScreens.swift + the BentoKit
# and BentoJSON sources, with -sanitize=fuzzer,address) and runs it for SECONDS (default 60).
#
#   Tests/Fuzz/run-fuzzer.sh 600
#
# The corpus starts from every JSON file under Fixtures/, from old/new pairs
# joined by a NUL byte (the target's two-document form: diff and apply) and
# from ours/base/theirs triples joined by two (three documents: merge); it grows in
# .build/fuzz/corpus and is kept between runs. A crash, a sanitizer report or
# a broken invariant leaves the input in .build/fuzz/crash-* and exits non-zero:
# turn it into a regression test (Tests/BentoKitTests/Fuzz/).
#
# Exit status: 0 clean, 1 the fuzzer found something, 77 the toolchain cannot
# build fuzzers (no libFuzzer runtime), so callers such as .ci/run can skip.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
work=.build/fuzz
mkdir -p "$work/corpus" "$work/seeds"
# Findings of earlier runs are kept, out of the way of this one.
shopt -s nullglob
for old in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    mkdir -p "$work/earlier-findings" && mv "$old" "$work/earlier-findings/"
done
shopt -u nullglob

swiftc_bin="$(command -v swiftc || true)"
if [[ -z "$swiftc_bin" ]]; then
    echo "run-fuzzer: no swiftc on PATH; skipping" >&2
    exit 77
fi
runtime="$(dirname "$(readlink -f "$swiftc_bin")")/../lib/swift/clang/lib/linux/libclang_rt.fuzzer-x86_64.a"
if [[ "$(uname -s)" == Linux && ! -e "$runtime" ]]; then
    echo "run-fuzzer: this toolchain has no libFuzzer runtime ($runtime); skipping" >&2
    exit 77
fi

echo "== building the fuzzer"
# BentoJSON first, as a module of its own (BentoKit imports it), then
# BentoKit and the target as one module, so that the target sees BentoKit's
# internals.
mapfile -t json_sources < <(find Sources/BentoJSON -name '*.swift' | sort)
mapfile -t sources < <(find Sources/BentoKit -name '*.swift' | sort)
mkdir -p "$work/modules" "$work/csystem"
# BentoJSON imports the C target CSystem: its module map, and its code as a library.
printf 'module CSystem {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CSystem/include/CSystem.h" > "$work/csystem/module.modulemap"
clang_bin="$(dirname "$(readlink -f "$swiftc_bin")")/clang"
if ! { for c in Sources/CSystem/*.c; do
            "$clang_bin" -c -O2 -fsanitize=address -I Sources/CSystem/include -o "$work/csystem/$(basename "$c" .c).o" "$c" || exit 1
        done
        ar rcs "$work/libCSystem.a" "$work"/csystem/*.o
    } 2>"$work/build.log" \
    || ! { swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name BentoJSON -I "$work/csystem" \
        -emit-module -emit-module-path "$work/modules/BentoJSON.swiftmodule" \
        -emit-library -static -o "$work/libBentoJSON.a" "${json_sources[@]}" \
    && swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name BentoFuzz -I "$work/modules" -I "$work/csystem" \
        "${sources[@]}" Tests/Fuzz/FuzzScreens.swift -L "$work" -lBentoJSON -lCSystem -o "$work/fuzz-screens"; } 2>>"$work/build.log"; then
    cat "$work/build.log" >&2
    if grep -q "unsupported option '-sanitize=fuzzer'\|fuzzer.*not supported" "$work/build.log"; then
        echo "run-fuzzer: the toolchain does not support -sanitize=fuzzer; skipping" >&2
        exit 77
    fi
    exit 1
fi

echo "== seeding from Fixtures/"
if [[ -d Fixtures ]]; then
    while IFS= read -r -d '' file; do
        name="$(echo "$file" | tr '/' '_')"
        cp "$file" "$work/seeds/$name"
    done < <(find Fixtures -name '*.json' -print0)
    for dir in Fixtures/*/ Fixtures/styles/*/; do
        if [[ -f "$dir/old.json" && -f "$dir/new.json" ]]; then
            { cat "$dir/old.json"; printf '\0'; cat "$dir/new.json"; } >"$work/seeds/pair_$(basename "$dir")"
        fi
    done
    for dir in Fixtures/merge/*/ Fixtures/styles/*/; do
        if [[ -f "$dir/ours.json" && -f "$dir/base.json" && -f "$dir/theirs.json" ]]; then
            { cat "$dir/ours.json"; printf '\0'; cat "$dir/base.json"; printf '\0'; cat "$dir/theirs.json"; } \
                >"$work/seeds/triple_$(basename "$dir")"
        fi
    done
fi

echo "== fuzzing for ${seconds}s"
# -rss_limit_mb: a screen of a few KB must never need gigabytes.
# -max_len: big enough for the fixtures, small enough to stay fast.
status=0
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$work/fuzz-screens" \
    -max_total_time="$seconds" -max_len=16384 -rss_limit_mb=2048 -timeout=10 \
    -dict=Tests/Fuzz/json.dict -artifact_prefix="$work/" -print_final_stats=1 \
    "$work/corpus" "$work/seeds" 2>&1 | tee "$work/fuzz.log" || status=$?
if [[ $status -ne 0 ]]; then
    echo "run-fuzzer: findings in $work (see $work/fuzz.log)" >&2
    exit 1
fi
echo "run-fuzzer: clean"
