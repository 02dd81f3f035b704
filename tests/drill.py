#!/usr/bin/env python3
"""The maintainer drill: realistic edits of data/current, each on its own
copy, must generate the guide and keep every rule that holds for any
valid data, with the program unchanged.

Usage: drill.py BIN TOP TMP

For each edit below, copies TOP/data (the current edition keeps its name,
`current`, and its archived sibling) into TMP/drill-NAME, applies the
edit, runs `BIN -q --data ...` into TMP/drill-NAME-out, and checks the
output with the data-independent checks: the run exits 0; one decision
everywhere (tests/decisions.py); every pick keeps its use case's rules,
every tie names the rule's build (tests/feasibility.py); the edition's
date is its newest row and the edit shows in the export. Prints one line
per check and ends with "N passed, M failed"; exit status 1 on a failure.

The edits are chosen from the data and the output, never from today's
picks, so the drill holds whatever the data say:
  prices-today   three price rows observed today (the run's date): a new
                 card at a shop and two used cards from sold listings,
                 the GPUs of today's decisions
  price-removed  one price row of a card with several removed
  only-price     every price row of one decided card removed (not the
                 reference GPU's: without a price it is refused, by
                 design, with an error naming prices.csv)
  new-gpu        a new GPU (a copy of a priced card's specs under a new
                 name) with a price of its own
  gpu-removed    a GPU that no assumption names removed with every row
                 that names it
  cloud-offer    an on-demand cloud offer added (today, half the price of
                 the cheapest offer of its GPU)
  base-repriced  every base system 20% dearer
"""
import csv
import datetime
import os
import shutil
import subprocess
import sys

BIN, TOP, TMP = sys.argv[1:4]
TODAY = datetime.date.today().isoformat()
epoch = os.environ.get("SOURCE_DATE_EPOCH")
if epoch:
    TODAY = datetime.datetime.utcfromtimestamp(int(epoch)).date().isoformat()
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL drill %s%s" % (name, ": " + detail if detail else ""))


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]


