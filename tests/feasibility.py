#!/usr/bin/env python3
"""Feasibility of the picks (issue 31, item 1), checked from the export and
the data, not from the program's own filter:
   picks    OUT DATA  every pick, runner-up and fastest build of
                      recommendations.csv keeps the rules its use case
                      requires: fit (builds.csv names no fit problem),
                      datacenter (no NVIDIA consumer card of gpus.csv),
                      p2p (no consumer card in a multi-GPU build),
                      fp8 (gpus.csv fp8 is yes)
   airflow  OUT DATA  a passive card (gpus.csv cooler) in a desktop base
                      system (systems.csv kind) is flagged airflow in
                      builds.csv, and no other build is
   policy   OUT DATA  the edition's use cases ask what an expert would:
                      every one a fit, every training machine of four or
                      more GPUs peer-to-peer, every eight-GPU node the
                      datacenter licence; the export's requires column
                      matches use_cases.csv
   excluded OUT DATA  every row of excluded_builds.csv breaks a rule its
                      use case requires and beats the pick per dollar
   ties     OUT DATA  every tie of recommendations.csv names the build the
                      rule for ties buys: more memory, then new over used,
                      then less power (builds.csv), then the lower cost
                      (per_dollar.csv); no tie, no build named
Exit status 0 when the check holds; a line on stderr says what failed."""
import csv
import re
import sys


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


BUILD_ID = re.compile(r"^(\d+)x (.+?)( \(used\))?$")


def parse_build(text):
    m = BUILD_ID.match(text)
    if not m:
        fail("not a build id: %r" % text)
    return int(m.group(1)), m.group(2)


class Data:
    def __init__(self, out, data):
        self.recs = rows(out + "/data/recommendations.csv")
        self.builds = {(int(r["gpu_count"]), r["gpu"]): r
                       for r in rows(out + "/data/builds.csv")}
        self.gpus = {r["name"]: r for r in rows(data + "/gpus.csv")}
        self.systems = rows(data + "/systems.csv")
        self.use_cases = rows(data + "/use_cases.csv")
        self.out = out

    def broken(self, requires, build_id):
        """The rules of requires the build breaks, from the data."""
        n, gpu = parse_build(build_id)
        row = self.builds.get((n, gpu))
        if row is None:
            fail("%s: no row of builds.csv" % build_id)
        g = self.gpus[gpu]
        consumer = g["segment"] == "consumer"
        broken = []
        if "fit" in requires and row["fit_problems"]:
            broken.append("fit (%s)" % row["fit_problems"])
        if "datacenter" in requires and consumer and g["vendor"] == "NVIDIA":
            broken.append("datacenter")
        if "p2p" in requires and n > 1 and consumer:
            broken.append("p2p")
        if "fp8" in requires and g.get("fp8") != "yes":
            broken.append("fp8")
        return broken


def check_picks(d):
    checked = 0
    for r in d.recs:
        requires = r["requires"].split()
        for col in ("buy", "best_value", "runner_up", "fastest_within_budget"):
            if not r[col]:
                continue
            broken = d.broken(requires, r[col])
            if broken:
                fail("%s: %s %s breaks %s" % (r["use_case"], col, r[col],
                                              ", ".join(broken)))
            checked += 1
    if checked == 0:
        fail("no pick to check")


def check_airflow(d):
    desktop_counts = {int(s["gpu_count"]) for s in d.systems
                      if s["kind"] == "desktop"}
    flagged = 0
    for (n, gpu), row in d.builds.items():
        passive = d.gpus[gpu]["cooler"] == "passive" \
            and d.gpus[gpu]["slot_width"] not in ("0", "0.0")
        want = passive and n in desktop_counts
        has = "airflow" in row["fit_problems"].split()
        if want != has:
            fail("%dx %s: airflow %s, expected %s" % (n, gpu, has, want))
        flagged += has
    if flagged == 0:
        fail("no passive card in a desktop to check")


def check_policy(d):
    by_id = {u["id"]: u for u in d.use_cases}
    if len(d.recs) != len(by_id):
        fail("recommendations.csv has %d use cases, use_cases.csv %d"
             % (len(d.recs), len(by_id)))
    for r in d.recs:
        u = by_id[r["use_case"]]
        requires = set(u.get("requires", "").split())
        if set(r["requires"].split()) != requires:
            fail("%s: requires %r in the export, %r in the data"
                 % (u["id"], r["requires"], u.get("requires")))
        n = int(u["gpu_count"])
        if "fit" not in requires:
            fail("%s: does not require a fit" % u["id"])
        training = not u.get("llm_mode") or u["llm_mode"] != "inference"
        if n >= 4 and training and "p2p" not in requires:
            fail("%s: a %d-GPU training machine without p2p" % (u["id"], n))
        if n == 8 and "datacenter" not in requires:
            fail("%s: an eight-GPU node without the datacenter rule"
                 % u["id"])


def check_excluded(d):
    recs = {r["use_case"]: r for r in d.recs}
    excluded = rows(d.out + "/data/excluded_builds.csv")
    if not excluded:
        fail("excluded_builds.csv has no rows")
    for e in excluded:
        r = recs[e["use_case"]]
        broken = d.broken(r["requires"].split(), e["build"])
        if not broken:
            fail("%s: %s excluded but breaks no rule" % (e["use_case"],
                                                         e["build"]))
        named = set(e["rules_broken"].split())
        found = {b.split()[0] for b in broken}
        if named != found:
            fail("%s: %s breaks %s, the export says %s"
                 % (e["use_case"], e["build"], sorted(found), sorted(named)))
        if e["pick"] and float(e["per_dollar_vs_pick"]) <= 1:
            fail("%s: %s listed but does not beat the pick"
                 % (e["use_case"], e["build"]))


def check_ties(d):
    cost = {r["build"]: float(r["system_cost_usd"])
            for r in rows(d.out + "/data/per_dollar.csv")}

    def criteria(build_id):
        n, gpu = parse_build(build_id)
        return [n * float(d.gpus[gpu]["memory_gb"]),
                0 if build_id.endswith("(used)") else 1,
                -float(d.builds[(n, gpu)]["system_draw_w"]),
                -cost[build_id]]

    names = ["memory", "warranty", "power", "cost"]
    ties = 0
    for r in d.recs:
        if r["tie"] != "tie":
            if r["tie_buy"] or r["tie_rule"]:
                fail("%s: no tie but a tie rule" % r["use_case"])
            continue
        ties += 1
        # the two finalists: the best value and the other of buy and
        # runner-up (the decision's other finalist)
        best = r["best_value"]
        second = r["runner_up"] if r["runner_up"] != best else r["buy"]
        a, b = criteria(best), criteria(second)
        want, rule = best, "none"
        for k in range(4):
            if a[k] != b[k]:
                want = best if a[k] > b[k] else second
                rule = names[k]
                break
        if (r["tie_buy"], r["tie_rule"], r["buy"]) != (want, rule, want):
            fail("%s: the rule buys %s (%s), the export says %s (%s), "
                 "the decision %s" % (r["use_case"], want, rule,
                                      r["tie_buy"], r["tie_rule"], r["buy"]))
    if ties == 0:
        fail("no tie to check")


CHECKS = {"picks": check_picks, "airflow": check_airflow,
          "policy": check_policy, "excluded": check_excluded,
          "ties": check_ties}

if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in CHECKS:
        fail("usage: feasibility.py %s OUT DATA" % "|".join(CHECKS))
    CHECKS[sys.argv[1]](Data(sys.argv[2], sys.argv[3]))
