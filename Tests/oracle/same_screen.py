#!/usr/bin/env python3
"""Exit 0 when two screen files are equal as bento-screen(5) compares them
(section 2; a missing pinned box is an empty one), 1 when not."""

import sys

import bento_ref as ref


def value(screen):
    return ref.canon({
        "attributes": screen.attributes,
        "boxes": {name: [s.value() for s in screen.boxes[name]] for name in ref.BOX_NAMES},
    })


a, b = (ref.read_screen(p) for p in sys.argv[1:3])
sys.exit(0 if value(a) == value(b) else 1)
