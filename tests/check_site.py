#!/usr/bin/env python3
"""Checks the generated static site: markup, local links, fragments, alt text.

Usage:
    python3 tests/check_site.py OUTDIR
    python3 tests/check_site.py --self-test

For every .html file under OUTDIR it checks
  (a) well-formedness: each non-void element is closed, in order; no stray
      end tags (the end tags HTML lets a page omit in tables and lists --
      </td>, </th>, </tr>, </li> before the next cell, row or item or the
      end of its group -- are implied, as a browser implies them); exactly one <html>, <head> and <body>; ids unique per page;
  (b) every local href and src (anything but http:, https:, mailto:, data:)
      names an existing file inside OUTDIR, resolved against the page's
      folder with the query dropped (a path ending in / means index.html),
      and every fragment (#x or page.html#x) names an id of the target page;
  (c) every <img> has a non-empty alt.

Each problem is printed as "file:line: message" and the exit status is 1;
with no problem it prints "site ok: N pages, M links" (M counts the local
references it resolved) and exits 0. Exit status 2 is a usage error.
--self-test builds a small broken site in a temporary folder and checks
that every kind of problem is reported. Standard library only.
"""

import os
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

VOID = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split()
)
# Inside <svg> or <math>, "<x/>" closes the element (foreign content).
FOREIGN_ROOTS = frozenset(("svg", "math"))
EXTERNAL_SCHEMES = ("http:", "https:", "mailto:", "data:")
URL_ATTRS = ("href", "src", "xlink:href")
PAGE_EXTS = (".html", ".htm")
# Optional end tags (HTML's "optional tags" rules for tables and lists):
# a start tag closes these elements when one is open on top of the stack,
# and an end tag closes these on its way to its own element.
CLOSED_BY_START = {
    "td": ("td", "th"), "th": ("td", "th"), "tr": ("td", "th", "tr"),
    "tbody": ("td", "th", "tr", "thead", "tbody"),
    "tfoot": ("td", "th", "tr", "thead", "tbody"), "li": ("li",),
}
CLOSED_BY_END = {
    "tr": ("td", "th"), "thead": ("td", "th", "tr"),
    "tbody": ("td", "th", "tr"), "tfoot": ("td", "th", "tr"),
    "table": ("td", "th", "tr", "thead", "tbody", "tfoot"),
    "ol": ("li",), "ul": ("li",),
}


