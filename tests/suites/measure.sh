[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Each use case is ranked on what it needs (issue 41, items 1, 2 and 5):
# use_cases.csv's measure column (training or decode) is refused at its
# cell when unknown or when decode names no text-generating LLM case; the
# decode use cases are ranked on decode tokens per second per dollar and
# say so; the unified-memory machines of machines.csv compete for them
# (never for training) and take the decision when they are better value;
# a fine-tuning case keeps the training headroom, not the serving one.
# On copies of the frozen current edition, named current.
ms_data="$tmp/measure-data"
ms_fresh() {
	rm -rf "$ms_data" && mkdir -p "$ms_data"
	cp -r "$data_dir/current" "$ms_data/current"
}
ms_row() { # the data row of use case $1 in use_cases.csv (1-based)
	python3 - "$ms_data/current/use_cases.csv" "$1" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
print([r[0] for r in rows].index(sys.argv[2]))
PY
}

# ---- the column is checked at its cell --------------------------------
ms_fresh
at=$(python3 "$top/tests/set_cell.py" "$ms_data/current/use_cases.csv" \
	"$(ms_row moe_120b)" measure speed)
refused_at_cell "measure: an unknown measure is refused at its cell, exit 1" \
	"$ms_data" "use_cases.csv:$at: .*measure"
ms_fresh
at=$(python3 "$top/tests/set_cell.py" "$ms_data/current/use_cases.csv" \
	"$(ms_row llm_qlora_70b)" measure decode)
refused_at_cell "measure: decode on a fine-tuning case (qlora) is refused at its cell" \
	"$ms_data" "use_cases.csv:$at: measure decode needs an LLM case"
ms_fresh
at=$(python3 "$top/tests/set_cell.py" "$ms_data/current/use_cases.csv" \
	"$(ms_row learning)" measure decode)
refused_at_cell "measure: decode on a use case without an LLM case is refused at its cell" \
	"$ms_data" "use_cases.csv:$at: measure decode needs an LLM case"

# ---- the frozen edition's decisions say what they are ranked on --------
check "measure: LLM inference, serving and long-context use cases are ranked on decode tokens/s, with the buy's speed and its source; training ones on training speed" \
	python3 - "$out_dir/data/recommendations.csv" "$data_dir/current/use_cases.csv" <<'PY'
import csv, sys
recs = {r["use_case"]: r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))}
cases = list(csv.DictReader(open(sys.argv[2], encoding="utf-8")))
decode = 0
for u in cases:
    r = recs[u["id"]]
    want = u.get("measure") or "training"
    assert r["ranked_on"] == want, (u["id"], r["ranked_on"], want)
    if want == "decode":
        decode += 1
        assert u["llm_mode"] in ("inference", "serve", "long"), u["id"]
        if r["buy"]:
            lo, v, hi = (float(r[k]) for k in ("buy_tokens_per_s_low",
                         "buy_tokens_per_s", "buy_tokens_per_s_high"))
            assert 0 < lo <= v <= hi, (u["id"], lo, v, hi)
            assert r["speed_source"] in ("measured", "modelled"), u["id"]
    else:
        assert r["buy_tokens_per_s"] == "" and r["decision"] != "machine", u["id"]
assert decode >= 4, decode
PY
check "measure: the pick table shows what each use case is ranked on, with the buy's speed, range and source (en, zh-CN)" \
	sh -c "grep -qE 'decode tokens/s, 8 users, [0-9,]+ tokens of context: [0-9.]+ \\([0-9.]+–[0-9.]+\\), (decode model|published runs)' '$out_dir/guide.md' \
	    && grep -qE '解码词元/秒，8 个用户，上下文 [0-9,]+ 个词元：[0-9.]+（[0-9.]+–[0-9.]+），(解码模型|公开实测)' '$out_dir/zh-CN/guide.md'"

# ---- a machine that is better value takes the decision -----------------
# The DGX Spark at 900 USD: better decode value than any card build for
# every LLM case it holds; never a pick for training.
ms_fresh
python3 - "$ms_data/current/machines.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
for r in rows[1:]:
    if r[0].startswith("NVIDIA DGX Spark"):
        r[rows[0].index("price")] = "900"
csv.writer(open(sys.argv[1], "w", encoding="utf-8"), lineterminator="\n").writerows(rows)
PY
ms_out="$tmp/measure-out"
rm -rf "$ms_out"
"$real_bin" -q --data "$ms_data" --out "$ms_out" >"$tmp/measure.err" 2>&1
check "measure: a cheap unified-memory machine takes the decode decisions it holds, never a training one" \
	python3 - "$ms_out/data/recommendations.csv" <<'PY'
import csv, sys
recs = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
machine = [r for r in recs if r["decision"] == "machine"]
assert machine, "no machine decision"
for r in machine:
    assert r["ranked_on"] == "decode" and r["buy"].startswith("NVIDIA DGX Spark"), r
assert any(r["use_case"] == "moe_120b" for r in machine)
for r in recs:
    if r["ranked_on"] == "training":
        assert r["decision"] != "machine", r["use_case"]
PY
check "measure: a machine decision is one decision everywhere (short answer, pick table, picker), with no purchase request" \
	python3 "$top/tests/decisions.py" "$ms_out"
check "measure: the short answer names the machine as a whole machine (en, zh-CN)" \
	sh -c "grep -q '^| NVIDIA DGX Spark (GB10) (a whole machine' '$ms_out/guide.md' \
	    && grep -q '^| NVIDIA DGX Spark (GB10)（统一内存整机' '$ms_out/zh-CN/guide.md' \
	    && ! ls '$ms_out/requests' | grep -qi spark"
check "measure: the measured runs of a machine price its decision (published runs, their range)" \
	python3 - "$ms_out/data/recommendations.csv" <<'PY'
import csv, sys
r = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8")) if r["use_case"] == "moe_120b"][0]
assert r["speed_source"] == "measured", r
assert float(r["buy_tokens_per_s_low"]) < float(r["buy_tokens_per_s"]) < float(r["buy_tokens_per_s_high"])
PY

# ---- fine-tuning keeps the training headroom ---------------------------
check "measure: QLoRA of a 70B model needs at most 48 GB per card (training headroom), so a 48 GB card competes" \
	python3 - "$out_dir/data/recommendations.csv" "$data_dir/current/gpus.csv" <<'PY'
import csv, sys
r = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8")) if r["use_case"] == "llm_qlora_70b"][0]
assert 40 <= float(r["min_memory_gb"]) <= 48, r["min_memory_gb"]
mem = {g["name"]: float(g["memory_gb"]) for g in csv.DictReader(open(sys.argv[2], encoding="utf-8"))}
import re
names = [re.sub(r"^\dx |( \(used\))$", "", r[k]) for k in ("buy", "runner_up") if r[k]]
assert any(mem[n] == 48 for n in names) or int(r["candidates"]) > 1, names
PY
rm -rf "$ms_data" "$ms_out"
