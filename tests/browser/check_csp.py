#!/usr/bin/env python3
"""The site's Content-Security-Policy blocks a slip in the browser too.

Usage: python3 tests/browser/check_csp.py OUTDIR

Copies OUTDIR/index.html beside itself with an inline <script> and an
onerror attribute added (what a template slip would publish), opens it
from disk in headless Chromium (cdp.py) and checks that neither ran while
the guide's own script (assets/picker.js, a file of the site) still did.
Prints "csp ok" and exits 0, else the problem and exits 1.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

SLIP = ('<script>document.title = "inline script ran";</script>'
        '<img src="missing.png" onerror="document.body.dataset.slip = 1">')


def main():
    root = sys.argv[1]
    page = pathlib.Path(root, "index.html")
    html = page.read_text(encoding="utf-8")
    if "<main id=\"main\">" not in html:
        print("csp: index.html has no <main id=\"main\">")
        return 1
    slipped = pathlib.Path(root, "csp-slip.html")
    slipped.write_text(html.replace("<main id=\"main\">", "<main id=\"main\">" + SLIP, 1),
                       encoding="utf-8")
    try:
        with cdp.Browser(1280, 900) as b:
            b.goto(slipped.resolve().as_uri())
            title = b.eval("document.title")
            slip = b.eval("document.body.dataset.slip || ''")
            picker = b.eval("!!document.getElementById('picker') && "
                            "document.getElementById('picker').hidden === false")
    finally:
        slipped.unlink()
    problems = []
    if title == "inline script ran":
        problems.append("an inline <script> ran")
    if slip:
        problems.append("an onerror attribute ran")
    if not picker:
        problems.append("the guide's own script (assets/picker.js) did not run")
    for p in problems:
        print("csp: " + p)
    if problems:
        return 1
    print("csp ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
