#!/usr/bin/env python3
"""Print checks on one PDF: page fill, text sizes and link targets.

usage: check_pdf.py KIND PDF PNGDIR
  KIND     guide | request
  PNGDIR   the PDF's pages rendered at a fixed resolution by
           `pdftoppm -gray -r 50` (PNGDIR/p-N.pgm: plain grey maps, read
           here without an imaging library; the reference images a human
           compares are PNGs, see tests/print/README).

Checks (each prints "FAIL what" and makes the exit status 1):
- fill: no page is more than half empty: the lowest ink in the text area
  (between the top and bottom margins, so running heads and page
  numbers do not count) lies in its lower half.  Exempt by design: the
  title page, the last page of the contents (the body starts a new page),
  the document's last page; a request's pages are exempt (a form may
  end early).
- text size: the size of every run of text, from its text matrix
  (`mutool draw -F trace`).  Requests: all text >= 9 pt.  Guide: all
  text >= PRINT_GUIDE_MIN_PT (default 7 pt, chart labels included:
  issue 19's minimum); runs under 7 pt are counted and printed.
- links: every /Link annotation has a target: an http(s) URI, a
  named destination the document defines, or a go-to-remote action
  whose file exists next to the PDF and whose destination names a view.
(That no colour leaks from running heads into the body is a unit test of
pdfkit, tests/unit/test_print.c: chart labels share the heads' grey.)
Prints one summary line: pages, least fill and where, least text size.
"""
import os
import re
import subprocess
import sys

def read_pgm(path):
    """(width, height, rows) of a binary PGM (P5, 8-bit)."""
    data = open(path, 'rb').read()
    m = re.match(rb'P5\s+(\d+)\s+(\d+)\s+(\d+)\s', data)
    assert m and m.group(3) == b'255', path + ': not an 8-bit PGM'
    width, height = int(m.group(1)), int(m.group(2))
    pixels = data[m.end():]
    return width, height, [pixels[y * width:(y + 1) * width]
                           for y in range(height)]


def lowest_ink(rows, top, bottom):
    """The lowest row in [top, bottom) with a dark pixel, or top."""
    for y in range(bottom - 1, top - 1, -1):
        if min(rows[y]) < 200:
            return y
    return top


def words(pdf):
    """(page, size in pt, text) of every run of text in one font and
    size, from the text matrices of `mutool draw -F trace` (exact; the
    word boxes of `pdftotext -bbox` depend on each font's ascent and
    descent, so a CJK face measures a point smaller than it is)."""
    out = subprocess.run(['mutool', 'draw', '-F', 'trace', '-o', '-', pdf],
                         check=True, capture_output=True, text=True).stdout
    page, size, text = 0, 0.0, ''
    for line in out.splitlines():
        if line.startswith('<page '):
            page += 1
        elif '<span ' in line:
            m = re.search(r' trm="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"', line)
            a, b = (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)
            size, text = (a * a + b * b) ** 0.5, ''
        elif '<g unicode=' in line:
            m = re.search(r'unicode="([^"]*)"', line)
            text += m.group(1) if m else ''
        elif '</span>' in line and text.strip():
            yield page, size, text.strip()


def pdf_string(token):
    """The text of a PDF string token: (literal) or <UTF-16 hex>."""
    if token.startswith(b'<'):
        raw = bytes.fromhex(token[1:-1].decode())
        return raw[2:].decode('utf-16-be') if raw[:2] == b'\xfe\xff' else raw.decode('latin-1')
    return token[1:-1].decode('latin-1')


