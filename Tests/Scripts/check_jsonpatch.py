#!/usr/bin/env python3
"""Check `bento diff --format patch` with an RFC 6902 applier bento did not write.

Usage: python3 Tests/Scripts/check_jsonpatch.py BENTO OLD NEW [OLD NEW ...]

For each pair, runs `BENTO diff --format patch OLD NEW`, applies the patch to
OLD with python's `jsonpatch` (PyPI) and checks that the result equals NEW as
JSON values (bento-screen(5), EQUALITY: objects unordered, strings by code points,
numbers by exact value, so `1`, `1.0` and `10e-1` are equal). Exits 1 on the
first failure, naming the pair.
"""

import decimal
import json
import subprocess
import sys

import jsonpatch


def exact(text):
    """A JSON number as an exact decimal, normalized: 1, 1.0 and 1e0 alike."""
    value = decimal.Decimal(text)
    return value.normalize(decimal.Context(prec=len(text) + 10, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN))


def load(text):
    return json.loads(text, parse_float=exact, parse_int=exact)


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, decimal.Decimal) and isinstance(b, decimal.Decimal):
        return a == b
    return type(a) is type(b) and a == b


def check(bento, old_path, new_path):
    run = subprocess.run([bento, "diff", "--format", "patch", old_path, new_path], capture_output=True)
    if run.returncode not in (0, 1):
        return "bento exited %d: %s" % (run.returncode, run.stderr.decode(errors="replace"))
    patch = jsonpatch.JsonPatch(load(run.stdout.decode("utf-8")))
    with open(old_path, encoding="utf-8-sig") as f:
        old = load(f.read())
    with open(new_path, encoding="utf-8-sig") as f:
        new = load(f.read())
    try:
        result = patch.apply(old)
    except jsonpatch.JsonPatchException as error:
        return "jsonpatch refused the patch: %s" % error
    if not same(result, new):
        return "the patched document differs from NEW:\n%s" % json.dumps(result, default=str, ensure_ascii=False)
    return None


def main(argv):
    if len(argv) < 4 or len(argv) % 2 != 0:
        sys.stderr.write(__doc__)
        return 2
    bento = argv[1]
    pairs = list(zip(argv[2::2], argv[3::2]))
    for old_path, new_path in pairs:
        failure = check(bento, old_path, new_path)
        if failure:
            print("FAIL %s %s: %s" % (old_path, new_path, failure))
            return 1
    print("jsonpatch: %d patch%s applied, each gave NEW" % (len(pairs), "" if len(pairs) == 1 else "es"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
