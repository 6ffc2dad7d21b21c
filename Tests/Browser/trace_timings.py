#!/usr/bin/env python3
"""Prints how long Chromium took to show a page, from a trace written with
--trace-startup-format=json: first contentful paint, DOMContentLoaded
(the whole page parsed) and the load event, in ms after the navigation
to the page's file:// URL started.

usage: trace_timings.py TRACE_JSON URL
"""
import json
import sys


def main():
    trace_file, url = sys.argv[1:3]
    with open(trace_file, encoding="utf-8", errors="replace") as f:
        events = json.load(f)["traceEvents"]
    events.sort(key=lambda e: e.get("ts", 0))
    start = navigation = frame = None
    found = {}
    for e in events:
        name, args = e.get("name"), e.get("args") or {}
        data = args.get("data") or {}
        if name == "navigationStart" and data.get("documentLoaderURL") == url:
            start, navigation, frame = e["ts"], data.get("navigationId"), args.get("frame")
            continue
        if start is None:
            continue
        if name == "firstContentfulPaint" and data.get("navigationId") == navigation:
            found.setdefault("first contentful paint", e["ts"] - start)
        elif name in ("domContentLoadedEventEnd", "loadEventEnd") and args.get("frame") == frame:
            label = "DOMContentLoaded" if name == "domContentLoadedEventEnd" else "load event"
            found[label] = e["ts"] - start  # the last one: the page's, not the blank document's
    if start is None:
        sys.exit(f"no navigation to {url} in {trace_file}")
    print(", ".join(f"{k} {v / 1000:.0f} ms" for k, v in found.items()))


if __name__ == "__main__":
    main()