def link_problems(pdf):
    data = open(pdf, 'rb').read()
    # cairo's name tree: one "(name) [page 0 R /XYZ x y 0]" a line; a
    # name outside ASCII is a UTF-16 hex string <FEFF...>
    dests = set(map(pdf_string, re.findall(
        rb'^\s*(\(.*?\)|<[0-9A-Fa-f]+>) \[\d+ 0 R /XYZ', data, re.M)))
    problems, count = [], 0
    for m in re.finditer(rb'/Subtype /Link(.*?)endobj', data, re.S):
        count += 1
        body = m.group(1)
        uri = re.search(rb'/URI \((.*?)\)\s*>>', body, re.S)
        dest = re.search(rb'/Dest (\(.*?\)|<[0-9A-Fa-f]+>)', body)
        remote = re.search(rb'/S /GoToR\s*/F \((.*?)\)\s*/D \[(.*?)\]', body, re.S)
        if uri:
            if not re.match(rb'https?://[^\s/]+', uri.group(1)):
                problems.append('link to %r: not an http(s) address' % uri.group(1))
        elif dest:
            if pdf_string(dest.group(1)) not in dests:
                problems.append('link to #%s: no such destination'
                                % pdf_string(dest.group(1)))
        elif remote:
            target = os.path.join(os.path.dirname(pdf), remote.group(1).decode())
            if not os.path.isfile(target):
                problems.append('link to file %s: missing' % remote.group(1).decode())
            if not re.search(rb'/(Fit|XYZ|FitH|FitR)', remote.group(2)):
                problems.append('link to file %s: no view' % remote.group(1).decode())
        else:
            problems.append('a link without a target: %r' % body[:120])
    return count, problems


def main():
    kind, pdf, pngdir = sys.argv[1:4]
    failed = []
    info = subprocess.run(['pdfinfo', pdf], check=True, capture_output=True,
                          text=True).stdout
    pages = int(re.search(r'Pages:\s+(\d+)', info).group(1))
    w_pt, h_pt = map(float, re.search(r'Page size:\s+([\d.]+) x ([\d.]+)', info).groups())
    margin = 56 if kind == 'guide' else 48
    text = {}
    for page, size, word in words(pdf):
        text.setdefault(page, []).append((size, word))
    # the contents end on the page before the first heading's
    # destination (the body starts a new page by design)
    contents_end = 0
    if kind == 'guide':
        dests = subprocess.run(['pdfinfo', '-dests', pdf], check=True,
                               capture_output=True, text=True).stdout
        first = [int(m) for m in re.findall(r'^\s*(\d+) ', dests, re.M)]
        contents_end = min(first) - 1 if first else 0
    fills = []
    for page in range(1, pages + 1):
        pgm = os.path.join(pngdir, 'p-%0*d.pgm' % (len(str(pages)), page))
        width, height, rows = read_pgm(pgm)
        scale = height / h_pt
        top, bottom = int(margin * scale), int((h_pt - margin) * scale)
        fill = (lowest_ink(rows, top, bottom) - top) / (bottom - top)
        fills.append((fill, page))
        exempt = page in (1, pages, contents_end) or kind == 'request'
        if fill < 0.5 and not exempt:
            failed.append('page %d is %.0f%% empty' % (page, 100 * (1 - fill)))
    sizes = [(s, p, w) for p, ws in text.items() for s, w in ws]
    least = min(sizes) if sizes else (0, 0, '')
    if kind == 'request':
        for s, p, w in sizes:
            if s < 9 - 0.05:
                failed.append('page %d: "%s" at %.1f pt (< 9)' % (p, w, s))
    else:
        floor = float(os.environ.get('PRINT_GUIDE_MIN_PT', '7'))
        if least[0] < floor - 0.05:
            failed.append('page %d: "%s" at %.1f pt (< %.1f)'
                          % (least[1], least[2][:20], least[0], floor))
    small = sum(1 for s, _, _ in sizes if s < 7 - 0.05)
    n_links, problems = link_problems(pdf)
    failed += problems
    if n_links == 0:
        failed.append('no link annotations')
    body_fills = [f for f in fills if f[1] not in (1, pages, contents_end)] or fills
    least_fill = min(body_fills)
    print('%s: %d pages, least fill %.0f%% (page %d), least text %.1f pt '
          '(page %d "%s"), %d runs under 7 pt, %d links'
          % (pdf, pages, 100 * least_fill[0], least_fill[1], least[0], least[1],
             least[2][:20], small, n_links))
    for f in failed[:20]:
        print('FAIL %s: %s' % (pdf, f))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