class Page(HTMLParser):
    """One parsed page: its problems, its ids and the references it makes."""

    def __init__(self, display):
        super().__init__(convert_charrefs=True)
        self.display = display
        self.problems = []  # (line, message)
        self.stack = []  # (tag, line)
        self.ids = {}  # id -> first line
        self.anchors = set()  # ids and <a name>: what a fragment may name
        self.refs = []  # (line, attribute, value)
        self.counts = {"html": 0, "head": 0, "body": 0}
        self.foreign = 0  # depth of <svg>/<math> elements open

    def problem(self, line, message):
        self.problems.append((line, message))

    def line(self):
        return self.getpos()[0]

    # -- tags --------------------------------------------------------------
    def _open(self, tag, attrs, selfclosing):
        line = self.line()
        seen = set()
        for name, _ in attrs:
            if name in seen:
                self.problem(line, "<%s> has attribute %s twice" % (tag, name))
            seen.add(name)
        a = dict(attrs)
        if tag in self.counts:
            self.counts[tag] += 1
            if self.counts[tag] == 2:
                self.problem(line, "second <%s> element" % tag)
        if "id" in a:
            ident = a["id"] or ""
            if not ident:
                self.problem(line, "<%s> has an empty id" % tag)
            elif ident in self.ids:
                self.problem(
                    line,
                    'duplicate id "%s" (first on line %d)' % (ident, self.ids[ident]),
                )
            else:
                self.ids[ident] = line
            self.anchors.add(ident)
        if tag == "a" and a.get("name"):
            self.anchors.add(a["name"])
        for attr in URL_ATTRS:
            if attr in a:
                self.refs.append((line, attr, a[attr] if a[attr] is not None else ""))
        if tag == "img":
            alt = a.get("alt")
            if alt is None:
                self.problem(line, "<img> has no alt attribute")
            elif not alt.strip():
                self.problem(line, "<img> has an empty alt")
        if tag in VOID:
            return
        while self.stack and self.stack[-1][0] in CLOSED_BY_START.get(tag, ()):
            self.stack.pop()
        if selfclosing:
            if self.foreign:
                return
            self.problem(line, "<%s/>: self-closing syntax on a non-void element "
                               "does not close it" % tag)
        self.stack.append((tag, line))
        if tag in FOREIGN_ROOTS:
            self.foreign += 1

    def handle_starttag(self, tag, attrs):
        self._open(tag, attrs, False)

    def handle_startendtag(self, tag, attrs):
        self._open(tag, attrs, True)

    def handle_endtag(self, tag):
        line = self.line()
        if tag in VOID:
            self.problem(line, "stray end tag </%s> (void element)" % tag)
            return
        if not any(t == tag for t, _ in self.stack):
            self.problem(line, "stray end tag </%s>" % tag)
            return
        while self.stack:
            open_tag, open_line = self.stack.pop()
            if open_tag in FOREIGN_ROOTS:
                self.foreign -= 1
            if open_tag == tag:
                return
            if open_tag in CLOSED_BY_END.get(tag, ()):
                continue
            self.problem(
                open_line,
                "<%s> is not closed before </%s> on line %d"
                % (open_tag, tag, line),
            )

    def finish(self):
        self.close()
        for tag, line in reversed(self.stack):
            self.problem(line, "<%s> is never closed" % tag)
        self.stack = []
        for tag, n in self.counts.items():
            if n == 0:
                self.problem(1, "no <%s> element" % tag)


def parse_page(path, display):
    page = Page(display)
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        page.problem(line, "not valid UTF-8")
        text = raw.decode("utf-8", errors="replace")
    page.feed(text)
    page.finish()
    return page


def find_pages(root):
    pages = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.lower().endswith(PAGE_EXTS):
                pages.append(os.path.join(folder, name))
    return pages


def is_external(value):
    v = value.strip().lower()
    return v.startswith(EXTERNAL_SCHEMES) or v.startswith("//")


def check_site(outdir):
    """Returns (problems, pages, links); problems are (display, line, msg)."""
    root = os.path.realpath(outdir)
    pages = {}
    for path in find_pages(outdir):
        pages[os.path.realpath(path)] = parse_page(path, path)

    problems = []
    links = 0
    for real, page in pages.items():
        problems.extend((page.display, ln, msg) for ln, msg in page.problems)
        here = os.path.dirname(real)
        for line, attr, value in page.refs:
            v = value.strip()
            if is_external(v):
                continue
            parts = urlsplit(v)
            if parts.scheme:
                problems.append((page.display, line,
                                 '%s="%s": unsupported URL scheme %s:' % (attr, value, parts.scheme)))
                continue
            links += 1
            path = unquote(parts.path)
            fragment = unquote(parts.fragment)
            if path.startswith("/"):
                problems.append((page.display, line,
                                 '%s="%s": absolute path; the site must use '
                                 "relative links" % (attr, value)))
                continue
            if path == "":
                target = real  # "", "#x" and "?q" all name this page
            else:
                target = os.path.normpath(os.path.join(here, path))
                if path.endswith("/"):
                    target = os.path.join(target, "index.html")
                target = os.path.realpath(target)
            if os.path.commonpath([root, target]) != root:
                problems.append((page.display, line,
                                 '%s="%s" points outside %s' % (attr, value, outdir)))
                continue
            if os.path.isdir(target):
                problems.append((page.display, line,
                                 '%s="%s" is a folder; link to %s/index.html'
                                 % (attr, value, parts.path.rstrip("/"))))
                continue
            if not os.path.isfile(target):
                problems.append((page.display, line,
                                 '%s="%s": %s does not exist'
                                 % (attr, value, os.path.relpath(target, root))))
                continue
            if fragment and target.lower().endswith(PAGE_EXTS):
                tpage = pages.get(target)
                if tpage is not None and fragment not in tpage.anchors:
                    where = "this page" if target == real else os.path.relpath(target, root)
                    problems.append((page.display, line,
                                     '%s="%s": no id "%s" in %s'
                                     % (attr, value, fragment, where)))
    problems.sort(key=lambda p: (p[0], p[1]))
    return problems, len(pages), links