def write(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, header, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def decided_gpus(out):
    """(gpu, condition) of the one-GPU decisions of out, in order."""
    got = []
    for r in read(os.path.join(out, "data", "recommendations.csv"))[1]:
        b = r["buy"]
        if b.startswith("1x "):
            name = b[3:]
            cond = "used" if name.endswith(" (used)") else "new"
            name = name[:-len(" (used)")] if cond == "used" else name
            if (name, cond) not in got:
                got.append((name, cond))
    return got


def prices_today(d, base):
    h, rows = read(d + "/prices.csv")
    picks = decided_gpus(base) or [(rows[0]["gpu"], "new")]
    new_gpu = next((g for g, c in picks if c == "new"), picks[0][0])
    used = [g for g, c in picks if c == "used"][:2] or [picks[0][0]]
    def median(g, c):
        v = sorted(float(r["price"]) for r in rows
                   if r["gpu"] == g and r["condition"] == c
                   and r["currency"] == "USD")
        return v[len(v) // 2] if v else 1000.0
    add = [{"gpu": new_gpu, "condition": "new",
            "price": "%d" % round(median(new_gpu, "new") * 0.9),
            "currency": "USD", "channel": "retail",
            "source": "drill: a shop listing", "url": "https://example.com/shop",
            "date": TODAY, "note": ""}]
    for g in used:
        add.append({"gpu": g, "condition": "used",
                    "price": "%d" % round(median(g, "used") * 0.85),
                    "currency": "USD", "channel": "ebay",
                    "source": "drill: sold listings",
                    "url": "https://example.com/sold", "date": TODAY,
                    "note": ""})
    write(d + "/prices.csv", h, rows + add)
    return TODAY


def price_removed(d, base):
    h, rows = read(d + "/prices.csv")
    counts = {}
    for r in rows:
        counts[r["gpu"]] = counts.get(r["gpu"], 0) + 1
    k = next(i for i, r in enumerate(rows) if counts[r["gpu"]] > 1)
    del rows[k]
    write(d + "/prices.csv", h, rows)


def reference_gpu(d):
    """The edition's reference_gpu assumption."""
    return next(r["value"] for r in read(d + "/assumptions.csv")[1]
                if r["key"] == "reference_gpu")


def only_price(d, base):
    h, rows = read(d + "/prices.csv")
    ref = reference_gpu(d)
    gpu = next(g for g, _ in decided_gpus(base) if g != ref)
    write(d + "/prices.csv", h, [r for r in rows if r["gpu"] != gpu])


def new_gpu(d, base):
    h, gpus = read(d + "/gpus.csv")
    hp, prices = read(d + "/prices.csv")
    gpu = decided_gpus(base)[0][0]
    row = dict(next(g for g in gpus if g["name"] == gpu))
    row["name"] = gpu + " Drill Edition"
    write(d + "/gpus.csv", h, gpus + [row])
    like = next(p for p in prices if p["gpu"] == gpu)
    add = dict(like, gpu=row["name"], condition="new", channel="retail",
               source="drill: a shop listing", url="https://example.com/new",
               date=TODAY, note="",
               price="%d" % round(float(like["price"]) * 1.1))
    if "kind" in add:
        add["kind"] = "listing"  # a shop's listing, whatever `like` was
    write(d + "/prices.csv", hp, prices + [add])


def gpu_removed(d, base):
    _, assumptions = read(d + "/assumptions.csv")
    named = " ".join(a["value"] for a in assumptions)
    _, gpus = read(d + "/gpus.csv")
    _, prices = read(d + "/prices.csv")
    priced = {p["gpu"] for p in prices}
    gpu = next(g["name"] for g in gpus
               if g["name"] not in named and g["name"] in priced)
    for f in sorted(os.listdir(d)):
        if not f.endswith(".csv"):
            continue
        h, rows = read(os.path.join(d, f))
        key = "name" if f == "gpus.csv" else "gpu"
        if key in h:
            write(os.path.join(d, f), h,
                  [r for r in rows if r[key] != gpu])


def cloud_offer(d, base):
    h, rows = read(d + "/cloud.csv")
    on = [r for r in rows if r["pricing"] == "on-demand"]
    cheapest = min(on, key=lambda r: float(r["price_per_hour"]))
    add = dict(cheapest, provider="Drill Cloud", instance="drill-1",
               price_per_hour="%.2f" % max(0.01, float(
                   cheapest["price_per_hour"]) / 2),
               source="drill: a provider's price page",
               url="https://example.com/cloud", date=TODAY, note="")
    write(d + "/cloud.csv", h, rows + [add])
    return TODAY


def base_repriced(d, base):
    h, rows = read(d + "/systems.csv")
    for r in rows:
        r["cost"] = "%d" % round(float(r["cost"]) * 1.2)
    write(d + "/systems.csv", h, rows)


EDITS = [("prices-today", prices_today), ("price-removed", price_removed),
         ("only-price", only_price), ("new-gpu", new_gpu),
         ("gpu-removed", gpu_removed), ("cloud-offer", cloud_offer),
         ("base-repriced", base_repriced)]

FEASIBILITY = ["picks", "airflow", "policy", "excluded", "ties"]


def drill(name, edit, base):
    data = os.path.join(TMP, "drill-" + name)
    out = data + "-out"
    shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(os.path.join(TOP, "data"), data)
    cur = os.path.join(data, "current")
    before = {f: open(os.path.join(cur, f), "rb").read()
              for f in os.listdir(cur) if f.endswith(".csv")}
    dated = edit(cur, base)
    changed = any(open(os.path.join(cur, f), "rb").read() != b
                  for f, b in before.items())
    check(name + ": the edit changed the data", changed)
    run = subprocess.run([BIN, "-q", "--data", data, "--out", out],
                         capture_output=True, text=True)
    check(name + ": generates", run.returncode == 0, run.stderr.strip()[:300])
    if run.returncode != 0:
        return
    chk = subprocess.run([sys.executable,
                          os.path.join(TOP, "tests", "decisions.py"), out],
                         capture_output=True, text=True)
    check(name + ": one decision everywhere", chk.returncode == 0,
          chk.stdout.strip()[-300:])
    for what in FEASIBILITY:
        f = subprocess.run([sys.executable,
                            os.path.join(TOP, "tests", "feasibility.py"),
                            what, out, cur], capture_output=True, text=True)
        check("%s: feasibility %s" % (name, what), f.returncode == 0,
              f.stderr.strip()[:300])
    if dated:
        import json
        g = json.load(open(os.path.join(out, "data", "guide.json"),
                           encoding="utf-8"))
        check(name + ": the edition's date follows the newest row",
              g["edition_date"] == dated, g["edition_date"])
    shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)


def main():
    base = os.path.join(TMP, "drill-base-out")
    shutil.rmtree(base, ignore_errors=True)
    run = subprocess.run([BIN, "-q", "--out", base,
                          "--data", os.path.join(TOP, "data")],
                         capture_output=True, text=True)
    check("the unedited data generates", run.returncode == 0, run.stderr)
    if run.returncode == 0:
        for name, edit in EDITS:
            drill(name, edit, base)
    shutil.rmtree(base, ignore_errors=True)
    print("drill: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
