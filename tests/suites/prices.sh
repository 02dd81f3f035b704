# Sourced by tests/run.sh: dated prices, whole builds, the cloud verdicts
# and what changed between runs (issue 13).

# Every price the guide shows carries its date: each cell of a "GPU price"
# column of out/guide.md has a YYYY-MM-DD date.
check "every shown GPU price has a date" python3 - "$top/out/guide.md" <<'PY'
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
    if not re.search(r"\d{4}\\?-\d\d\\?-\d\d", parts[col]):
        sys.exit("no date: " + line)
sys.exit(0 if cells >= 20 else "too few price cells: %d" % cells)
PY

# The line items of every purchase request add up to its total.
check "requests: line items add up to the total" python3 - "$top/out/requests" <<'PY'
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
        elif len(amounts) >= 2:  # unit price (and a price range), total
            parts.append(amounts[-1])
    if total is None or len(parts) < 2 or abs(sum(parts) - total) > len(parts):
        sys.exit("%s: items %s, total %s" % (f, parts, total))
PY

# A price edit that flips a pick: the run prints the change on stderr and
# writes it to data/changes.csv and the guide, with the row that caused it.
flip="$tmp/flip"
cp -r "$top/data/current" "$flip-data"
sed -i 's/^RTX 3090 Ti,used,850,/RTX 3090 Ti,used,1100,/' "$flip-data/prices.csv"
"$bin" --data "$flip-data" --previous "$top/out/data/guide.json" --out "$flip" 2>"$tmp/flip.err"
check "the price edit is in the data copy" grep -q '^RTX 3090 Ti,used,1100,' "$flip-data/prices.csv"
check "stderr: the kaggle pick changed, with the price move" \
	grep -q 'kaggle pick: 1x RTX 3090 Ti (used) -> .*(RTX 3090 Ti used 850 -> 1100)' "$tmp/flip.err"
check "changes.csv: the kaggle pick changed" grep -q '^pick,kaggle,1x RTX 3090 Ti (used),' "$flip/data/changes.csv"
check "changes.csv: the price row that caused it" \
	grep -q '^price,RTX 3090 Ti used,850,1100,"prices.csv:[0-9]*' "$flip/data/changes.csv"
check "the guide shows what changed" grep -q 'What changed since 2026' "$flip/guide.md"
check "the guide names the changed pick" grep -q '^| pick | Kaggle competitions |' "$flip/guide.md"
# A second run on the same output folder compares with the first.
"$bin" --data "$flip-data" --out "$flip" 2>"$tmp/flip2.err"
check "second run: nothing changed since the first" grep -q 'nothing changed since' "$tmp/flip2.err"
check "second run: changes.csv has only its header" test "$(wc -l <"$flip/data/changes.csv")" -eq 1

# A cloud price below the desktop's electricity cost: never a negative
# break-even, and the verdict is rent.
cheap="$tmp/cheap-cloud"
cp -r "$top/data/current" "$cheap-data"
python3 - "$top/data/current/cloud.csv" "$cheap-data/cloud.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
with open(sys.argv[2], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
    w.writeheader()
    for r in rows:
        r["price_per_hour"] = "0.001"
        w.writerow(r)
PY
"$bin" -q --data "$cheap-data" --out "$cheap"
check "cheap cloud: the run succeeds" test -s "$cheap/data/cloud.csv"
check "cheap cloud: every verdict is rent, no break-even is negative" python3 - "$cheap/data/cloud.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
bad = [r for r in rows if r["verdict"] != "rent" or (r["breakeven_days"] and float(r["breakeven_days"]) < 0)]
sys.exit(1 if not rows or bad else 0)
PY
check "cheap cloud: the guide prints no negative days" sh -c "! grep -qE '(^|[^0-9A-Za-z])(\\\\)?-[0-9][0-9,]* days' '$cheap/guide.md'"
check "cheap cloud: the worked example says rent" grep -qE 'never pays off(\\)?: rent' "$cheap/guide.md"
check "the cloud table of data/current is never negative" python3 - "$top/out/data/cloud.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sys.exit(1 if not rows or any(r["breakeven_days"] and float(r["breakeven_days"]) < 0 for r in rows) else 0)
PY

# The price worklist for maintainers.
check "--check lists GPUs without a current price" \
	sh -c "'$bin' --check | grep -q '^  price: .*no current price'"
