#!/usr/bin/env python3
"""Layout of the edition pages in a browser: the answer first, no table
overflowing without its scroll container.

Usage: python3 tests/browser/check_layout.py OUTDIR [SHOTDIR]

Every edition page (both editions, both languages) is opened in headless
Chromium (cdp.py, pages served over HTTP) at 375x667 and 390x844 (phones)
and 1280x800 (a laptop), with and without JavaScript.  It fails when
  (a) the answer is not within the first screen: the first row of the
      page's first table (use case and budget in, the pick out) must end
      above the bottom of the window, below the title;
  (b) the page scrolls sideways (document wider than the window);
  (c) a table is wider than the column of text and is not inside a
      scroll container (.tw with overflow-x auto or scroll) that itself
      fits, shows a scroll cue (a background gradient) and keeps its row
      headers in view (position: sticky);
  (d) the contents are open on the phone or closed on the laptop;
  (e) a table cell breaks inside "（二手）" (zh-CN's "used").
With SHOTDIR, a screenshot of each first screen: SHOTDIR/LANG-EDITION-W.png.
Prints "layout ok: ..." and exits 0, or one line per problem and exits 1.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

SIZES = ((375, 667), (390, 844), (1280, 800))

CHECK = r"""(() => {
  const p = [], h = HEIGHT, w = WIDTH;
  const title = document.querySelector('main h1');
  const first = document.querySelector('main table tbody tr');
  if (!first) p.push('no table in main');
  else {
    const r = first.getBoundingClientRect();
    if (r.bottom > h) p.push('the answer (first row of the first table) ends at ' + Math.round(r.bottom) + ' px, below the first screen of ' + h + ' px');
    if (title && title.getBoundingClientRect().top > r.top) p.push('the answer comes before the title');
  }
  if (document.documentElement.scrollWidth > w + 1) p.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + w + ' px window');
  const main = document.querySelector('main');
  const room = main.clientWidth;
  document.querySelectorAll('main table').forEach((t, i) => {
    if (t.scrollWidth <= room + 1) return;
    const box = t.parentElement;
    const cs = getComputedStyle(box);
    const name = 'table ' + (i + 1) + ' (' + (t.caption ? t.caption.textContent : '') + ')';
    if (!box.classList.contains('tw') || !/auto|scroll/.test(cs.overflowX)) { p.push(name + ' is ' + t.scrollWidth + ' px wide with no scroll container'); return; }
    if (box.getBoundingClientRect().width > room + 1) p.push(name + ': its scroll container overflows');
    if (!/gradient/.test(cs.backgroundImage)) p.push(name + ': no scroll cue');
    const th = t.querySelector('tbody th');
    if (!th || getComputedStyle(th).position !== 'sticky') p.push(name + ': row headers do not stay in view');
  });
  // "（二手）" ("used") never breaks across lines in a table cell
  const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  let broken = 0;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement.closest('td, th')) continue;
    for (let i = n.data.indexOf('（二手）'); i >= 0; i = n.data.indexOf('（二手）', i + 1)) {
      const r = document.createRange();
      r.setStart(n, i); r.setEnd(n, i + 4);
      const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
      if (tops.size > 1) broken++;
    }
  }
  if (broken) p.push(broken + ' table cells break inside （二手）');
  const toc = document.querySelector('nav.toc details');
  if (toc) {
    const list = toc.querySelector('ol');
    const shown = !!list && list.checkVisibility() && list.getBoundingClientRect().height > 0;
    if (w < 700 && shown) p.push('the contents are open on a phone');
    if (w > 1000 && !shown) p.push('the contents are closed on a wide screen');
  }
  return JSON.stringify(p);
})()"""


def pages(root):
    return [rel for rel in ("index.html", "2020-09/index.html", "zh-CN/index.html", "zh-CN/2020-09/index.html")
            if os.path.isfile(os.path.join(root, rel))]


def main():
    if len(sys.argv) not in (2, 3) or not os.path.isdir(sys.argv[1]):
        print("usage: check_layout.py OUTDIR [SHOTDIR]", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) == 3 else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    problems, runs = [], 0
    server = cdp.Server(root)
    try:
        for width, height in SIZES:
            for script in (True, False):
                with cdp.Browser(width, height) as b:
                    b.call("Emulation.setScriptExecutionDisabled", value=not script)
                    for page in pages(root):
                        b.goto(server.url(page))
                        runs += 1
                        for p in json.loads(b.eval(CHECK.replace("HEIGHT", str(height)).replace("WIDTH", str(width)))):
                            problems.append("%s at %d px%s: %s" % (page, width, "" if script else " without JavaScript", p))
                        if shots and script:
                            name = page.replace("/index.html", "").replace("index.html", "current").replace("/", "-")
                            b.screenshot(os.path.join(shots, "%s-%d.png" % (name, width)))
    finally:
        server.stop()
    for p in problems:
        print("layout: " + p)
    if problems:
        return 1
    print("layout ok: %d page views (%d pages at 375, 390 and 1280 px, with and without JavaScript)" % (runs, len(pages(root))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
