#!/usr/bin/env python3
"""Accessibility of every page, read from the HTML (standard library).

Usage: python3 tests/browser/check_a11y.py OUTDIR
       python3 tests/browser/check_a11y.py --self-test

For every .html file under OUTDIR (both languages, both editions, 404):
  - <html lang> is set; exactly one <h1> on an edition page;
  - heading levels never skip down (an h2 followed by an h4);
  - every <img> has a non-empty alt;
  - every <table> has a <caption> and a header row of <th scope="col">;
    every <th> has a scope;
  - no element with aria-hidden="true" can take the focus (a link
    without tabindex="-1", a button, an input);
  - no link is named only "PDF", "here", "link", "more" or "click here",
    and no two links with the same name lead to different addresses
    (outside tables, where the row tells links apart).
Prints "a11y ok: N pages" and exits 0, or "FILE:LINE: message" lines and
exits 1.  --self-test plants each problem in a page and expects it found.
"""
import os
import sys
import tempfile
from html.parser import HTMLParser

VAGUE = {"pdf", "here", "link", "more", "click here"}
FOCUSABLE = {"button", "input", "select", "textarea"}


class Page(HTMLParser):
    def __init__(self, name):
        super().__init__(convert_charrefs=True)
        self.name = name
        self.problems = []
        self.h1 = 0
        self.last_level = 0
        self.table = None  # [line, has caption, header th count]
        self.hidden = 0  # depth inside aria-hidden
        self.stack = []
        self.link = None  # [href, text, line]
        self.links = {}  # name -> (href, line)
        self.lang = None
        self.cells = 0  # 1 inside <td>/<th> (the row names a link there);
        # a cell ends at its end tag or, as its end tag is optional, at the
        # next cell, row or row group

    def problem(self, msg):
        self.problems.append("%s:%d: %s" % (self.name, self.getpos()[0], msg))

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        hidden = a.get("aria-hidden") == "true"
        if tag not in ("img", "input", "br", "meta", "link", "source", "hr", "col", "wbr"):
            self.stack.append((tag, hidden))
            if hidden:
                self.hidden += 1
        inside_hidden = self.hidden > 0
        focusable = (tag == "a" and "href" in a and a.get("tabindex") != "-1") or \
            (tag in FOCUSABLE and a.get("tabindex") != "-1")
        if inside_hidden and focusable:
            self.problem("<%s> inside aria-hidden can take the focus" % tag)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            level = int(tag[1])
            if level == 1:
                self.h1 += 1
            if self.last_level and level > self.last_level + 1:
                self.problem("<%s> after <h%d>: a heading level is skipped" % (tag, self.last_level))
            self.last_level = level
        elif tag == "img":
            if not (a.get("alt") or "").strip():
                self.problem("<img src=%r> has no alt text" % a.get("src"))
        elif tag == "table":
            self.table = [self.getpos()[0], False, 0]
        elif tag == "caption" and self.table:
            self.table[1] = True
        elif tag == "th":
            if a.get("scope") not in ("col", "row", "colgroup", "rowgroup"):
                self.problem("<th> without scope")
            elif a.get("scope") == "col" and self.table:
                self.table[2] += 1
        if tag in ("td", "th"):
            self.cells = 1
        elif tag in ("tr", "thead", "tbody", "tfoot", "table"):
            self.cells = 0
        if tag == "a" and "href" in a:
            self.link = [a["href"], "", self.getpos()[0], a.get("aria-label"), self.cells > 0]

    def handle_endtag(self, tag):
        if self.stack and self.stack[-1][0] == tag:
            _, hidden = self.stack.pop()
            if hidden:
                self.hidden -= 1
        if tag == "table" and self.table:
            if not self.table[1]:
                self.problem("table (line %d) has no <caption>" % self.table[0])
            if not self.table[2]:
                self.problem("table (line %d) has no column headers" % self.table[0])
            self.table = None
        if tag in ("td", "th", "tr", "thead", "tbody", "tfoot", "table"):
            self.cells = 0
        if tag == "a" and self.link:
            href, text, line, label, in_cell = self.link
            name = " ".join((label or text).split())
            if name.lower() in VAGUE:
                self.problem("a link named only %r (to %s)" % (name, href))
            seen = self.links.get(name)
            if name and seen and not in_cell and seen[0].split("#")[0] != href.split("#")[0] and name.lower() not in VAGUE:
                self.problem("links named %r lead to %s and %s" % (name, seen[0], href))
            if name and not seen and not in_cell:
                self.links[name] = (href, line)
            self.link = None

    def handle_data(self, data):
        if self.link is not None:
            self.link[1] += data


def check_file(path, name):
    p = Page(name)
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    p.close()
    if not p.lang:
        p.problems.append("%s: <html> has no lang" % name)
    if os.path.basename(path) == "index.html" and p.h1 != 1:
        p.problems.append("%s: %d <h1> (one expected)" % (name, p.h1))
    return p.problems


def check_tree(root):
    problems, n = [], 0
    for dirpath, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            if f.endswith(".html"):
                n += 1
                path = os.path.join(dirpath, f)
                problems += check_file(path, os.path.relpath(path, root))
    return problems, n


PLANTED = {
    "skip.html": '<html lang="en"><body><h1>a</h1><h3>b</h3></body></html>',
    "alt.html": '<html lang="en"><body><img src="x.png" alt=""></body></html>',
    "caption.html": '<html lang="en"><body><table><thead><tr><th scope="col">a</th></tr></thead></table></body></html>',
    "scope.html": '<html lang="en"><body><table><caption>c</caption><tr><th>a</th></tr></table></body></html>',
    "hidden.html": '<html lang="en"><body><a href="#x" aria-hidden="true">#</a></body></html>',
    "vague.html": '<html lang="en"><body><a href="a.pdf">PDF</a></body></html>',
    "same.html": '<html lang="en"><body><a href="a.pdf">request</a><a href="b.pdf">request</a></body></html>',
    "lang.html": '<html><body></body></html>',
}


def self_test():
    missed = []
    with tempfile.TemporaryDirectory() as d:
        for name, text in PLANTED.items():
            path = os.path.join(d, name)
            with open(path, "w") as f:
                f.write(text)
            if not check_file(path, name):
                missed.append(name)
        ok = os.path.join(d, "ok.html")
        with open(ok, "w") as f:
            f.write('<html lang="en"><body><h1>a</h1><h2>b</h2><a class="anchor" href="#b" tabindex="-1" aria-hidden="true">#</a>'
                    '<table><caption>c</caption><thead><tr><th scope="col">x</th></tr></thead><tbody><tr><th scope="row">y</th></tr></tbody></table></body></html>')
        if check_file(ok, "ok.html"):
            missed.append("ok.html (a false alarm: %s)" % check_file(ok, "ok.html"))
    for m in missed:
        print("a11y self-test: not found in " + m)
    if not missed:
        print("a11y self-test ok: %d planted problems found" % len(PLANTED))
    return 1 if missed else 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        return self_test()
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: check_a11y.py OUTDIR | --self-test", file=sys.stderr)
        return 2
    problems, n = check_tree(sys.argv[1])
    for p in problems[:60]:
        print(p)
    if problems:
        print("a11y: %d problems in %d pages" % (len(problems), n))
        return 1
    print("a11y ok: %d pages" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
