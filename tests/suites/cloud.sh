[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/cloud.sh): the cloud as it is sold (issue 31, item 3).
# Every cloud price is labelled with its pricing class; each recommended
# build (bought, or weighed by a decision to rent) is weighed against one on-demand offer chosen by one rule (its own
# GPU when a cloud offers it on demand, else the nearest in speed), and
# that offer and verdict are the same in the guide's table and in the
# purchase request; the offers table puts every rate in its class's
# column.
python3 - "$data_dir/current/cloud.csv" "$out_dir/data" >"$tmp/cloud.log" 2>&1 <<'PY'
import csv, sys
data, out = sys.argv[1], sys.argv[2]
offers = list(csv.DictReader(open(data, encoding="utf-8")))
classes = {"on-demand", "spot", "community"}
bad = [o for o in offers if o["pricing"] not in classes]
if bad:
    sys.exit("unlabelled pricing class: %s" % bad[0])
builds = {r["gpu_count"] + "x " + r["gpu"]: r["gpu"] for r in csv.DictReader(open(out + "/builds.csv", encoding="utf-8"))}
cloud = list(csv.DictReader(open(out + "/cloud.csv", encoding="utf-8")))
requests = [r["build"] for r in csv.DictReader(open(out + "/requests.csv", encoding="utf-8"))]
# the builds bought (each has a request) and those a decision to rent
# weighed and did not buy
rented = [r["rent_instead_of"] for r in csv.DictReader(open(out + "/recommendations.csv", encoding="utf-8"))
          if r["decision"] == "rent"]
weighed = sorted(set(requests) | set(rented))
if sorted(r["build"] for r in cloud) != weighed:
    sys.exit("one cloud row per build weighed: %s against %s" % ([r["build"] for r in cloud], weighed))
same = 0
for r in cloud:
    gpu = builds[r["build"].replace(" (used)", "")]
    if r["pricing"] != "on-demand":
        sys.exit("%s weighed against a %s rate" % (r["build"], r["pricing"]))
    offered = any(o["gpu"] == gpu and o["pricing"] == "on-demand" for o in offers)
    want = "same_gpu" if offered else "nearest_speed"
    if r["rule"] != want or (offered and r["cloud_gpu"] != gpu):
        sys.exit("%s: rule %s, cloud GPU %s, expected %s" % (r["build"], r["rule"], r["cloud_gpu"], want))
    same += offered
    for cls, col in (("spot", "spot_per_hour_usd"), ("community", "community_per_hour_usd")):
        rates = [float(o["price_per_hour"]) for o in offers if o["pricing"] == cls
                 and o["gpu"] == r["cloud_gpu"] and o["gpu_count"] == r["cloud_gpu_count"]]
        got = float(r[col]) if r[col] else None
        if (min(rates) if rates else None) != got:
            sys.exit("%s: %s %s, expected the cheapest of %s" % (r["build"], col, got, rates))
# the offers table: each class's newest rate in its own column
table = {(r["gpu"], r["gpu_count"], r["provider"]): r for r in csv.DictReader(open(out + "/cloud_offers.csv", encoding="utf-8"))}
groups = {}
for o in offers:
    groups.setdefault((o["gpu"], o["gpu_count"], o["provider"]), []).append(o)
if set(groups) != set(table):
    sys.exit("offers table groups differ: %s" % (set(groups) ^ set(table)))
for key, rows in groups.items():
    for cls, col in (("on-demand", "on_demand"), ("spot", "spot"), ("community", "community")):
        mine = [o for o in rows if o["pricing"] == cls]
        newest = max(mine, key=lambda o: o["date"])["date"] if mine else ""
        got = table[key][col + "_date"]
        rate = table[key][col + "_per_hour_usd"]
        if got != newest or (mine and not any(abs(float(rate) - float(o["price_per_hour"])) < 1e-4 for o in mine if o["date"] == newest)) or (not mine and rate):
            sys.exit("%s %s: %s at %s, expected the newest of %s" % (key, cls, rate, got, mine))
print("%d builds (%d on their own GPU), %d offer groups" % (len(cloud), same, len(groups)))
PY
check "cloud: one labelled on-demand offer per build by the stated rule, spot and community beside it ($(tail -n 1 "$tmp/cloud.log"))" test $? -eq 0

# the same offer decides the purchase request: its verdict line names it
# (pdftotext drops the hyphen of a word broken at a line end: compared
# without hyphens)
first=$(python3 -c "import csv,sys; r=next(csv.DictReader(open(sys.argv[1]))); print((r['provider'] + ' ' + r['instance']).replace('-', ''))" "$out_dir/data/cloud.csv")
check "cloud: the first build's request weighs it against the same offer ($first)" \
    sh -c "pdftotext '$out_dir/$(python3 -c "import csv,sys; print(next(csv.DictReader(open(sys.argv[1])))['request'])" "$out_dir/data/requests.csv")' - | tr '\n' ' ' | tr -d '-' | grep -qF '$first'"