def main(argv):
    if len(argv) == 2 and argv[1] == "--self-test":
        return self_test()
    if len(argv) != 2 or argv[1].startswith("-"):
        sys.stderr.write("usage: python3 tests/check_site.py OUTDIR | --self-test\n")
        return 2
    outdir = argv[1]
    if not os.path.isdir(outdir):
        sys.stderr.write("check_site: %s: not a folder\n" % outdir)
        return 2
    problems, npages, nlinks = check_site(outdir)
    if npages == 0:
        print("%s: no .html page found" % outdir)
        return 1
    for display, line, msg in problems:
        print("%s:%d: %s" % (display, line, msg))
    if problems:
        return 1
    print("site ok: %d pages, %d links" % (npages, nlinks))
    return 0


# ---- self-test ----------------------------------------------------------

GOOD_INDEX = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>t</title>
<link rel="stylesheet" href="assets/style.css?v=1">
</head>
<body>
<p id="top"><a href="#top">top</a> <a href="sub/">sub</a>
<a href="sub/index.html#part">part</a> <a href="sub/page%20two.html">two</a>
<a href="https://example.org/missing.html">external</a>
<a href="mailto:x@example.org">mail</a> <img src="data:image/png;base64,AA==" alt="dot">
<img src="pic.png" alt="a picture"><br><br/><hr>
<svg width="1" height="1"><path d="M0 0"/><use xlink:href="#top"/></svg>
<a name="legacy"></a><a href="#legacy">legacy</a></p>
</body>
</html>
"""

GOOD_SUB = """<!doctype html>
<html><head><title>sub</title></head>
<body><h2 id="part">part</h2><a href="../index.html#top">back</a>
<a href="../">home</a>
<table><thead><tr><th>a<th>b</thead><tbody><tr><td>1<td>2<tr><td>3<td>4</tbody></table>
<ul><li>x<li>y</ul></body></html>
"""

TWO = """<!doctype html>
<html><head><title>two</title></head><body><p>two</p></body></html>
"""

# Each line of BROKEN is marked with the problem expected there.
BROKEN = """<!doctype html>
<html>
<head><title>broken</title></head>
<body>
<div id="a"><span>unclosed span</div>
<p>stray</p></em>
<p id="a">same id</p>
<img src="pic.png">
<img src="pic.png" alt="  ">
<a href="nowhere.html">missing file</a>
<img src="charts/none.svg" alt="missing image">
<a href="#nope">missing fragment</a>
<a href="index.html#nope">missing fragment in another page</a>
<a href="../../../../etc/passwd">escape</a>
<a href="/index.html">absolute</a>
<a href="sub">folder</a>
<div/>
<a href="ok.html" href="ok.html">twice</a>
<section>never closed
</body>
<body>
</html>
"""

EXPECTED = [  # (file, line, text in the message)
    ("broken.html", 5, "<span> is not closed before </div> on line 5"),
    ("broken.html", 6, "stray end tag </em>"),
    ("broken.html", 7, 'duplicate id "a" (first on line 5)'),
    ("broken.html", 8, "<img> has no alt attribute"),
    ("broken.html", 9, "<img> has an empty alt"),
    ("broken.html", 10, "nowhere.html does not exist"),
    ("broken.html", 11, "charts/none.svg does not exist"),
    ("broken.html", 12, 'no id "nope" in this page'),
    ("broken.html", 13, 'no id "nope" in index.html'),
    ("broken.html", 14, "points outside"),
    ("broken.html", 15, "absolute path"),
    ("broken.html", 16, "is a folder"),
    ("broken.html", 17, "<div/>: self-closing syntax"),
    ("broken.html", 17, "<div> is not closed before </body> on line 20"),
    ("broken.html", 18, "attribute href twice"),
    ("broken.html", 19, "<section> is not closed before </body> on line 20"),
    ("broken.html", 21, "second <body> element"),
    ("broken.html", 21, "<body> is not closed before </html> on line 22"),
    ("nohead.html", 1, "no <head> element"),
    ("cells.html", 3, "<a> is not closed before </tbody> on line 4"),
    ("cells.html", 5, "<span> is not closed before </li> on line 5"),
]

# A table and a list without their optional end tags, one cell and one
# item with an element left open inside.
CELLS = """<!doctype html>
<html><head><title>cells</title></head><body><table><tbody>
<tr><td><a href="ok.html">open<td>2
</tbody></table>
<ul><li>a<li><span>open</li></ul>
</body></html>
"""


def self_test():
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory(prefix="check_site.") as tmp:
        good = os.path.join(tmp, "good")
        write(good, "index.html", GOOD_INDEX)
        write(good, "sub/index.html", GOOD_SUB)
        write(good, "sub/page two.html", TWO)
        write(good, "assets/style.css", "body{}\n")
        write(good, "pic.png", "png")

        problems, npages, nlinks = check_site(good)
        expect(problems == [], "good site has no problem, got %r" % problems)
        expect(npages == 3, "good site has 3 pages, got %d" % npages)
        expect(nlinks == 10, "good site has 10 local links, got %d" % nlinks)

        bad = os.path.join(tmp, "bad")
        write(bad, "index.html", GOOD_INDEX)
        write(bad, "sub/index.html", GOOD_SUB)
        write(bad, "sub/page two.html", TWO)
        write(bad, "assets/style.css", "body{}\n")
        write(bad, "pic.png", "png")
        write(bad, "ok.html", TWO)
        write(bad, "broken.html", BROKEN)
        write(bad, "nohead.html", "<!doctype html>\n<html><body></body></html>\n")
        write(bad, "cells.html", CELLS)

        problems, _, _ = check_site(bad)
        got = [(os.path.relpath(d, bad), ln, msg) for d, ln, msg in problems]
        for fname, line, text in EXPECTED:
            hit = [g for g in got if g[0] == fname and g[1] == line and text in g[2]]
            expect(hit, "not reported: %s:%d: ...%s..." % (fname, line, text))
        for g in got:
            known = any(g[0] == f and g[1] == ln and t in g[2] for f, ln, t in EXPECTED)
            expect(known, "unexpected report: %s:%d: %s" % g)

        # The command line: output format and exit status.
        me = os.path.abspath(__file__)
        r = run([sys.executable, me, good])
        expect(r.returncode == 0, "good site exits 0, got %d" % r.returncode)
        expect(r.stdout == "site ok: 3 pages, 10 links\n",
               "good site summary, got %r" % r.stdout)
        r = run([sys.executable, me, bad])
        expect(r.returncode == 1, "broken site exits 1, got %d" % r.returncode)
        lines = r.stdout.splitlines()
        expect(len(lines) == len(EXPECTED),
               "one line per problem: %d lines for %d problems" % (len(lines), len(EXPECTED)))
        first = os.path.join(bad, "broken.html") + ":5: "
        expect(any(l.startswith(first) for l in lines),
               "lines read file:line: message, none starts with %r" % first)
        r = run([sys.executable, me, os.path.join(tmp, "absent")])
        expect(r.returncode == 2, "missing OUTDIR exits 2, got %d" % r.returncode)
        r = run([sys.executable, me])
        expect(r.returncode == 2, "no argument exits 2, got %d" % r.returncode)

    for f in failures:
        print("self-test FAIL: %s" % f)
    if failures:
        print("self-test: %d failed" % len(failures))
        return 1
    print("self-test ok: %d problems found as expected" % len(EXPECTED))
    return 0


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
