[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/finite.sh): no non-finite
# number leaves the program (issue 43, class 5).  No NaN, infinity or
# negative amount of money, memory or time reaches an output file; an
# input that would divide by zero is refused at its cell (file:line:col,
# exit 1, the previous output untouched); and what the program cannot
# refuse (a valid edition where buying never pays back) is said in words.

# fn_scan DIR: prints each output file of DIR that holds a non-finite
# number (nan, inf, Infinity, the infinity sign) or a negative amount in
# a money, memory or time column of its CSV files; nothing when clean.
fn_scan() {
	python3 - "$1" <<'PY'
import csv, os, re, sys
bad = re.compile(r'(^|[^A-Za-z_])(-?nan|-?inf|NaN|-?Infinity)([^A-Za-z_-]|$)|\u221e')
amount = re.compile(r'(_usd|_gb|_hours|_days|_months|^hours_\d+y|^price_(cny|eur)(_native)?|^budget_usd)$')
found = []
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        p = os.path.join(root, f)
        if not f.endswith((".csv", ".json", ".md", ".js", ".html")):
            continue
        text = open(p, encoding="utf-8").read()
        m = bad.search(text)
        if m:
            found.append("%s: %r" % (p, m.group(0)))
        if f.endswith(".csv"):
            for r in csv.DictReader(text.splitlines()):
                for k, v in r.items():
                    if k and amount.search(k) and v and v.startswith("-"):
                        found.append("%s: %s=%s" % (p, k, v))
                        break
print("\n".join(found[:5]))
PY
}

check "a normal generation (both editions, both languages) writes no nan, inf or negative amount ($(fn_scan "$out_dir" | head -n 1))" \
	test -z "$(fn_scan "$out_dir")"

# Zero where the model divides: each refused at its cell, exit 1, and the
# output folder of the previous run byte for byte as it was.
fn_prev="$tmp/fn-prev"
"$bin" -q --lang en --data "$data_dir/current" --out "$fn_prev" >/dev/null 2>&1
snapshot "$fn_prev" >"$tmp/fn-before.md5"
fn_refused() { # fn_refused FILE ROW COLUMN VALUE [KEY]: refused at the cell
	rm -rf "$tmp/fn" && mkdir -p "$tmp/fn" && cp -r "$data_dir/current" "$tmp/fn/current"
	row=$2
	if [ -n "${5:-}" ]; then # an assumption: the row of its key
		row=$(awk -F, -v k="$5" '$1 == k { print NR - 1; exit }' "$tmp/fn/current/$1")
	fi
	at=$(python3 "$top/tests/set_cell.py" "$tmp/fn/current/$1" "$row" "$3" "$4")
	"$bin" -q --lang en --data "$tmp/fn/current" --out "$fn_prev" >"$tmp/fn.err" 2>&1
	st=$?
	if [ "$st" -eq 1 ] && grep -q "$1:$at: " "$tmp/fn.err" \
	    && snapshot "$fn_prev" | cmp -s - "$tmp/fn-before.md5"; then
		pass
	else
		fail "$1 ${5:-$3} = $4: refused at $1:$at, exit 1, previous output kept (status $st: $(head -c 200 "$tmp/fn.err"))"
	fi
}
fn_refused prices.csv 1 price 0
fn_refused gpus.csv 1 tdp_w 0
fn_refused gpus.csv 1 bandwidth_gbs 0
fn_refused gpus.csv 1 memory_gb 0
fn_refused gpus.csv 1 fp16_tflops 0
fn_refused gpus.csv 1 sm_count 0
fn_refused systems.csv 1 cost 0
fn_refused systems.csv 1 psu_w 0
fn_refused cloud.csv 1 price_per_hour 0
fn_refused cloud.csv 1 gpu_count 0
fn_refused benchmarks.csv 1 throughput 0
fn_refused benchmarks.csv 1 batch_size 0
fn_refused machines.csv 1 bandwidth_gbs 0
fn_refused machines.csv 1 usable_gb 0
fn_refused llm_models.csv 1 params_b 0
fn_refused parts.csv 1 price 0
fn_refused use_cases.csv 1 min_memory_gb 0
fn_refused assumptions.csv 0 value 0 utilization
fn_refused assumptions.csv 0 value 0 useful_life_years
fn_refused assumptions.csv 0 value 0 psu_step_w
fn_refused assumptions.csv 0 value 0 fx_per_usd.EUR
fn_refused markets.csv 3 value 0
fn_refused assumptions.csv 0 value 0 llm_gpu_memory_unit
fn_refused assumptions.csv 0 value 0 loo_target_median
fn_refused assumptions.csv 0 value -1 electricity_usd_per_kwh
fn_refused assumptions.csv 0 value 1 llm_memory_headroom

# Valid editions where a figure is "never" (the cloud cheaper than the
# desktop's electricity: buying never pays back) generate, and say it in
# words: no infinity in any file (the old code wrote "inf" in
# rent_or_buy.csv and stopped on the guard when the short answer's rent
# sentence formatted an infinite payback).
fn_never() { # fn_never NAME FILE COLUMN VALUE [KEY]
	rm -rf "$tmp/fnv" && mkdir -p "$tmp/fnv" && cp -r "$data_dir/current" "$tmp/fnv/current"
	row=1
	if [ -n "${5:-}" ]; then
		row=$(awk -F, -v k="$5" '$1 == k { print NR - 1; exit }' "$tmp/fnv/current/$2")
	fi
	python3 "$top/tests/set_cell.py" "$tmp/fnv/current/$2" "$row" "$3" "$4" >/dev/null
	"$bin" -q --data "$tmp/fnv/current" --out "$tmp/fnv-out" >"$tmp/fnv.err" 2>&1
	st=$?
	scan=$(fn_scan "$tmp/fnv-out" 2>&1 | head -n 1)
	if [ "$st" -eq 0 ] && [ -z "$scan" ]; then
		pass
	else
		fail "$1: generates (status $st: $(head -c 200 "$tmp/fnv.err")) with no non-finite number ($scan)"
	fi
	rm -rf "$tmp/fnv-out"
}
fn_never "electricity at 1 USD/kWh" assumptions.csv value 1 electricity_usd_per_kwh
fn_never "a cloud offer at 0.0001 USD an hour" cloud.csv price_per_hour 0.0001
fn_never "the largest fx rate" assumptions.csv value 1000000 fx_per_usd.EUR
fn_never "the smallest utilization" assumptions.csv value 0.001 utilization

# The scan itself finds what it looks for.
mkdir -p "$tmp/fn-bad/data"
printf 'use_case,hours_1y\nx,inf\n' >"$tmp/fn-bad/data/a.csv"
check "the scan finds an inf in a CSV" test -n "$(fn_scan "$tmp/fn-bad")"
printf 'use_case,system_cost_usd\nx,-5\n' >"$tmp/fn-bad/data/a.csv"
check "the scan finds a negative amount of money" test -n "$(fn_scan "$tmp/fn-bad")"