# the pricing classes are named in both languages' table headers
check "cloud: the guide labels on-demand, spot and community columns" \
    sh -c "grep -q '| On-demand per hour | Spot per hour | Community per hour |' '$out_dir/guide.md'"
check "cloud: the zh-CN guide labels them too" \
    sh -c "grep -q '| 按需每小时 | 竞价每小时 | 社区云每小时 |' '$out_dir/zh-CN/guide.md'"

# a cloud row without a pricing class, or with an unknown one, is refused
# at its cell
for v in '' preemptible; do
	rm -rf "$tmp/cloud-data" && mkdir -p "$tmp/cloud-data" && cp -r "$data_dir/current" "$tmp/cloud-data/current"
	sed -i "2s/,on-demand,/,$v,/" "$tmp/cloud-data/current/cloud.csv"
	"$bin" -q --data "$tmp/cloud-data/current" --out "$tmp/cloud-out" >"$tmp/cloud-bad.out" 2>&1
	check "cloud: pricing '$v' is refused at cloud.csv:2:col, exit 1" \
	    sh -c "test $? -eq 1 && grep -q 'cloud.csv:2:[0-9]*: .*pricing' '$tmp/cloud-bad.out'"
done

# Rent or buy per build (issue 29, item 5): the hours of use a month from
# which buying pays back within one, two and three years, recomputed from
# the cloud table's cost per unit of work and the build's speed; "never"
# (an empty cell: no infinity leaves the program) when that takes more
# hours than a month has.
python3 - "$out_dir/data" "$data_dir/current" >"$tmp/rentbuy.log" 2>&1 <<'PY'
import csv, math, sys
out, data = sys.argv[1], sys.argv[2]
cloud = {r["build"]: r for r in csv.DictReader(open(out + "/cloud.csv"))}
perf = {r["gpu_count"] + "x " + r["gpu"]: float(r["performance_cnn"]) for r in csv.DictReader(open(out + "/builds.csv"))}
assume = {r["key"]: r["value"] for r in csv.DictReader(open(data + "/assumptions.csv"))}
util = {r["id"]: r.get("utilization", "") for r in csv.DictReader(open(data + "/use_cases.csv"))}
rows = list(csv.DictReader(open(out + "/rent_or_buy.csv")))
# one row per use case with a stated use; every build the cloud table
# weighs (the bought ones) is among them
if not set(cloud) <= set(r["build"] for r in rows) or \
        sorted(r["use_case"] for r in rows) != sorted(u for u in util if util[u]):
    sys.exit("rent_or_buy builds %s, cloud %s" % ([r["build"] for r in rows], list(cloud)))
for r in rows:
    c = cloud.get(r["build"])
    if c is None:
        continue  # a build decided for renting: not in the cloud table
    rate = perf[r["build"].replace(" (used)", "")]
    saving = rate * (float(c["cloud_usd_per_unit"]) - float(c["desktop_usd_per_unit"]))
    if r["instance"] != c["instance"]:
        sys.exit("%s: offer %s, the cloud table's %s" % (r["build"], r["instance"], c["instance"]))
    for y in (1, 2, 3):
        want = float(r["system_cost_usd"]) / (saving * 12 * y) if saving > 0 else math.inf
        got = float(r["hours_%dy" % y] or "inf")
        if want > 730.5:
            ok = math.isinf(got)
        else:
            ok = abs(got - want) <= 0.05 + 1e-3 * want
        if not ok:
            sys.exit("%s: %d year(s) %s, expected %.1f" % (r["build"], y, got, want))
    if abs(float(r["stated_hours"]) - float(assume[util[r["use_case"]]]) * 730.5) > 0.05:
        sys.exit("%s: stated hours %s" % (r["use_case"], r["stated_hours"]))
print("%d use cases" % len(rows))
PY
check "rent or buy: payback hours for 1, 2 and 3 years recomputed ($(tail -n 1 "$tmp/rentbuy.log"))" test $? -eq 0
check "rent or buy: the table and the chart in the guide" \
    sh -c "grep -q '^| Use case | Build | Cloud instance | On-demand per hour | Its GPU on demand (per GPU-hour) | Hours a month to pay back in 1 year |' '$out_dir/guide.md' && grep -q 'charts/payback.svg' '$out_dir/guide.md' && test -s '$out_dir/charts/payback.png'"
check "rent or buy: in the zh-CN guide too" \
    sh -c "grep -q '| 1 年回本所需每月小时数 |' '$out_dir/zh-CN/guide.md' && grep -q 'charts/payback.svg' '$out_dir/zh-CN/guide.md'"

# The long table of every offer lives on the reference page; the guide's
# page keeps a sentence linking it, in both languages (page weight).
check "cloud offers: on the reference page, linked from the guide's page" \
	sh -c "grep -q 'The table of every cloud offer, by pricing class, is on the reference page' '$out_dir/index.html' && ! grep -q 'Community per hour</th>.*Community per hour' '$out_dir/index.html' && grep -q 'Every cloud offer' '$out_dir/reference.html' && grep -q '全部云服务价格' '$out_dir/zh-CN/reference.html'"
