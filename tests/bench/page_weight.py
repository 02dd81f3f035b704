#!/usr/bin/env python3
"""Page weight: the bytes a reader's browser needs for the first screen.

Usage: python3 tests/bench/page_weight.py [--check] OUTDIR

For each edition page (index.html at the top of OUTDIR, one and two
folders down: both editions in both languages) and each edition's
reference page (reference.html: the long reference tables) it opens the
page in headless Chromium at 375x800 and 1280x800 (tests/browser/cdp.py)
and sums the sizes on disk of the HTML, every stylesheet and script the
page loads, and the images (charts) that show within the first screen
(their chosen source, picture/srcset included).  Data the picker fetches
on demand is not counted.  Prints one line per page and width, beside
the page's baseline (page_weight_baseline.txt: its weight when issue 18
was filed), and a total; each size also gzipped (-9), as a compressing
server sends it.  Exits 0; with --check, 1 when a page with a baseline
is not under it (raw bytes, at either width).  Without Chromium (exit 2)
nothing is measured.
"""
import gzip
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser"))
import cdp  # noqa: E402

FIRST_SCREEN = """(() => {
  const h = innerHeight, out = {css: [], js: [], img: []};
  for (const l of document.querySelectorAll('link[rel=stylesheet]')) out.css.push(l.href);
  for (const s of document.querySelectorAll('script[src]')) out.js.push(s.src);
  for (const i of document.images) {
    const r = i.getBoundingClientRect();
    if (r.bottom > 0 && r.top < h && r.width > 0) out.img.push(i.currentSrc || i.src);
  }
  return JSON.stringify(out);
})()"""


def pages(root):
    found = []
    for dirpath, dirs, files in os.walk(root):
        depth = os.path.relpath(dirpath, root).count(os.sep) + (dirpath != root)
        for name in ("index.html", "reference.html"):
            if depth <= 2 and name in files and "charts" not in dirpath:
                found.append(os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(found)


def baselines():
    """page -> (bytes, gzipped) from page_weight_baseline.txt."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "page_weight_baseline.txt")
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if words and not words[0].startswith("#"):
                out[words[0]] = (int(words[1]), int(words[2]))
    return out


def local_size(root, server, url, packed=False):
    """Bytes of the file behind url; packed: gzip -9 size (what a server
    that compresses, as GitHub Pages does, sends)."""
    prefix = server.url("")
    if not url.startswith(prefix):
        return 0
    path = os.path.join(root, url[len(prefix):].split("?")[0].split("#")[0])
    if not os.path.isfile(path):
        return 0
    if not packed:
        return os.path.getsize(path)
    with open(path, "rb") as f:
        return len(gzip.compress(f.read(), 9, mtime=0))


def main():
    import json
    args = sys.argv[1:]
    check = args[:1] == ["--check"]
    args = args[1:] if check else args
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    root = os.path.abspath(args[0])
    base = baselines()
    over = []
    if not os.access(cdp.CHROMIUM, os.X_OK):
        print("page_weight: %s not found" % cdp.CHROMIUM, file=sys.stderr)
        return 2
    server = cdp.Server(root)
    total = total_gz = 0
    try:
        for width in (375, 1280):
            with cdp.Browser(width, 800) as b:
                for page in pages(root):
                    b.goto(server.url(page))
                    got = json.loads(b.eval(FIRST_SCREEN))
                    html = os.path.getsize(os.path.join(root, page))
                    css = sum(local_size(root, server, u) for u in set(got["css"]))
                    js = sum(local_size(root, server, u) for u in set(got["js"]))
                    img = sum(local_size(root, server, u) for u in set(got["img"]))
                    n = html + css + js + img
                    urls = [server.url(page)] + list(set(got["css"]) | set(got["js"]) | set(got["img"]))
                    gz = sum(local_size(root, server, u, True) for u in urls)
                    total += n
                    total_gz += gz
                    if page in base:
                        lim, lim_gz = base[page]
                        beside = "  baseline %6d, %5d gz (%+.0f%%)" % (lim, lim_gz, 100.0 * (n - lim) / lim)
                        if n >= lim:
                            over.append("%s at %d px: %d bytes, not under its baseline %d" % (page, width, n, lim))
                    else:
                        beside = "  (no baseline)"
                    print("%-28s %4d px  html %7d  css %6d  js %6d  first-screen images %7d (%d)  = %8d bytes, %7d gzipped%s"
                          % (page, width, html, css, js, img, len(set(got["img"])), n, gz, beside))
    finally:
        server.stop()
    print("page weight total: %d bytes (%d gzipped)" % (total, total_gz))
    for o in over:
        print("page_weight: %s" % o)
    missing = [p for p in base if p not in pages(root)]
    if check and missing:
        print("page_weight: no page %s in %s" % (", ".join(missing), root))
    return 1 if check and (over or missing) else 0


if __name__ == "__main__":
    sys.exit(main())
