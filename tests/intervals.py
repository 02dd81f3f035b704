#!/usr/bin/env python3
"""Checks of the model's ranges in one output folder (an edition's out/):
   intervals  OUT  every modelled GPU's "v (low–high)" of performance.csv
                   is in index.html and in the PDF's text (pdftotext), and
                   in the purchase request of a modelled build
   bounds     OUT  low <= value <= high in every ranged column of the
                   exported CSV files, and guide.json carries them too
   ties       OUT  recommendations.csv says "tie" exactly when the gap
                   between the pick's and the runner-up's performance per
                   dollar (per_dollar.csv) is within their facing range
                   half-widths added in quadrature, and the guide prints
                   the tie (the table, and
                   the short answer for the headline use case)
Exit status 0 when the check holds; a line on stderr says what failed."""
import csv
import html
import json
import math
import re
import subprocess
import sys


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def shown(v):
    return "%.2f" % float(v)


def flat(text):
    return re.sub(r"\s+", " ", text)


TRIPLE = re.compile(r"(\d+\.\d\d) \((\d+\.\d\d)– ?(\d+\.\d\d)\)")


def triples(text):
    return [tuple(float(x) for x in m) for m in TRIPLE.findall(text)]


def intervals(out):
    page = triples(flat(html.unescape(open(out + "/index.html", encoding="utf-8").read())))
    # -raw keeps a wrapped table cell's lines together
    pdf = triples(flat(subprocess.run(["pdftotext", "-raw", out + "/guide.pdf", "-"],
                                      capture_output=True, text=True, check=True).stdout))
    n = 0
    for r in rows(out + "/data/performance.csv"):
        for w in ("cnn", "transformer"):
            if r[w + "_basis"] != "modelled" or not r[w]:
                continue
            want = (float(r[w]), float(r[w + "_low"]), float(r[w + "_high"]))
            if len({"%.2f" % x for x in want}) == 1:
                continue  # a range that rounds away is not printed
            # the export has 4 decimals, the guide 2: within half a cent
            for name, found in (("index.html", page), ("guide.pdf", pdf)):
                if not any(all(abs(f - x) <= 0.0051 for f, x in zip(t, want))
                           for t in found):
                    sys.exit("%s: %s %s: no '%.2f (%.2f–%.2f)'" % ((name, r["gpu"], w) + want))
            n += 1
    if n == 0:
        sys.exit("no modelled figure with a range")
    requests(out)


def requests(out):
    """A purchase request for a modelled GPU prints its CNN figure with
    the range."""
    kind = {r["gpu"]: r["cnn_basis"] for r in rows(out + "/data/performance.csv")}
    builds = rows(out + "/data/builds.csv")
    for q in rows(out + "/data/requests.csv"):
        m = re.match(r"(\d+)x (.*?)( \(used\))?$", q["build"])
        count, gpu = m.group(1), m.group(2)
        if kind.get(gpu) != "modelled":
            continue
        text = triples(flat(subprocess.run(["pdftotext", "-raw", out + "/" + q["request"], "-"],
                                           capture_output=True, text=True, check=True).stdout))
        values = [float(b["performance_cnn"]) for b in builds
                  if b["gpu"] == gpu and b["gpu_count"] == count]
        if not any(abs(t[0] - v) <= 0.0051 for t in text for v in values):
            sys.exit("%s: %s is modelled but its figure has no range" % (q["request"], q["build"]))


def bounds(out):
    n = 0
    for name in ("performance", "per_dollar", "validation"):
        for r in rows("%s/data/%s.csv" % (out, name)):
            for k in r:
                if not k.endswith("_low") or not r[k]:
                    continue
                key = k[:-4]
                lo, v, hi = float(r[k]), float(r[key]), float(r[key + "_high"])
                if not lo <= v + 1e-4 or not v <= hi + 1e-4:
                    sys.exit("%s.csv: %s: %s %g not in [%g, %g]" % (name, r.get("gpu", "?"), key, v, lo, hi))
                n += 1
    data = json.load(open(out + "/data/guide.json", encoding="utf-8"))
    perf = data["performance"] if isinstance(data, dict) and "performance" in data else data["tables"]["performance"]
    if not any(isinstance(x.get("cnn_low"), float) for x in perf):
        sys.exit("guide.json: performance has no cnn_low")
    if n < 20:
        sys.exit("only %d ranges exported" % n)


def ties(out):
    pd = {}
    for r in rows(out + "/data/per_dollar.csv"):
        pd[r["build"]] = r
    page = flat(html.unescape(open(out + "/index.html", encoding="utf-8").read()))
    seen = {"tie": 0, "": 0}
    for r in rows(out + "/data/recommendations.csv"):
        if not r["buy"] or not r["runner_up"]:
            continue
        if r["ranked_on"] == "decode":
            # ranked on decode tokens/s per dollar: the buy's and the other
            # finalist's speeds over their system costs
            other = r["best_value"] if r["best_value"] != r["buy"] else r["runner_up"]
            cost_a = float(pd[r["buy"]]["system_cost_usd"])
            cost_b = float(pd[other]["system_cost_usd"])
            a = {k: float(r["buy_tokens_per_s" + k]) / cost_a for k in ("", "_low", "_high")}
            b = {k: float(r["other_tokens_per_s" + k]) / cost_b for k in ("", "_low", "_high")}
            tol = 2e-2  # the export rounds tokens/s to one decimal
        else:
            w = "per_dollar_" + r["workload"]
            a, b = ({k: float(pd[x][w + k]) for k in ("", "_low", "_high")}
                    for x in (r["buy"], r["runner_up"]))
            tol = 2e-3  # the export rounds to 4 significant digits
        # the gap within the two facing half-widths added in quadrature
        # (model_tie)
        hi, lo = (a, b) if a[""] >= b[""] else (b, a)
        gap = math.log(hi[""] / lo[""])
        ha = math.log(hi[""] / hi["_low"])
        hb = math.log(lo["_high"] / lo[""])
        bound = math.hypot(ha, hb)
        if abs(gap - bound) < tol:
            continue  # too close to call at the export's rounding
        tie = gap <= bound
        if tie != (r["tie"] == "tie"):
            sys.exit("%s: tie column '%s' but the gap %.3f is %s the combined range %.3f" % (r["use_case"], r["tie"], gap, "within" if tie else "beyond", bound))
        seen[r["tie"]] += 1
    head = [a["value"] for a in rows(out + "/data/assumptions.csv")
            if a["key"] == "headline_use_case"]
    recs = rows(out + "/data/recommendations.csv")
    top = [r for r in recs if head and r["use_case"] == head[0]] or recs[:1]
    if (top[0]["tie"] == "tie") != ("A tie.</strong>" in page):
        sys.exit("index.html: the short answer's tie sentence does not follow %s" % top[0]["use_case"])
    if seen["tie"] and "yes; the runner-up is" not in page:
        sys.exit("index.html: a tie is not printed")
    if seen[""] and not re.search(r"<td[^>]*>no(</td>|<t[dh][ >]|</tr>|<tr>|</tbody>)", page):
        sys.exit("index.html: a pick without a tie does not say no")


if __name__ == "__main__":
    {"intervals": intervals, "bounds": bounds, "ties": ties}[sys.argv[1]](sys.argv[2])
