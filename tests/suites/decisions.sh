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

# No answer is also an answer (issue 43, class 6): a use case that no
# build meets says so in words, with the reason, in the short answer, the
# pick table and the picker's data and words, in both languages.
na_data="$tmp/noanswer-data"
na_out="$tmp/noanswer-out"
rm -rf "$na_data" "$na_out" && mkdir -p "$na_data"
cp -r "$data_dir/current" "$na_data/current"
python3 - "$na_data/current/use_cases.csv" <<'PY'
import csv, io, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
h = rows[0]
for r in rows[1:]:
    if r[0] == "cv":
        r[h.index("min_memory_gb")] = "500"
out = io.StringIO(); csv.writer(out, lineterminator="\n").writerows(rows)
open(sys.argv[1], "w", encoding="utf-8").write(out.getvalue())
PY
"$real_bin" -q --data "$na_data" --out "$na_out" >"$tmp/noanswer.err" 2>&1
check "no answer: the short answer and the pick table say why, with the memory needed and the largest card (en)" \
	sh -c "test \$(grep -c '^| no build in this guide holds it: it needs 500 GB per card, and the largest card priced here has [0-9]* GB |\|| Computer vision | 500 GB | no limit | training speed | no build in this guide holds it: it needs 500 GB per card' '$na_out/guide.md') -eq 2"
check "no answer: the same in the Chinese edition" \
	sh -c "test \$(grep -c '本指南中没有配置装得下：每张卡需要 500 GB' '$na_out/zh-CN/guide.md') -eq 2"
check "no answer: the picker has the reason and its words (memory, largest card), both languages" \
	sh -c "grep -q '\"no_answer\": \"memory\"' '$na_out/data/picker-data.js' && grep -q '\"largest_memory_gb\": [0-9]' '$na_out/data/picker-data.js' && grep -q 'none.memory' '$na_out/assets/words-en.js' && grep -q 'none.memory' '$na_out/assets/words-zh-CN.js'"
check "no answer: one decision everywhere still" python3 "$top/tests/decisions.py" "$na_out"
rm -rf "$na_data" "$na_out"
