#!/usr/bin/env python3
"""The picker in a browser, against the data export.

Usage: python3 tests/browser/check_picker.py OUTDIR

For every edition page (both editions, both languages) it opens the page
in headless Chromium (cdp.py) at 375 px twice, served over HTTP (as on
GitHub Pages) and from disk (file://, as a reader opens out/index.html),
opens the picker, and:
  (a) chooses a budget (US dollars, one GPU, CNN, new or used): the top
      row must be the build that data/per_dollar.csv ranks first among
      the one-GPU builds within that budget (less the builds no use case
      may pick, picker_server_only of data/guide.json: server-only, or
      priced by estimates alone), ties to the cheaper;
  (b) chooses each use case in turn: the top row must be the use case's
      best_value in data/recommendations.csv (computed by recommend.c),
      and the decision it states above the list (p.pick, data-buy) the
      use case's `buy`, the build the whole guide names;
  (c) every purchase-request link it shows names an existing file.
Then, from a copy of the pages without their data/picker-data.js, the
picker must say it failed in the page's language: the picker.failed
sentence of templates/LANG/strings.csv, never a key.
Prints "picker ok: ..." and exits 0, or one line per problem and exits 1.
"""
import csv
import json
import os
import pathlib
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

BUDGETS = (2000, 3000, 5000)


def pages(root):
    out = []
    for rel in ("index.html", "2020-09/index.html", "zh-CN/index.html", "zh-CN/2020-09/index.html"):
        if os.path.isfile(os.path.join(root, rel)):
            out.append(rel)
    return out


def expected_budget(folder, budget):
    rows = list(csv.DictReader(open(os.path.join(folder, "data", "per_dollar.csv"))))
    server = set(json.load(open(os.path.join(folder, "data", "guide.json"))).get("picker_server_only", []))
    ok = [r for r in rows if r["gpu_count"] == "1" and r["per_dollar_cnn"] and
          float(r["system_cost_usd"]) <= budget and r["build"] not in server]
    ok.sort(key=lambda r: (-float(r["per_dollar_cnn"]), float(r["system_cost_usd"])))
    return ok[0]["build"] if ok else None


def wait_ready(b):
    deadline = time.time() + 20
    while time.time() < deadline:
        state = b.eval("document.querySelector('details.picker').getAttribute('data-state')")
        if state in ("ready", "failed"):
            return state
        time.sleep(0.1)
    return None


SET = """((use, budget) => {
  const f = document.querySelector('.picker-form');
  f.cur.value = 'USD'; f.use.value = use;
  f.use.dispatchEvent(new Event('change'));
  if (budget !== null) {
    f.work.value = 'cnn'; f.gpus.value = '1'; f.cond.value = ''; f.mem.value = '0';
    f.budget.value = String(budget); f.dispatchEvent(new Event('input'));
  }
  const row = document.querySelector('.picker-out tbody tr');
  const pick = document.querySelector('.picker-out p.pick');
  const links = [...document.querySelectorAll('.picker-out a')].map(a => a.getAttribute('href'));
  return JSON.stringify({top: row ? row.getAttribute('data-build') : null,
                         buy: pick ? pick.getAttribute('data-buy') : null, links: links});
})(%s, %s)"""


def check_pages(b, root, base, problems):
    checks = 0
    for page in pages(root):
        folder = os.path.dirname(os.path.join(root, page))
        where = "%s (%s)" % (page, base(page).split(":")[0])
        b.goto(base(page))
        if not b.eval("!!document.querySelector('#picker:not([hidden]) details.picker')"):
            problems.append("%s: the picker is not shown" % where)
            continue
        b.eval("document.querySelector('details.picker').open = true")
        if wait_ready(b) != "ready":
            text = b.eval("document.querySelector('details.picker').textContent")
            problems.append("%s: the picker did not load its data: %r" % (where, text[:200]))
            continue
        for budget in BUDGETS:
            got = json.loads(b.eval(SET % (json.dumps(""), budget)))
            want = expected_budget(folder, budget)
            checks += 1
            if got["top"] != want:
                problems.append("%s: budget $%d: top row %r, per_dollar.csv says %r" % (where, budget, got["top"], want))
        recs = list(csv.DictReader(open(os.path.join(folder, "data", "recommendations.csv"))))
        for r in recs:
            got = json.loads(b.eval(SET % (json.dumps(r["use_case"]), "null")))
            want = r["best_value"] or None
            checks += 1
            if got["top"] != want:
                problems.append("%s: use case %s: top row %r, recommendations.csv says %r" % (where, r["use_case"], got["top"], want))
            checks += 1
            if got["buy"] != (r["buy"] or None):
                problems.append("%s: use case %s: the picker's decision %r, recommendations.csv buys %r" % (where, r["use_case"], got["buy"], r["buy"]))
            for href in got["links"]:
                if not os.path.isfile(os.path.join(folder, href)):
                    problems.append("%s: use case %s: link %s names no file" % (where, r["use_case"], href))
    return checks


def failed_sentence(lang):
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    path = os.path.join(top, "templates", lang, "strings.csv")
    for row in csv.reader(open(path, encoding="utf-8")):
        if row and row[0] == "picker.failed":
            return row[1]
    return None


def check_failure(b, root, problems):
    """Pages copied without data/picker-data.js: a sentence, not a key."""
    work = tempfile.mkdtemp(prefix="gg-picker-")
    checks = 0
    try:
        shutil.copytree(os.path.join(root, "assets"), os.path.join(work, "assets"))
        for page in ("index.html", "zh-CN/index.html"):
            if not os.path.isfile(os.path.join(root, page)):
                continue
            os.makedirs(os.path.dirname(os.path.join(work, page)), exist_ok=True)
            shutil.copy(os.path.join(root, page), os.path.join(work, page))
            b.goto(pathlib.Path(work, page).as_uri())
            b.eval("document.querySelector('details.picker').open = true")
            state = wait_ready(b)
            text = b.eval("document.querySelector('details.picker').textContent")
            lang = b.eval("document.documentElement.lang")
            want = failed_sentence(lang)
            checks += 1
            if state != "failed":
                problems.append("%s without its data: state %r, not failed" % (page, state))
            elif not want or want not in text or "picker." in text:
                problems.append("%s without its data: %r, not the %s sentence %r" % (page, text[:200], lang, want))
    finally:
        shutil.rmtree(work)
    return checks


def main():
    root = os.path.abspath(sys.argv[1]) if len(sys.argv) == 2 else None
    if not root or not os.path.isdir(root):
        print("usage: check_picker.py OUTDIR", file=sys.stderr)
        return 2
    problems = []
    checks = 0
    server = cdp.Server(root)
    try:
        with cdp.Browser(375, 667) as b:
            checks += check_pages(b, root, server.url, problems)
            checks += check_pages(b, root, lambda p: pathlib.Path(root, p).as_uri(), problems)
            checks += check_failure(b, root, problems)
    finally:
        server.stop()
    for p in problems:
        print("picker: " + p)
    if problems:
        return 1
    print("picker ok: %d pages over HTTP and from disk, %d checks" % (len(pages(root)), checks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
