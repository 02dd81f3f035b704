[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/calc.sh): the LLM
# calculator of the picker (issue 45, assets/calc.js) computes what the C
# program computes.  The picker data carries the LLM stage's constants as
# assumptions.csv states them; in a browser (tests/browser/check_calc.py,
# where Debian's Chromium is installed) every row of the memory, context
# and fit tables, every decode use case's builds and the KV cache table
# worked out by hand (tests/kv_by_hand.csv) give the C program's figures,
# in both languages, from disk and served from a sub-path; where nothing
# in the guide holds the model, and by keyboard (check_calc_more.py).

# calc_show FILE: the first lines of a failed check's output, indented.
calc_show() { head -n 40 "$1" | sed 's/^/    /'; }

# The exported constants are the edition's assumptions (no number of the
# page's own): every llm_* assumption the page reads, in llm.c's units.
python3 - "$out_dir/data/picker-data.js" "$data_dir/current/assumptions.csv" >"$tmp/calc-constants.txt" 2>&1 <<'PY'
import csv, json, sys
text = open(sys.argv[1], encoding="utf-8").read()
# "window.gpuguideData = {...};": the object is JSON
L = json.loads(text[text.index("{"):text.rstrip().rindex("}") + 1])["llm"]
a = {}
with open(sys.argv[2], newline="", encoding="utf-8") as f:
    for r in csv.reader(f):
        if r and r[0].startswith("llm_"):
            try:
                a[r[0]] = float(r[1])
            except ValueError:
                pass
keys = [k for k in L["constants"] if k != "bandwidth_unit"]
for k in keys:
    want = a["llm_inference_overhead_gb"] * 1e9 if k == "inference_overhead" else a.get("llm_" + k)
    if L["constants"][k] != want:
        print(k, L["constants"][k], want)
        sys.exit(1)
for p in L["bytes_per_param"]:
    if L["bytes_per_param"][p] != a.get("llm_bytes_per_param." + p):
        print(p)
        sys.exit(1)
if L["kv_element_bytes"]["fp16"] != a.get("llm_kv_bytes") or L["kv_element_bytes"]["fp8"] != a.get("llm_bytes_per_param.fp8"):
    sys.exit(1)
print("%d constants" % len(keys))
PY
calc_status=$?
check "picker-data.js: the calculator's constants are assumptions.csv's ($(tail -n 1 "$tmp/calc-constants.txt"))" test "$calc_status" -eq 0
[ "$calc_status" -eq 0 ] || calc_show "$tmp/calc-constants.txt"

# The edition without LLM models (2020-09) exports no calculator part.
check "2020-09 picker data has no llm part" sh -c '! grep -q "\"llm\":" "$1"' sh "$out_dir/2020-09/data/picker-data.js"

if [ -x /usr/bin/chromium ]; then
	python3 "$top/tests/browser/check_calc.py" "$out_dir" "$data_dir" >"$tmp/calc-browser.txt" 2>&1
	calc_status=$?
	check "browser calculator = C program: memory, context, fit tables, decode use cases, KV by hand; en and zh-CN; file:// and sub-path ($(tail -n 1 "$tmp/calc-browser.txt"))" test "$calc_status" -eq 0
	[ "$calc_status" -eq 0 ] || calc_show "$tmp/calc-browser.txt"
fi

# Where nothing in the guide holds the model (the fallback to the smallest
# cloud offer, and the sentence when no offer does either) and the
# calculator by keyboard only: tests/browser/check_calc_more.py on a copy
# of the frozen current edition without the prices of the cards of more
# than 32 GB (its builds stop at 8 x 32 GB; cloud.csv still reaches
# 8 x 192 GB).
if [ -x /usr/bin/chromium ]; then
	calc_small="$tmp/calc-small"
	rm -rf "$calc_small" && mkdir -p "$calc_small" && cp -r "$data_dir/current" "$calc_small/current" &&
	python3 -c '
import csv, sys
ed = sys.argv[1]
mem = {r["name"]: float(r["memory_gb"]) for r in csv.DictReader(open(ed + "/gpus.csv", newline="", encoding="utf-8"))}
with open(ed + "/prices.csv", newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
with open(ed + "/prices.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows([r for r in rows if mem[r["gpu"]] <= 32])
' "$calc_small/current" &&
	"$bin" -q --data "$calc_small/current" --out "$calc_small/out" >"$tmp/calc-small.txt" 2>&1 &&
	python3 "$top/tests/browser/check_calc_more.py" "$out_dir" "$data_dir/current" "$calc_small/out" "$calc_small/current" >"$tmp/calc-more.txt" 2>&1
	calc_status=$?
	check "browser calculator where nothing in the guide holds the model: the smallest cloud offer, or none; by keyboard only, Tab order and labels ($(tail -n 1 "$tmp/calc-more.txt" 2>/dev/null))" test "$calc_status" -eq 0
	[ "$calc_status" -eq 0 ] || { calc_show "$tmp/calc-small.txt"; calc_show "$tmp/calc-more.txt"; }
fi
