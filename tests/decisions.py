#!/usr/bin/env python3
"""One decision everywhere: every place of the output that names the build
to buy for a use case names the same one.

Usage: decisions.py OUT

For every edition and language of the output folder OUT (the top, every
edition folder, and each of those under every language folder), reads

  - data/recommendations.csv (`buy`, the decision record as exported),
  - data/short_answer.csv (one row per decision: `use_cases`, `buy`),
  - data/requests.csv (`build`, `serves`: one request per decision that
    is a build of cards; `decision` machine has none),
  - data/picker-data.js (the picker's copy of the recommendations),
  - guide.md: the short answer's and the pick table's Buy cells and the
    requests table, as the reader sees them,
  - requests/*.pdf (pdftotext): each request's build and the use cases
    it is written for,

and fails, naming the use case and the two places, when any two disagree.
Prints one line per output folder checked; exit status 1 on the first
disagreement list.  Holds for any valid data: it compares the output with
itself, never with today's picks.
"""
import csv
import json
import os
import re
import subprocess
import sys


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def md_tables(text):
    """Every GFM table of a Markdown text: a list of rows of cells."""
    tables, rows = [], []
    for line in text.split("\n"):
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                rows.append(cells)
        elif rows:
            tables.append(rows)
            rows = []
    if rows:
        tables.append(rows)
    return tables


def unescape(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    return re.sub(r"\\(.)", r"\1", cell).replace("**", "")


def folders(out):
    """(label, folder) of every edition and language under out."""
    langs = [("en", out)] + [
        (d, os.path.join(out, d)) for d in sorted(os.listdir(out))
        if not d[:1].isdigit()
        and os.path.isfile(os.path.join(out, d, "data", "guide.json"))]
    for lang, top in langs:
        yield "%s/current" % lang, top
        for d in sorted(os.listdir(top)):
            ed = os.path.join(top, d)
            if d[:4].isdigit() and os.path.isfile(
                    os.path.join(ed, "data", "guide.json")):
                yield "%s/%s" % (lang, d), ed


def check(label, folder, problems):
    data = os.path.join(folder, "data")
    recs = read_csv(os.path.join(data, "recommendations.csv"))
    where = lambda what: "%s: %s" % (label, what)
    if recs and "buy" not in recs[0]:
        # an output from before the decision record: what its pick table
        # told the reader to buy (the tie rule's build, else the best
        # value) against what its other places name
        for r in recs:
            r["buy"] = r["tie_buy"] or r["best_value"]
            if r["buy"] != r["best_value"]:
                problems.append(where("%s: the pick table's best value is "
                                      "%r, its tie rule buys %r"
                                      % (r["use_case"], r["best_value"],
                                         r["buy"])))
    buy = {r["use_case"]: r["buy"] for r in recs}
    if not os.path.isfile(os.path.join(data, "short_answer.csv")):
        problems.append(where("no short answer of one decision per use "
                              "case (short_answer.csv)"))
        return

    # the short answer: one row per decision, every use case once
    seen = {}
    for row in read_csv(os.path.join(data, "short_answer.csv")):
        for u in row["use_cases"].split():
            if u in seen:
                problems.append(where("short answer names %s twice" % u))
            seen[u] = row["buy"]
    for u, b in buy.items():
        if seen.get(u) != b:
            problems.append(where("%s: pick table buys %r, short answer %r"
                                  % (u, b, seen.get(u))))
    builds = [r["buy"] for r in read_csv(os.path.join(data,
                                                      "short_answer.csv"))
              if r["buy"]]
    if len(builds) != len(set(builds)):
        problems.append(where("short answer: a decision on two lines"))

    # requests: exactly one per decided build, serving exactly its cases;
    # a decision that is not a build of cards (a whole machine) has none
    requests = read_csv(os.path.join(data, "requests.csv"))
    kind = {r["use_case"]: r.get("decision", "build") for r in recs}
    want = {}
    for u, b in buy.items():
        if b and kind[u] == "build":
            want.setdefault(b, set()).add(u)
    got = {r["build"]: set(r["serves"].split()) for r in requests}
    if got != want:
        problems.append(where("requests.csv serves %s, decisions %s"
                              % (sorted(got.items()), sorted(want.items()))))

    # the picker's copy
    js = open(os.path.join(data, "picker-data.js"), encoding="utf-8").read()
    picker = json.loads(js[js.index("{"):js.rindex("}") + 1])
    for r in picker.get("recommendations", []):
        if r.get("buy") != (buy.get(r["use_case"]) or None) and \
                not (r.get("buy") in (None, "") and not buy.get(r["use_case"])):
            problems.append(where("%s: picker buys %r, pick table %r"
                                  % (r["use_case"], r.get("buy"),
                                     buy.get(r["use_case"]))))

    # what the reader sees: guide.md's short answer, pick table, requests
    guide = open(os.path.join(folder, "guide.md"), encoding="utf-8").read()
    tables = md_tables(guide)
    short, picks = tables[0], tables[1]
    n_short = len(read_csv(os.path.join(data, "short_answer.csv")))
    if len(short) - 1 != n_short or len(picks) - 1 != len(recs):
        problems.append(where("guide.md: the first two tables are not the "
                              "short answer and the pick table"))
        return
    bcol = picks[0].index(short[0][0])  # the same "Buy" header
    shown = {}  # use case title -> shown build in the pick table
    for cells, rec in zip(picks[1:], recs):
        shown[unescape(cells[0])] = (unescape(cells[bcol]), rec["buy"])
    names = {}  # build id -> shown name, from the pick table
    for title, (name, bid) in shown.items():
        if bid:
            if names.setdefault(bid, name) != name:
                problems.append(where("%s shown as %r and %r"
                                      % (bid, names[bid], name)))
    for cells, row in zip(short[1:], read_csv(os.path.join(data,
                                                           "short_answer.csv"))):
        if row["buy"] and not unescape(cells[0]).startswith(names[row["buy"]]):
            problems.append(where("short answer shows %r for %s"
                                  % (cells[0], names[row["buy"]])))
    req_table = [t for t in tables if any(".pdf" in c for r in t for c in r)]
    if requests and not req_table:
        problems.append(where("guide.md has no requests table"))
    if req_table:
        rows = req_table[0][1:]
        shown_builds = [unescape(r[0]) for r in rows]
        if sorted(shown_builds) != sorted(names[b] for b in want):
            problems.append(where("requests table %s, decisions %s"
                                  % (shown_builds, sorted(names[b] for b in want))))

    # each request PDF names its build and the use cases it serves
    titles = {rec["use_case"]: unescape(c[0])
              for c, rec in zip(picks[1:], recs)}
    for r in requests:
        pdf = os.path.join(folder, r["request"])
        text = subprocess.run(["pdftotext", "-layout", pdf, "-"],
                              capture_output=True, text=True).stdout
        flat = re.sub(r"\s+", " ", re.sub(r"-[ \t]*\n\s*", "-", text))
        if names[r["build"]] not in flat:
            problems.append(where("%s does not name %r"
                                  % (r["request"], names[r["build"]])))
        for u in r["serves"].split():
            if titles[u] not in flat:
                problems.append(where("%s does not say it serves %r"
                                      % (r["request"], titles[u])))


def main():
    out = sys.argv[1]
    problems = []
    checked = 0
    for label, folder in folders(out):
        before = len(problems)
        check(label, folder, problems)
        checked += 1
        print("decisions: %s: %s" % (label, "ok" if len(problems) == before
                                     else "%d disagreements"
                                     % (len(problems) - before)))
    for p in problems:
        print("  " + p)
    if not checked:
        print("decisions: no output folder found under %s" % out)
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
