#!/usr/bin/env bash
# The house's memory-safety rules, checked over the sources and a build log:
#   check_memory_safety.sh BUILD-LOG
# - the build (every target built from scratch, tests included) gave no
#   strict-memory-safety diagnostic;
# - pointer code (Unsafe… types, `unsafe`, withUnsafe…, baseAddress,
#   OpaquePointer) is in at most 10 files of Sources, all of them owners in
#   Sources/BentoJSON/Memory;
# - no public declaration mentions an Unsafe… type;
# - at most two `@unchecked Sendable`, and no `nonisolated(unsafe)`.
set -euo pipefail
log=$1
if grep -q 'StrictMemorySafety' "$log"; then
    grep 'StrictMemorySafety' "$log" | grep -E '^/' | sort -u | head -20
    echo "strict memory safety: diagnostics in the build"; exit 1
fi
pointer_files=$(grep -rlE 'Unsafe|unsafe|baseAddress|OpaquePointer' Sources --include='*.swift' || true)
count=$(grep -c . <<<"$pointer_files" || true)
outside=$(grep -v '^Sources/BentoJSON/Memory/' <<<"$pointer_files" || true)
if [ -n "$outside" ]; then echo "pointer code outside BentoJSON/Memory:"; echo "$outside"; exit 1; fi
if [ "$count" -gt 10 ]; then echo "pointer code in $count files (at most 10):"; echo "$pointer_files"; exit 1; fi
public_unsafe=$(grep -rnE '^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*public [^=]*Unsafe' Sources --include='*.swift' || true)
if [ -n "$public_unsafe" ]; then echo "public declarations that mention Unsafe:"; echo "$public_unsafe"; exit 1; fi
unchecked=$(grep -rn '@unchecked Sendable' Sources --include='*.swift' || true)
if [ "$(grep -c . <<<"$unchecked" || true)" -gt 2 ]; then echo "more than two @unchecked Sendable:"; echo "$unchecked"; exit 1; fi
if grep -rn 'nonisolated(unsafe)' Sources --include='*.swift'; then echo "nonisolated(unsafe) in Sources"; exit 1; fi
echo "memory safety: pointer code in $count files, all in BentoJSON/Memory; $(grep -c . <<<"$unchecked" || true) @unchecked Sendable"
