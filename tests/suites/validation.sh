# Sourced by tests/run.sh: the model's validation is reported whole, and a
# benchmark row that measures the input pipeline is left out of the fit
# with its reason (issue 30).  Figures are recomputed here from
# out/data/validation.csv, not copied from the program's earlier output.

vout="$tmp/validation"
"$bin" -q --out "$vout"
vsum="$vout/data/validation_summary.csv"
vrows="$vout/data/validation.csv"
check "validation summary and rows exported" test -s "$vsum" -a -s "$vrows"

# worst |error| over every validated row of workload $1, from the rows
worst_of() {
	awk -F, -v w="$1" 'NR > 1 && $2 == w { e = $9 < 0 ? -$9 : $9; if (e > m) m = e; n++ }
		END { if (n == 0) exit 1; printf "%.4f\n", m }' "$vrows"
}
rows_of() { awk -F, -v w="$1" 'NR > 1 && $2 == w { n++ } END { print n + 0 }' "$vrows"; }
# column $2 of the summary row of workload $1, by header name
summary_of() {
	awk -F, -v w="$1" -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next }
		$1 == w { print $at[c] }' "$vsum"
}
for w in cnn transformer; do
	worst=$(worst_of "$w")
	check "$w: validation rows are there" test -n "$worst"
	check "$w: the summary's worst over all GPUs is the rows' worst ($worst)" \
		test "$(summary_of "$w" all_max_abs_error)" = "$worst"
	counted=$(summary_of "$w" gpus_validated)
	alone=$(summary_of "$w" gpus_alone_in_family)
	check "$w: counted + alone in family = every validated row" \
		test "$((counted + alone))" = "$(rows_of "$w")"
done

# Every GPU left out of the summary is named beside it in the guide.
for name in $(awk -F, 'NR > 1 && $10 == "alone_in_family" { gsub(/ /, "_", $1); print $1 }' "$vrows" | sort -u); do
	check "guide names $name as not counted" \
		sh -c "grep -o 'Not counted in these[^<]*' '$vout/index.html' | tr ' ' _ | grep -q -- '$name'"
done

# The B200's one-node ResNet-50 and SSD runs tie the H200's although the
# B200 has 1.67x its bandwidth and 2.3x its tensor rate, and its BERT run
# is 1.49x the H200's: they measure the input pipeline.
bound() { grep -c ",model.unused.pipeline_bound," "$1/data/excluded_rows.csv"; }
check "B200 ResNet-50 run left out as pipeline-bound" \
	grep -q '^B200,resnet50,lambda-pytorch-v2,fp16,1,.*,model.unused.pipeline_bound,' \
	"$vout/data/excluded_rows.csv"
check "B200 SSD run left out as pipeline-bound" \
	grep -q '^B200,ssd,lambda-pytorch-v2,fp16,1,.*,model.unused.pipeline_bound,' \
	"$vout/data/excluded_rows.csv"
check "the pipeline-bound reason is worded in the reference page" \
	grep -q 'measures the input pipeline' "$vout/reference.html"

# Without the B200's faster BERT runs there is no evidence that the tie is
# the pipeline's: nothing of the B200 is marked.
ved="$tmp/validation-ed"
cp -r "$top/data/current" "$ved"
grep -v '^B200,[^,]*,[^,]*,[^,]*,transformer,' "$top/data/current/benchmarks.csv" \
	>"$ved/benchmarks.csv"
"$bin" -q --data "$ved" --out "$tmp/validation-nobert"
check "no B200 row is pipeline-bound without its BERT evidence" \
	sh -c "! grep -q '^B200,.*,model.unused.pipeline_bound,' '$tmp/validation-nobert/data/excluded_rows.csv'"
# An edition without the two assumptions marks nothing.
grep -v '^pipeline_bound\.' "$top/data/current/assumptions.csv" >"$ved/assumptions.csv"
cp "$top/data/current/benchmarks.csv" "$ved/benchmarks.csv"
"$bin" -q --data "$ved" --out "$tmp/validation-nokeys"
check "without the pipeline_bound keys no row is marked" \
	test "$(bound "$tmp/validation-nokeys")" = 0
check "with them, some row is" test "$(bound "$vout")" -gt 0

# Both model forms are compared on the same GPUs, one is used per
# workload, and the used form's worst error by refitting agrees with the
# summary's, which comes from the linear-time leave-one-out.
forms="$vout/data/model_forms.csv"
check "model forms compared in the export" test -s "$forms"
for w in cnn transformer; do
	check "$w: both forms held out on the same number of GPUs" \
		test "$(awk -F, -v w="$w" '$1 == w { print $3 }' "$forms" | sort -u | wc -l)" = 1
	check "$w: exactly one form used" \
		test "$(awk -F, -v w="$w" '$1 == w && $6 == "yes"' "$forms" | wc -l)" = 1
	check "$w: the used form's worst (refit) is the summary's worst" \
		test "$(awk -F, -v w="$w" '$1 == w && $6 == "yes" { print $5 }' "$forms")" = \
		"$(summary_of "$w" all_max_abs_error)"
done
check "forms compared in the English guide" grep -q 'Both model forms' "$vout/index.html"
check "forms compared in the Chinese guide" grep -q '两种模型形式' "$vout/zh-CN/index.html"
check "forms compared in the 2020-09 guide" grep -q 'Both model forms' "$vout/2020-09/index.html"

# No build scales beyond linear: a multi-GPU benchmark faster than its
# GPU alone times their number (the Lambda bert_base_squad rows at 8 GPUs:
# 1.3x to 2.7x linear) measures something else, is listed as left out
# (superlinear), and feeds neither the scaling nor the fit; every
# build's performance is at most n times its one-GPU build's.
check "scaling: every pair above scaling_max_efficiency is left out as superlinear, none below" python3 - "$top/data/current" "$top/out/data/excluded_rows.csv" <<'PY'
import csv, sys
data, excl = sys.argv[1], sys.argv[2]
a = {r["key"]: r["value"] for r in csv.DictReader(open(data + "/assumptions.csv"))}
cap = float(a["scaling_max_efficiency"])
rows = list(csv.DictReader(open(data + "/benchmarks.csv")))
one = {}
for r in rows:
    if r["gpu_count"] == "1":
        one[(r["gpu"], r["network"], r["precision"], r["source"], float(r["batch_size"]))] = float(r["throughput"])
want = set()
for r in rows:
    n = int(r["gpu_count"])
    if n < 2:
        continue
    s = one.get((r["gpu"], r["network"], r["precision"], r["source"], float(r["batch_size"]) / n))
    if s and float(r["throughput"]) / (n * s) > cap:
        want.add((r["gpu"], r["network"], r["gpu_count"], r["date"]))
got = {(r["gpu"], r["network"], r["gpu_count"], r["date"]) for r in csv.DictReader(open(excl)) if r["reason"] == "model.unused.superlinear"}
sys.exit(0 if got == want and len(want) >= 10 else "superlinear rows %s, expected %s" % (sorted(got ^ want), len(want)))
PY
check "scaling: no build is faster than n times its one-GPU build, on either workload" python3 - "$top/out/data/builds.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
one = {r["gpu"]: r for r in rows if r["gpu_count"] == "1"}
for r in rows:
    n, base = int(r["gpu_count"]), one.get(r["gpu"])
    for w in ("performance_cnn", "performance_transformer"):
        if base and base[w] and r[w] and float(r[w]) > n * float(base[w]) * 1.0001:
            sys.exit("%sx %s: %s %s > %d x %s" % (n, r["gpu"], w, r[w], n, base[w]))
PY
