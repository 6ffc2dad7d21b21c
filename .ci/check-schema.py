#!/usr/bin/env python3
"""Checks `bento schema` with a validator bento did not write (python jsonschema).

Usage: check-schema.py BENTO FIXTURES_DIR

- the schema is a valid draft 2020-12 schema;
- every screen of every fixture pair (FIXTURES_DIR/*/old.json, new.json) is valid;
- every file of FIXTURES_DIR/invalid/ is rejected by `bento validate`, and by
  the schema too where a JSON Schema can state the rule. The others are listed
  below with the reason, and must still be accepted by the schema (so that the
  list stays true). A new invalid fixture must be added to one of the lists.
"""
import json
import pathlib
import subprocess
import sys

import jsonschema

# Rejected by the schema: the rule is a schema rule.
SCHEMA_REJECTS = {
    "unknown-member.json": "additionalProperties: false",
    "missing-member.json": "required",
    "mistyped-member.json": "type",
    "bad-id.json": "ID is a string, an integer, or an array/object of them",
}
# Not JSON (or not UTF-8): no validator gets as far as the schema.
NOT_JSON = {
    "not-json.json": "trailing comma",
    "bad-utf8.json": "invalid UTF-8",
    "empty.json": "no value",
}
# Valid to the schema: no JSON Schema can state the rule.
SCHEMA_CANNOT = {
    "duplicate-member.json": "parsers keep one of two equal member names",
    "duplicate-section-id.json": "uniqueItems compares whole sections, not ids by canonical JSON",
    "duplicate-row-id.json": "uniqueItems compares whole rows, not ids by canonical JSON",
    "too-deep.json": "nesting depth is not a schema keyword",
}


def load(path):
    # A leading BOM is allowed by the screen format.
    return json.loads(path.read_bytes().decode("utf-8-sig"))


def main():
    bento, fixtures = sys.argv[1], pathlib.Path(sys.argv[2])
    schema = json.loads(subprocess.run([bento, "schema"], check=True, capture_output=True).stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = []

    valid = sorted(p for p in fixtures.glob("*/*.json") if p.parent.name != "invalid" and p.name in ("old.json", "new.json"))
    if not valid:
        failures.append(f"no fixtures under {fixtures}")
    for path in valid:
        errors = list(validator.iter_errors(load(path)))
        if errors:
            failures.append(f"{path}: valid screen rejected by the schema: {errors[0].message}")

    invalid = sorted((fixtures / "invalid").glob("*.json"))
    for path in invalid:
        status = subprocess.run([bento, "validate", str(path)], capture_output=True).returncode
        if status != 1:
            failures.append(f"{path}: bento validate exited {status}, expected 1")
        name = path.name
        if name in NOT_JSON:
            try:
                load(path)
                failures.append(f"{path}: listed as not JSON, but python reads it")
            except (ValueError, UnicodeDecodeError):
                pass
            continue
        document = load(path)
        rejected = not validator.is_valid(document)
        if name in SCHEMA_REJECTS and not rejected:
            failures.append(f"{path}: the schema should reject it ({SCHEMA_REJECTS[name]})")
        elif name in SCHEMA_CANNOT and rejected:
            failures.append(f"{path}: listed as beyond a schema, but the schema rejects it: move it to SCHEMA_REJECTS")
        elif name not in SCHEMA_REJECTS and name not in SCHEMA_CANNOT:
            failures.append(f"{path}: new invalid fixture; add it to a list in {__file__}")

    for failure in failures:
        print("check-schema:", failure, file=sys.stderr)
    print(f"check-schema: {len(valid)} valid screens, {len(invalid)} invalid files checked")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
