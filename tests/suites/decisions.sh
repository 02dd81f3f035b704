[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# One decision per use case, the same everywhere (issue 39): the short
# answer, the pick table, recommendations.csv, requests.csv and the
# request PDFs, and the picker's data name the same build, in both
# editions and both languages (tests/decisions.py); the check fails on an
# output where two places disagree.
check "decisions: every place names the same build (both editions, both languages)" \
	python3 "$top/tests/decisions.py" "$out_dir"

# The check can fail: a copy of the output whose requests table serves a
# use case with another build, and one whose short answer names another.
dc_out="$tmp/decisions-out"
rm -rf "$dc_out" && cp -r "$out_dir" "$dc_out"
python3 - "$dc_out/data/requests.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
a, b = rows[0], rows[1]
moved = a["serves"].split()[0]
a["serves"] = " ".join(a["serves"].split()[1:]) or a["serves"]
b["serves"] += " " + moved
with open(sys.argv[1], "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
check "decisions: a request serving a use case another decision buys is caught" \
	sh -c "! python3 '$top/tests/decisions.py' '$dc_out' >/dev/null"
rm -rf "$dc_out" && cp -r "$out_dir" "$dc_out"
sed -i '2s/^[^,]*,/1x Another GPU,/' "$dc_out/zh-CN/data/short_answer.csv"
check "decisions: a short answer naming another build is caught (zh-CN)" \
	sh -c "! python3 '$top/tests/decisions.py' '$dc_out' >/dev/null"
rm -rf "$dc_out"

# The decision record in the export: buy is the best value unless the
# two finalists tie and the rule for ties bought the other one.
check "decisions: buy is the best value unless a tie rule bought the runner-up" python3 - "$out_dir/data/recommendations.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], encoding="utf-8")):
    if r.get("decision", "build") != "build":
        continue  # a machine or renting: no build bought
    if r["tie"] == "tie":
        ok = r["buy"] == r["tie_buy"] and r["best_value"] in (r["buy"], r["runner_up"])
    else:
        ok = r["buy"] == r["best_value"]
    if not ok:
        sys.exit("%s: buy %s, best value %s, tie %s" % (r["use_case"], r["buy"], r["best_value"], r["tie_buy"]))
PY

# --check runs the same compute path as generation (results.h): an input
# that only a computation of the former guide stage refused (a claim of
# the article naming a quantity no stage computes) is refused by --check
# too, at its cell, and by generation with the same message.
dc_ed="$tmp/decisions-check/2020-09"
rm -rf "$tmp/decisions-check" && mkdir -p "$tmp/decisions-check"
cp -r "$data_dir/2020-09" "$dc_ed"
sed -i '2s/,example:cycles_without,/,example:no_such_quantity,/' "$dc_ed/claims.csv"
"$bin" --check --data "$dc_ed" >"$tmp/decisions-check.out" 2>"$tmp/decisions-check.err"
check "--check refuses a bad claims.csv cell (a former guide-stage computation), exit 1" test $? -eq 1
check "--check names the claim's file, line and column" \
	grep -q "claims.csv:2:[0-9]*: " "$tmp/decisions-check.err"
"$bin" -q --data "$dc_ed" --out "$tmp/decisions-check/out" 2>"$tmp/decisions-gen.err"
check "generation refuses it, exit 1" test $? -eq 1
check "generation's message is --check's" cmp -s "$tmp/decisions-check.err" "$tmp/decisions-gen.err"
check "generation wrote no output" test ! -e "$tmp/decisions-check/out"
rm -rf "$tmp/decisions-check"
