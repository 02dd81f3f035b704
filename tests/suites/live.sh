[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# What must hold for any valid data, checked on data/current and the out/
# that `make` wrote from it (every other suite tests the program on the
# frozen editions of tests/regress/frozen, so a maintainer's price edit
# never breaks them): the data passes --check; every row names its
# source; one decision everywhere (tests/decisions.py); every pick keeps
# its use case's rules and every tie names the rule's build
# (tests/feasibility.py); the site's links resolve (tests/check_site.py);
# the current edition's date is its newest row.
live_out="$top/out"
live_data="$top/data/current"
"$real_bin" --check --data "$top/data" >"$tmp/live-check.out" 2>&1
check "live: data/ passes --check (no broken price rule)" test $? -eq 0
check "live: every row of data/current names its source" python3 - "$live_data" <<'PY'
import csv, os, sys
bad = []
for f in sorted(os.listdir(sys.argv[1])):
    if not f.endswith(".csv"):
        continue
    for n, r in enumerate(csv.DictReader(open(os.path.join(sys.argv[1], f), encoding="utf-8")), 2):
        if "source" in r and not r["source"].strip():
            bad.append("%s:%d" % (f, n))
sys.exit("no source: %s" % bad[:5] if bad else 0)
PY
check "live: one decision everywhere (both editions, both languages)" \
	python3 "$top/tests/decisions.py" "$live_out"
for what in picks airflow policy excluded ties; do
	check "live: feasibility $what" \
		python3 "$top/tests/feasibility.py" "$what" "$live_out" "$live_data"
done
python3 "$top/tests/check_site.py" "$live_out" >"$tmp/live-site.txt" 2>&1
check "live: out/ well-formed, links resolve, images have alt" test $? -eq 0
check "live: the current edition's date is its newest price, benchmark or cloud row" \
	python3 - "$live_data" "$live_out/data/guide.json" <<'PY'
import csv, json, sys
dates = [r["date"] for f in ("prices.csv", "benchmarks.csv", "cloud.csv")
         for r in csv.DictReader(open(sys.argv[1] + "/" + f, encoding="utf-8"))]
sys.exit(0 if json.load(open(sys.argv[2]))["edition_date"] == max(dates) else 1)
PY
