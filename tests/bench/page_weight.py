#!/usr/bin/env python3
"""Page weight: the bytes a reader's browser needs for the first screen.

Usage: python3 tests/bench/page_weight.py OUTDIR

For each edition page (index.html at the top of OUTDIR, one and two
folders down: both editions in both languages) it opens the page in
headless Chromium at 375x800 and 1280x800 (tests/browser/cdp.py) and sums
the sizes on disk of the HTML, every stylesheet and script the page
loads, and the images (charts) that show within the first screen (their
chosen source, picture/srcset included).  Data the picker fetches on
demand is not counted.  Prints one line per page and width and a total;
exits 0; each size also gzipped (-9), as a compressing server sends it.
Without Chromium (exit 2) nothing is measured.
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
        if depth <= 2 and "index.html" in files and "charts" not in dirpath:
            found.append(os.path.relpath(os.path.join(dirpath, "index.html"), root))
    return sorted(found)


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
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
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
                    print("%-26s %4d px  html %7d  css %6d  js %6d  first-screen images %7d (%d)  = %8d bytes, %7d gzipped"
                          % (page, width, html, css, js, img, len(set(got["img"])), n, gz))
    finally:
        server.stop()
    print("page weight total: %d bytes (%d gzipped)" % (total, total_gz))
    return 0


if __name__ == "__main__":
    sys.exit(main())
