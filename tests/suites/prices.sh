[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/prices.sh): dated prices, whole builds, the cloud verdicts
# and what changed between runs (issue 13).

# Every price the guide shows carries its date: each cell of a "GPU price"
# column of out/guide.md has a YYYY-MM-DD date (a row with no GPU price,
# a decision to rent, has the date of its offer).
check "every shown GPU price has a date" python3 - "$out_dir/guide.md" <<'PY'
import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
col, cells = None, 0
for line in lines:
    if not line.startswith("|"):
        col = None
        continue
    parts = [p.strip() for p in line.strip().strip("|").split(" | ")]
    if col is None:
        col = next((i for i, p in enumerate(parts) if p.startswith("GPU price")), -1)
        continue
    if col < 0 or set(line) <= set("|-: "):
        continue
    cells += 1
    date = r"\d{4}\\?-\d\d\\?-\d\d"
    # a decision that buys no card (rent, a vendor quote) has no GPU
    # price; its row then dates the offer it names
    # (the short answer dates its rental prices once, in the note
    # after its table)
    if parts[col] == "—" and "Rental prices are hourly, as observed:" in "\n".join(lines):
        continue
    if not re.search(date, parts[col] if parts[col] != "—" else line):
        sys.exit("no date: " + line)
sys.exit(0 if cells >= 20 else "too few price cells: %d" % cells)
PY

# The line items of every purchase request add up to its total.
check "requests: line items add up to the total" python3 - "$out_dir/requests" <<'PY'
import glob, re, subprocess, sys
files = glob.glob(sys.argv[1] + "/*.pdf")
if not files:
    sys.exit("no requests")
money = re.compile(r"\$([\d,]+)")
for f in files:
    text = subprocess.run(["pdftotext", "-layout", f, "-"], capture_output=True,
                          text=True, check=True).stdout
    items = text.split("Line items", 1)[1].split("Justification", 1)[0]
    total, parts = None, []
    for line in items.split("\n"):
        amounts = [int(a.replace(",", "")) for a in money.findall(line)]
        if line.strip().startswith("Total") and len(amounts) == 1:
            total = amounts[0]
        elif len(amounts) >= 2 and "range" not in line:  # unit price, total
            # (a wrapped detail line "range $a–$b" is not an item)
            parts.append(amounts[-1])
    if total is None or len(parts) < 2 or abs(sum(parts) - total) > len(parts):
        sys.exit("%s: items %s, total %s" % (f, parts, total))
PY

# A price edit that flips a pick: the run prints the change on stderr and
# writes it to data/changes.csv and the guide, with the row that caused it.
# The edit is chosen from the output, not from today's prices: the GPU of
# the first one-GPU decision with a runner-up costs four times as much,
# in every row of its condition.
flip="$tmp/flip"
rm -rf "$flip-data" "$flip" && mkdir -p "$flip-data" && cp -r "$data_dir/current" "$flip-data/current"
python3 - "$out_dir/data/recommendations.csv" "$flip-data/current/prices.csv" "$out_dir/data/per_dollar_1gpu.csv" >"$tmp/flip.case" <<'PY'
import csv, re, sys
rec = next(r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))
           if r["buy"].startswith("1x ") and r["runner_up"])
m = re.fullmatch(r"1x (.*?)( \(used\))?", rec["buy"])
gpu, cond = m.group(1), "used" if m.group(2) else "new"
price = next(r["gpu_price_usd"] for r in csv.DictReader(open(sys.argv[3]))
             if r["build"] == rec["buy"])
rows = list(csv.reader(open(sys.argv[2], newline="", encoding="utf-8")))
for r in rows[1:]:
    if r[0] == gpu and r[1] == cond:
        r[2] = str(round(float(r[2]) * 4))
with open(sys.argv[2], "w", newline="", encoding="utf-8") as f:
    csv.writer(f, lineterminator="\n").writerows(rows)
