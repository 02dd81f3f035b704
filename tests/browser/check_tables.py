#!/usr/bin/env python3
"""Every table readable at every width, in both languages.

Usage: python3 tests/browser/check_tables.py OUTDIR [SHOTDIR]

Every edition page and reference page (both editions, both languages) is
opened from disk (file://) in headless Chromium (cdp.py) at 375, 768,
1280 and 1920 px wide, with JavaScript and, at 375 and 768 px, without.
It fails when
  (a) the page scrolls sideways (document wider than the window);
  (b) a cell is clipped: its content wider than the cell (scrollWidth
      over clientWidth);
  (c) a table is wider than its box and is neither shown as cards (one
      card per row) nor in a scroll box with its key column pinned (the
      row headers and their column's header cell position: sticky);
  (d) at 1280 px and wider, a table does not fit its box: a column would
      be cut off on a screen that has room for it (the text column is
      not held to the measure of prose);
  (e) the text of a cell of a table not shown as cards wraps to more than
      10 lines (not checked on a phone without JavaScript, where the
      tables scroll with their key column pinned rather than turn into
      cards).
With SHOTDIR, a screenshot of each page's widest table at each width.
Prints "tables ok: ..." and exits 0, or one line per problem and exits 1.
"""
import json
import os
import pathlib
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

WIDTHS = (375, 768, 1280, 1920)
PAGES = ("index.html", "reference.html", "2020-09/index.html", "2020-09/reference.html",
         "zh-CN/index.html", "zh-CN/reference.html", "zh-CN/2020-09/index.html",
         "zh-CN/2020-09/reference.html")

CHECK = r"""((w, lines) => {
  const p = [];
  const doc = document.documentElement.scrollWidth;
  if (doc > w + 1) p.push('the page is ' + doc + ' px wide in a ' + w + ' px window');
  let widest = null;
  document.querySelectorAll('main table').forEach((t, i) => {
    const box = t.parentElement, cs = getComputedStyle(box);
    const name = 'table ' + (i + 1) + ' (' + (t.caption ? t.caption.textContent.trim() : '') + ')';
    const row = t.tBodies[0] && t.tBodies[0].rows[0];
    const cards = !!row && getComputedStyle(row).display === 'block';
    let clipped = 0, tall = 0, firstClipped = '';
    t.querySelectorAll('td, th').forEach((c) => {
      if (c.scrollWidth > c.clientWidth + 1 && !clipped++) firstClipped = c.textContent.trim().slice(0, 60) + '", ' + c.scrollWidth + ' px in ' + c.clientWidth + ' px, "';
      const lh = parseFloat(getComputedStyle(c).lineHeight) || 20;
      const r = document.createRange();
      r.selectNodeContents(c);
      if (!cards && lines && r.getBoundingClientRect().height > lh * 10.5) tall++;
    });
    if (clipped) p.push(name + ': ' + clipped + ' cells clipped (first: "' + firstClipped + '")');
    if (tall) p.push(name + ': ' + tall + ' cells wrap to more than 10 lines');
    const over = t.scrollWidth - box.clientWidth;
    if (!widest || t.scrollWidth > widest[1]) widest = [i, t.scrollWidth];
    if (cards || over <= 1) return;
    if (w >= 1280) { p.push(name + ' is ' + t.scrollWidth + ' px wide in a ' + box.clientWidth + ' px box: a column is cut off'); return; }
    if (!box.classList.contains('tw') || !/auto|scroll/.test(cs.overflowX)) { p.push(name + ' overflows with no scroll box'); return; }
    const th = t.querySelector('tbody th');
    if (!th || getComputedStyle(th).position !== 'sticky') { p.push(name + ': its key column is not pinned'); return; }
    const hd = t.tHead && t.tHead.rows[0] && t.tHead.rows[0].cells[th.cellIndex];
    if (hd && getComputedStyle(hd).position !== 'sticky') p.push(name + ': its key column\'s header is not pinned');
  });
  return JSON.stringify({problems: p, widest: widest ? widest[0] : -1});
})(%d, %s)"""


def main():
    if len(sys.argv) not in (2, 3) or not os.path.isdir(sys.argv[1]):
        print("usage: check_tables.py OUTDIR [SHOTDIR]", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) == 3 else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    pages = [p for p in PAGES if os.path.isfile(os.path.join(root, p))]
    problems, views = [], 0
    for width in WIDTHS:
        for script in (True, False) if width < 1000 else (True,):
            with cdp.Browser(width, 900) as b:
                b.call("Emulation.setScriptExecutionDisabled", value=not script)
                for page in pages:
                    b.goto(pathlib.Path(root, page).as_uri())
                    views += 1
                    lines = script or width > 400
                    b.eval("document.fonts.ready.then(() => 1)")
                    got = json.loads(b.eval(CHECK % (width, str(lines).lower())))
                    # a late font swap or script can move a cell for a
                    # moment on a loaded machine (a fresh root builds its
                    # font cache as it goes): a problem counts only when
                    # it is still there after five more seconds
                    for _ in range(5):
                        if not got["problems"]:
                            break
                        time.sleep(1)
                        got = json.loads(b.eval(CHECK % (width, str(lines).lower())))
                    for p in got["problems"]:
                        problems.append("%s at %d px%s: %s" % (page, width, "" if script else " without JavaScript", p))
                    if shots and script and got["widest"] >= 0:
                        b.eval("document.querySelectorAll('main table')[%d].scrollIntoView()" % got["widest"])
                        b.screenshot(os.path.join(shots, "%s-%d.png" % (page.replace("/", "-")[:-5], width)))
    for p in problems:
        print("tables: " + p)
    if problems:
        return 1
    print("tables ok: %d page views (%d pages at %s px, with and without JavaScript below 1000 px)"
          % (views, len(pages), ", ".join(map(str, WIDTHS))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
