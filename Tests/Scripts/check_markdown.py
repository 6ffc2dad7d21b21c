#!/usr/bin/env python3
"""Check `bento diff --format markdown` with GitHub's own Markdown renderer.

Usage: python3 Tests/Scripts/check_markdown.py BENTO OLD NEW [OLD NEW ...]

Renders each report with cmark-gfm (the `cmarkgfm` binding from PyPI), with
GitHub's extensions and raw HTML allowed, as github.com renders comments and
job summaries, and checks that:

- only the elements bento writes appear (headings, a table, lists, code,
  strong, details): no value opened a tag, a link, emphasis or a block;
- every table row has the table's ten cells;
- outside <code>, no text could mention (@name), reference (#123) or link;
- every changed row's and section's id shows whole as the text of a <code>;
- the page is within the size limit.

Also renders a directory report whose file names are hostile. Exits 1 on
the first failure, naming the pair.
"""

import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import cmarkgfm
from cmarkgfm.cmark import Options

ALLOWED = {"h3", "h4", "p", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "code", "strong", "b",
           "details", "summary"}
LIMIT = 65536


class Page(html.parser.HTMLParser):
    """The rendered page: its tags, its table rows' cell counts, its code
    texts, and its text outside code."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.rows, self.codes, self.prose = [], [], [], []
        self.depth_code = 0
        self.code_text = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append(0)
        elif tag in ("td", "th"):
            self.rows[-1] += 1
        elif tag == "code":
            self.depth_code += 1
            self.code_text = ""

    def handle_endtag(self, tag):
        if tag == "code":
            self.depth_code -= 1
            self.codes.append(self.code_text)

    def handle_data(self, data):
        if self.depth_code:
            self.code_text += data
        else:
            self.prose.append(data)


def render(markdown):
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


def check(label, markdown, ids=()):
    problems = []
    if len(markdown.encode("utf-16-le")) // 2 > LIMIT:
        problems.append("longer than %d characters" % LIMIT)
    page = Page()
    page.feed(render(markdown))
    stray = sorted(set(page.tags) - ALLOWED)
    if stray:
        problems.append("elements a value made: %s" % stray)
    if page.rows and any(n != 10 for n in page.rows):
        problems.append("table rows with other than 10 cells: %s" % page.rows)
    prose = "".join(page.prose)
    for pattern, what in ((r"@\w", "a mention"), (r"#\d", "a reference"), (r"https?:|www\.", "a link")):
        found = re.search(pattern, prose)
        if found:
            problems.append("%s outside code: ...%s..." % (what, prose[max(0, found.start() - 30):found.end() + 30]))
    codes = set(page.codes)
    for ident in ids:
        if ident not in codes:
            problems.append("id %r is not shown whole in a <code>" % ident)
    if problems:
        print("%s: %s" % (label, "; ".join(problems)), file=sys.stderr)
        sys.exit(1)


def shown_id(ident):
    """The id as bento writes it (canonical JSON), when that is plain to
    predict here: strings of printable characters, and integers."""
    if isinstance(ident, bool):
        return None
    if isinstance(ident, int):
        return str(ident)
    if isinstance(ident, str) and ident.isprintable() and "\\" not in ident:
        return json.dumps(ident, ensure_ascii=False)
    return None


def main():
    bento, files = os.path.abspath(sys.argv[1]), sys.argv[2:]
    if len(files) % 2:
        sys.exit("usage: check_markdown.py BENTO OLD NEW [OLD NEW ...]")
    for old, new in zip(files[::2], files[1::2]):
        run = subprocess.run([bento, "diff", "--format", "markdown", old, new], capture_output=True)
        if run.returncode not in (0, 1):
            sys.exit("%s %s: exit %d: %s" % (old, new, run.returncode, run.stderr.decode()))
        changes = json.loads(subprocess.run([bento, "diff", "--format", "json", old, new],
                                            capture_output=True).stdout)["changes"]
        ids = [shown_id(c["id"]) for c in changes if "id" in c]
        check("%s %s" % (old, new), run.stdout.decode(), [i for i in ids if i is not None])
    # Hostile file names in a directory report.
    work = tempfile.mkdtemp()
    try:
        names = ["a|b.json", "`tick`.json", "@octocat #12.json", "<img src=x onerror=alert(1)>.json", "*em*_u_~s~.json"]
        for side in ("old", "new"):
            os.makedirs(os.path.join(work, side))
        for k, name in enumerate(names):
            shutil.copy(files[0], os.path.join(work, "old", name))
            shutil.copy(files[1] if k % 2 == 0 else files[0], os.path.join(work, "new", name))
        shutil.copy(files[1], os.path.join(work, "new", "only-new @team.json"))
        run = subprocess.run([bento, "diff", "--format", "markdown", "old", "new"], capture_output=True, cwd=work)
        check("directory report", run.stdout.decode())
        page = Page()
        page.feed(render(run.stdout.decode()))
        for name in [n for k, n in enumerate(names) if k % 2 == 0] + ["only-new @team.json"]:
            if name not in page.codes:
                print("directory report: %r is not shown whole in a <code>" % name, file=sys.stderr)
                sys.exit(1)
    finally:
        shutil.rmtree(work)
    print("check_markdown: %d pairs and a directory report render as text in cmark-gfm" % (len(files) // 2))


if __name__ == "__main__":
    main()