print(rec["use_case"], rec["buy"], gpu, cond, "%g" % float(price), sep="\t")
PY
IFS="$(printf '\t')" read -r flip_use flip_buy flip_gpu flip_cond flip_price <"$tmp/flip.case"
"$bin" --data "$flip-data/current" --previous "$out_dir/data/guide.json" --out "$flip" 2>"$tmp/flip.err"
check "the price edit is in the data copy" sh -c "! cmp -s '$data_dir/current/prices.csv' '$flip-data/current/prices.csv'"
check "stderr: the $flip_use pick changed, with the price move" \
	grep -qF "$flip_use pick: $flip_buy -> " "$tmp/flip.err"
check "stderr: the cause names the price move" \
	grep -qE "$flip_use pick: .*\($flip_gpu $flip_cond $flip_price -> [0-9]+" "$tmp/flip.err"
check "changes.csv: the $flip_use pick changed" grep -qF "pick,$flip_use,$flip_buy," "$flip/data/changes.csv"
check "changes.csv: the price row that caused it" \
	grep -qE "^price,$flip_gpu $flip_cond,$flip_price,[0-9]+,\"prices.csv:[0-9]*" "$flip/data/changes.csv"
check "the guide shows what changed" grep -q 'What changed since 20' "$flip/guide.md"
check "the guide names the changed pick" grep -q '^| pick | ' "$flip/guide.md"
# The zh-CN "what changed" table names builds and GPUs in Chinese.
# (zh-CN decides with the Chinese market's figures, markets.csv: its pick
# may stay where the English one moved; when it moves, it reads so)
check "zh what changed: translated build labels" sh -c "! grep -q '^| 首选 |' '$flip/zh-CN/guide.md' || grep -qE '^\\| 首选 \\| .*（二手）|^\\| 首选 \\| [^|]* \\| [^|(]* \\| [^|(]* \\|' '$flip/zh-CN/guide.md'"
check "zh what changed: no data ids shown" sh -c "! sed -n '/^| 变化 /,/^\$/p' '$flip/zh-CN/guide.md' | grep -q '1x \\| used '"
# A second run on the same output folder compares with the first.
"$bin" --data "$flip-data/current" --out "$flip" 2>"$tmp/flip2.err"
check "second run: nothing changed since the first" grep -q 'nothing changed since' "$tmp/flip2.err"
check "second run: changes.csv has only its header" test "$(wc -l <"$flip/data/changes.csv")" -eq 1

# A cloud price below the desktop's electricity cost: never a negative
# break-even, and the verdict is rent.
cheap="$tmp/cheap-cloud"
rm -rf "$cheap-data" && mkdir -p "$cheap-data" && cp -r "$data_dir/current" "$cheap-data/current"
python3 - "$data_dir/current/cloud.csv" "$cheap-data/current/cloud.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
with open(sys.argv[2], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
    w.writeheader()
    for r in rows:
        r["price_per_hour"] = "0.001"
        w.writerow(r)
PY
"$bin" -q --data "$cheap-data/current" --out "$cheap"
check "cheap cloud: the run succeeds" test -s "$cheap/data/cloud.csv"
check "cheap cloud: every verdict is rent, no break-even is negative" python3 - "$cheap/data/cloud.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
bad = [r for r in rows if r["verdict"] != "rent" or (r["breakeven_days"] and float(r["breakeven_days"]) < 0)]
sys.exit(1 if not rows or bad else 0)
PY
check "cheap cloud: the guide prints no negative days" sh -c "! grep -qE '(^|[^0-9A-Za-z])(\\\\)?-[0-9][0-9,]* days' '$cheap/guide.md'"
check "cheap cloud: the worked example says rent" grep -qE 'never pays off(\\)?: rent' "$cheap/guide.md"
check "the cloud table of data/current is never negative" python3 - "$out_dir/data/cloud.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sys.exit(1 if not rows or any(r["breakeven_days"] and float(r["breakeven_days"]) < 0 for r in rows) else 0)
PY

# The price worklist for maintainers.
check "--check lists GPUs without a current price" \
	sh -c "'$bin' --check | grep -q '^  price: .*no current price'"

# ---- whole builds, budgets, dated costs, currencies (issue 13 round 3) ----

# A 4x build that needs risers (a pick once the use case's rules are left
# out, rules_off_out in run.sh) prices its risers on its request and names
# the electrical work it does not price, in both languages.
pr_off=$(rules_off_out)
pr_off_4x=$(ls "$pr_off"/requests/4x-*.pdf 2>/dev/null | head -n 1)
# (zh-CN: its market's figures may decide that use case otherwise, e.g.
# to rent; its own 4x request, when it writes one)
pr_off_4x_zh=$(ls "$pr_off"/zh-CN/requests/4x-*.pdf 2>/dev/null | head -n 1)
check "4x request: riser line with its price" sh -c "pdftotext -layout '$pr_off_4x' - | grep -q 'riser cable.*2 *\\\$35 *\\\$70'"
check "4x request: electrical work not included" sh -c "pdftotext -layout '$pr_off_4x' - | grep -q 'Electrical work.*not included *not included'"
check "4x request: every priced line's source is listed" sh -c "pdftotext '$pr_off_4x' - | tr '\n' ' ' | grep -q 'PCIe 4.0 x16 riser cable.*gblake55'"
check "zh 4x request: electrical work not included" sh -c "test -z '$pr_off_4x_zh' || pdftotext -layout '$pr_off_4x_zh' - | grep -q '电气施工.*不含 *不含'"

# A budget no build fits says so and names the cheapest build that meets
# the needs; the cost shown is the minimum of the data's builds (the
# $1,000 tier cut to $500 in a data copy: the budget desktop base alone
# costs $685).
nofit="$tmp/budget-nofit"
rm -rf "$nofit-data" && mkdir -p "$nofit-data" && cp -r "$data_dir/current" "$nofit-data/current"
sed -i 's/^budget_1000,8,cnn,1,1000,/budget_1000,8,cnn,1,500,/' "$nofit-data/current/use_cases.csv"
"$bin" -q --data "$nofit-data/current" --out "$nofit" 2>/dev/null
check "budget no build fits: the edit is in the data copy" grep -q '^budget_1000,8,cnn,1,500,' "$nofit-data/current/use_cases.csv"
check "budget no build fits: the cheapest build is named and computed" python3 - "$nofit/guide.md" "$nofit/data/per_dollar_1gpu.csv" <<'PY'
import csv, re, sys
md = open(sys.argv[1], encoding="utf-8").read()
rows = [r for r in csv.DictReader(open(sys.argv[2]))
        if float(r["memory_gb"]) >= 8 and not r["fit_problems"]]
for cond in ("new", "used"):
    want = min(float(r["system_cost_usd"]) for r in rows if r["price_condition"] == cond)
    if want <= 500:
        sys.exit("a %s build fits $500" % cond)
# the short answer's line of the use case names the cheapest of either
line = next(l for l in md.split("\n") if l.startswith("| A whole system for $1,000 |"))
shown = [float(m.replace(",", "")) for m in
         re.findall(r"no build within \$500; the cheapest that meets the needs is the [^|]*? at \$([\d,]+)", line)]
want = min(float(r["system_cost_usd"]) for r in rows)
sys.exit(0 if shown == [round(want)] else "shown %s, want %s: %s" % (shown, want, line))
PY

# Every GPU price of the short answer and every cost of the requests
# table shows its date.
check "short answer and requests tables: every price has a date" python3 - "$out_dir/guide.md" <<'PY'
import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
def table(head):
    i = next(k for k, l in enumerate(lines) if l.startswith(head))
    out = []
    for l in lines[i + 2:]:
        if not l.startswith("|"):
            break
        out.append([p.strip() for p in l.strip().strip("|").split(" | ")])
    return out
cells = [r[2] for r in table("| Buy | Whole system | GPU price") if "$" in r[2]]
cells += [r[2] for r in table("| Build | Recommended for | System cost")]
bad = [c for c in cells if not re.search(r"\d{4}-\d\d-\d\d", c)]
sys.exit("no date: %s" % bad[:2] if bad or len(cells) < 4 else 0)
PY

# Multi-GPU sensitivity says its thresholds are per GPU (on the frozen
# current edition with every use case bought: bought_out in lib.sh).
bought=$(bought_out)
check "sensitivity of a 4x pick is per GPU" grep -q '^| Four-GPU research machine |.*falls below \$[0-9,]* per GPU |' "$bought/guide.md"
check "zh: sensitivity of a 4x pick is per GPU" grep -q '^| 四卡科研工作站 |.*的单卡价格降到' "$bought/zh-CN/guide.md"

# zh-CN shows money in yuan as its market's buyer pays it (markets.csv:
# no converted mark on a budget, no USD beside); a native euro row wins
# over the conversion.
check "zh: money in yuan, the market's amount alone" sh -c "grep -q '| ¥17,000 |' '$out_dir/zh-CN/guide.md' && ! grep -q '（\\\$[0-9]' '$out_dir/zh-CN/guide.md'"
check "zh: the money note names the dated central-parity rate and the VAT" grep -q '2026-04-22 的人民币汇率中间价（1 美元兑 6.8635 元）.*13% 增值税' "$out_dir/zh-CN/guide.md"
eur="$tmp/native-eur"
rm -rf "$eur-data" && mkdir -p "$eur-data" && cp -r "$data_dir/current" "$eur-data/current"
echo 'RTX 3070,used,150,EUR,ebay,listing,test shop,https://example.com/3070,2026-09-15,' >>"$eur-data/current/prices.csv"
"$bin" -q --lang en --data "$eur-data/current" --out "$eur" 2>/dev/null
check "en: a native euro price with its date" grep -q '| 1 | RTX 3070 (used) | 8 GB | \$177 (one price, 2026-08-31) | €150 (one price, 2026-09-15); ≈¥' "$eur/guide.md"
native="$tmp/native-cny"
rm -rf "$native-data" && mkdir -p "$native-data" && cp -r "$data_dir/current" "$native-data/current"
printf '%s\n' 'RTX 5070 Ti,new,6999,CNY,retail,listing,"test row",,2026-03-01,' >>"$native-data/current/prices.csv"
"$bin" -q --lang zh-CN --data "$native-data/current" --out "$native" 2>/dev/null
check "zh: a native yuan row wins over the conversion" grep -q '^| [0-9]* | RTX 5070 Ti | 16 GB | ¥6,999（1 条价格观测，观测于 2026-03-01，比本版早 9 个月） |' "$native/guide.md"
check "zh: the picks stay those of the USD prices" sh -c "cmp -s '$native/data/recommendations.csv' '$out_dir/zh-CN/data/recommendations.csv'"


# Every recommended build, the 4x and 8x ones too, has cloud rows (every
# use case bought, as above).
check "every recommended build has cloud rows" python3 - "$bought/data/requests.csv" "$bought/data/cloud.csv" <<'PY'
import csv, sys
builds = [r["build"] for r in csv.DictReader(open(sys.argv[1]))]
cloud = {r["build"] for r in csv.DictReader(open(sys.argv[2]))}
missing = [b for b in builds if b not in cloud]
sys.exit("no cloud rows: %s" % missing if missing or not any(b.startswith("4x ") for b in builds) else 0)
PY

# The power text is never negative: with a standard supply smaller than
# the example's GPUs it says how many watts short it is.
weak="$tmp/weak-psu"
rm -rf "$weak-data" && mkdir -p "$weak-data" && cp -r "$data_dir/current" "$weak-data/current"
sed -i 's/^standard_psu_max_w,1600,/standard_psu_max_w,1000,/' "$weak-data/current/assumptions.csv"
"$bin" -q --data "$weak-data/current" --out "$weak" 2>/dev/null
check "weak PSU: the edit is in the data copy" grep -q '^standard_psu_max_w,1000,' "$weak-data/current/assumptions.csv"
check "weak PSU: the power text says how many watts short" grep -q 'W less than the GPUs alone draw' "$weak/guide.md"
check "power text: no negative watts (weak PSU, current data)" sh -c "! grep -q '\\\\-[0-9][0-9,]* W' '$weak/guide.md' '$out_dir/guide.md'"

# ---- price rules and the age of prices (issue 29) ----

# data/current obeys the price rules: --check exits 0 with no rule line.
"$bin" --check >"$tmp/rules.out" 2>&1
check "--check: data/current breaks no price rule" test $? -eq 0
check "--check: no 'price rule' line for the shipped data" sh -c "! grep -q '^  price rule:' '$tmp/rules.out'"
check "--check lists GPUs whose newest price is older than 120 days, each age right" python3 - "$tmp/rules.out" "$out_dir/data/guide.json" "$data_dir/current/assumptions.csv" <<'PY'
import csv, json, re, sys, datetime as dt
d = dt.date.fromisoformat
edition = d(json.load(open(sys.argv[2]))["edition_date"])
a = {r["key"]: r["value"] for r in csv.DictReader(open(sys.argv[3]))}
fresh = float(a["price_fresh_days"])
lines = re.findall(r"^  price to re-check: (.+?): newest price (\S+), (\d+) days before (\S+)",
                   open(sys.argv[1]).read(), re.M)
for gpu, newest, days, ed in lines:
    if d(ed) != edition or (edition - d(newest)).days != int(days) or int(days) <= fresh:
        sys.exit("%s: %s, %s days before %s" % (gpu, newest, days, ed))
PY

# Each rule fails --check on a copy of data/current that breaks it.
rules="$tmp/rules"
rule_case() { # name, sed expression on prices.csv, expected message
	rm -rf "$rules-$1" && mkdir -p "$rules-$1" && cp -r "$data_dir/current" "$rules-$1/current"
	sed -i "$2" "$rules-$1/current/prices.csv"
	"$bin" --check --data "$rules-$1/current" >"$rules-$1.out" 2>"$rules-$1.err"
	check "price rule $1: --check exits 1" test $? -eq 1
	check "price rule $1: names the row and the rule" grep -q "^  price rule: prices.csv:[0-9]*:[0-9]*: .*$3" "$rules-$1.out"
}
rule_case http 's|https://www.pcgamer.com/|http://www.pcgamer.com/|' 'the address is not https://'
rule_case nourl 's|,https://insiderllm.com/guides/rtx-3060-vs-3060ti-vs-3070-local-ai,|,,|' 'no address'
rule_case midpoint 's|,"estimate: midpoint of quoted $700-1,000 used price; date: February|,"midpoint of quoted $700-1,000 used price; date: February|' "reads as an estimate ('midpoint')"
rule_case discontinued 's|^\(RTX 4090,new,2749,.*\),"excluded: [^;]*;|\1,"|' 'after the GPU left production'
# a PCIe card dearer than its SXM sibling, with no note saying why
rule_case sibling '$a H100 PCIe,new,60000,USD,retail,listing,test shop,https://example.com/h100,2026-11-01,' 'H100 PCIe is priced above its SXM sibling H100 SXM'
# a used card dearer than the same card new at a payable price, no note
rule_case used '$a RTX PRO 6000 Blackwell,used,20000,USD,ebay,listing,test shop,https://example.com/pro6000,2026-11-30,' 'RTX PRO 6000 Blackwell used at 20000 USD is priced above the card new'
# a datacenter card's row more than 30 days behind a newer row of another
# source, with no note starting 'kept' (issue 41, item 8)
rule_case superseded '$a L40S,new,7000,USD,retail,listing,test shop A,https://example.com/a,2026-06-01,\nL40S,new,7200,USD,retail,listing,test shop B,https://example.com/b,2026-11-30,' 'L40S price of 2026-06-01 is 182 days older than the row of 2026-11-30 from another source'
rm -rf "$rules-kept" && mkdir -p "$rules-kept" && cp -r "$data_dir/current" "$rules-kept/current"
sed -i '$a L40S,new,7000,USD,retail,listing,test shop A,https://example.com/a,2026-06-01,kept: the shop still lists it at this price\nL40S,new,7200,USD,retail,listing,test shop B,https://example.com/b,2026-11-30,' "$rules-kept/current/prices.csv"
"$bin" --check --data "$rules-kept/current" >"$rules-kept.out" 2>&1
check "price rule superseded: a row whose note starts 'kept' stays" test $? -eq 0
rm -rf "$rules-gap" && mkdir -p "$rules-gap" && cp -r "$data_dir/current" "$rules-gap/current"
sed -i '$a L40S,new,7000,USD,retail,listing,test shop A,https://example.com/a,2026-11-01,\nL40S,new,7200,USD,retail,listing,test shop B,https://example.com/b,2026-11-30,' "$rules-gap/current/prices.csv"
"$bin" --check --data "$rules-gap/current" >"$rules-gap.out" 2>&1
check "price rule superseded: rows of two sources 29 days apart both stay" test $? -eq 0
# an 8-GPU server base cheaper than the 4-GPU desktop base
rm -rf "$rules-base" && mkdir -p "$rules-base" && cp -r "$data_dir/current" "$rules-base/current"
sed -i 's/^\(8,"8-GPU server without GPUs (DGX H100-class host[^"]*",server,\)32010,/\15000,/' "$rules-base/current/systems.csv"
"$bin" --check --data "$rules-base/current" >"$rules-base.out" 2>&1
check "price rule base: --check exits 1" test $? -eq 1
check "price rule base: names the system row and the rule" grep -q '^  price rule: systems.csv:[0-9]*:[0-9]*: an 8-GPU server base at 5000 USD is cheaper than the 4-GPU desktop base' "$rules-base.out"

# An excluded row leaves the medians: the RTX 4090 is not offered new.
check "excluded rows: no new RTX 4090 in the per-dollar table" sh -c "! grep -q '^| [0-9]* | RTX 4090 |' '$out_dir/guide.md'"

# A price older than 120 days shows its age beside it, in both languages,
# and the guide says how old rows count.
check "stale price: its age beside it" grep -qE '\((one price|[0-9]+ prices)[^)]*, observed [0-9-]+, [0-9]+ months? before this edition\)' "$out_dir/guide.md"
check "zh stale price: its age beside it" grep -qE '观测于 [0-9-]+，比本版早 [0-9]+ 个月' "$out_dir/zh-CN/guide.md"
check "the guide says older rows leave the medians" grep -q 'Older rows stay in the data for history but leave the medians' "$out_dir/guide.md"
check "2020-09 edition: no price age (no price_fresh_days)" sh -c "! grep -q 'before this edition' '$out_dir/2020-09/guide.md'"

# Only the rows of the last 120 days count when a GPU has any, else those
# within 120 days of its newest; estimates (prices.csv kind) leave when a
# listing or sold price counts: every street-priced GPU of the one-GPU
# table, recomputed.
check "fresh rule: a GPU's median counts the rows of the last 120 days, else those within 120 days of its newest" python3 - "$data_dir/current/prices.csv" "$out_dir/data/per_dollar_1gpu.csv" "$data_dir/current/assumptions.csv" "$out_dir/data/guide.json" <<'PY'
import csv, json, sys, datetime as dt, statistics
d = lambda s: dt.date.fromisoformat(s)
a = {r["key"]: r["value"] for r in csv.DictReader(open(sys.argv[3]))}
prices = list(csv.DictReader(open(sys.argv[1])))
edition = d(json.load(open(sys.argv[4]))["edition_date"])
fresh, window = float(a["price_fresh_days"]), float(a["price_window_days"])
table = list(csv.DictReader(open(sys.argv[2])))
def counts(r, gpu, cond):
    return (r["gpu"] == gpu and r["condition"] == cond and r["channel"] != "list"
            and r["currency"] == "USD" and not r["note"].lower().startswith(("deal", "excluded"))
            and 0 <= (edition - d(r["date"])).days <= window)
def estimate(r):  # prices.csv kind; absent or empty: derived (data/README.md)
    kind = r.get("kind") or ("list" if r["channel"] == "list" else
                             "estimate" if r["note"].lower().startswith("estimate") else "listing")
    return kind == "estimate"
checked = 0
for out in table:
    if out["list_price"] == "1" or not out["gpu_price_usd"]:
        continue
    gpu, cond = out["gpu"], out["price_condition"]
    rows = [r for r in prices if counts(r, gpu, cond)]
    newest = max(d(r["date"]) for r in rows)
    anchor = edition if (edition - newest).days <= fresh else newest
    recent = [r for r in rows if (anchor - d(r["date"])).days <= fresh]
    firm = [r for r in recent if not estimate(r)]
    if firm:
        recent = firm
    want = statistics.median(float(r["price"]) for r in recent)
    if abs(float(out["gpu_price_usd"]) - want) > 0.01 or int(out["price_rows"]) != len(recent):
        sys.exit("%s %s: median %s of %s rows, want %s of %d" % (gpu, cond, out["gpu_price_usd"], out["price_rows"], want, len(recent)))
    checked += 1
if not checked:
    sys.exit("no street-priced GPU checked")
PY

# Price trends (issue 29, item 6): every GPU whose counted dollar street
# prices in the window moved by the stated share or more is listed with
# its oldest and newest observation, and priced at its recent level.
check "price trends: every sharp move listed, recomputed from prices.csv" python3 - "$data_dir/current" "$out_dir/data" <<'PY'
import csv, sys, datetime as dt
data, out = sys.argv[1], sys.argv[2]
d = dt.date.fromisoformat
a = {r["key"]: r["value"] for r in csv.DictReader(open(data + "/assumptions.csv"))}
import json
edition = d(json.load(open(out + "/guide.json"))["edition_date"])
window, share = float(a["price_window_days"]), float(a["price_trend_min_change"])
spans = {}
for r in csv.DictReader(open(data + "/prices.csv")):
    age = (edition - d(r["date"])).days
    if r["currency"] != "USD" or r["channel"] == "list" or not 0 <= age <= window \
            or r["note"].lower().startswith(("deal", "excluded")):
        continue
    spans.setdefault((r["gpu"], r["condition"]), []).append((r["date"], float(r["price"])))
want = {}
for key, rows in spans.items():
    first, last = min(rows, key=lambda x: x[0]), max(rows, key=lambda x: x[0])
    if len(rows) >= 2 and abs(last[1] / first[1] - 1) >= share:
        want[key] = (len(rows), first[0], last[0])
got = {(r["gpu"], r["condition"]): (int(r["rows"]), r["first_date"], r["last_date"])
       for r in csv.DictReader(open(out + "/price_trends.csv"))}
if got != want:
    sys.exit("trends %s, want %s" % (sorted(set(got) ^ set(want)), ""))
used = {(r["gpu"], r["price_condition"]): r["gpu_price_usd"] for r in csv.DictReader(open(out + "/per_dollar_1gpu.csv"))}
for r in csv.DictReader(open(out + "/price_trends.csv")):
    if abs(float(r["price_usd"]) - float(used[(r["gpu"], r["condition"])])) > 0.01:
        sys.exit("%s: trend table uses %s, per dollar %s" % (r["gpu"], r["price_usd"], used[(r["gpu"], r["condition"])]))
if not any(k[0] == "RTX 5090" for k in want):
    sys.exit("the RTX 5090's 2026 rise is not a trend")
PY
check "price trends: in both languages" sh -c "grep -q '^| GPU | Prices | Oldest seen | Then | Newest seen | Now | Change | Price used |' '$out_dir/guide.md' && grep -q '| 最早观测 |' '$out_dir/zh-CN/guide.md'"
check "price trends: not in the 2020-09 edition" sh -c "! grep -q 'Oldest seen' '$out_dir/2020-09/guide.md'"

# A used card priced above the same card new: --check lists it to
# re-check (the new A100 80GB PCIe is a March midpoint, the used one an
# August listing).
check "--check lists a GPU whose used price is above its new one" \
	grep -qE '^  price to re-check: A100 80GB PCIe: used [0-9]+ USD \(2026-[0-9-]+\) above new [0-9]+ USD' "$tmp/rules.out"
