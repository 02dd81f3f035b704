[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/llmcontext.sh): LLM memory for long contexts and a team
# (issue 31, item 4).  The export's llm_context.csv is recomputed from
# llm_models.csv and assumptions.csv alone (weights, a KV cache per token,
# user and layer as the model's attention design caches it: sliding-window
# layers their window, latent attention its vector (issue 45), the
# overhead, in the GB cards are sized in), every
# column set in the edition is there, and a context beyond a model's
# published window is left empty.
python3 - "$out_dir/data/llm_context.csv" "$data_dir/current" >"$tmp/llmctx.log" 2>&1 <<'PY'
import csv, os, sys
sys.path.insert(0, os.path.join(os.environ.get("top", "."), "tests"))
from llm_kv import kv_bytes  # noqa: E402
out, data = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(open(out, encoding="utf-8")))
models = {m["name"]: m for m in csv.DictReader(open(data + "/llm_models.csv", encoding="utf-8"))}
a = {r["key"]: r["value"] for r in csv.DictReader(open(data + "/assumptions.csv", encoding="utf-8"))}
num = lambda k: float(a[k])
unit, kvb, over = num("llm_gpu_memory_unit"), num("llm_kv_bytes"), num("llm_inference_overhead_gb") * 1e9
cols = {"one_user_gb": (num("llm_context"), num("llm_batch")),
        "long_gb": (num("llm_context_long"), num("llm_batch")),
        "longest_gb": (num("llm_context_longest"), num("llm_batch")),
        "team_gb": (num("llm_context"), num("llm_serving_users")),
        "team_long_gb": (num("llm_context_long"), num("llm_serving_users"))}
if len(rows) < 9:
    sys.exit("only %d rows" % len(rows))
for r in rows:
    m = models[r["model"]]
    weights = float(m["params_b"]) * 1e9 * num("llm_bytes_per_param." + r["precision"])
    for col, (tokens, users) in cols.items():
        per_token = kv_bytes(m, tokens, kvb) / tokens
        beyond = m.get("max_context") and tokens > float(m["max_context"])
        if beyond:
            if r[col]:
                sys.exit("%s %s: %s beyond the window, got %s" % (r["model"], r["precision"], col, r[col]))
            continue
        want = (weights + per_token * tokens * users + over) / unit
        if not r[col] or abs(float(r[col]) - want) > 0.001:
            sys.exit("%s %s %s: %s, expected %.3f" % (r["model"], r["precision"], col, r[col], want))
print("%d rows" % len(rows))
PY
check "LLM context table: every cell recomputed from the data ($(tail -n 1 "$tmp/llmctx.log"))" test $? -eq 0
# a model whose window is shorter than a column leaves that cell empty
rm -rf "$tmp/llmctx-data" && mkdir -p "$tmp/llmctx-data" && cp -r "$data_dir/current" "$tmp/llmctx-data/current"
python3 - "$tmp/llmctx-data/current/llm_models.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
for r in rows:
    if r["name"] == "Llama 3.1 8B":
        r["max_context"] = "32768"
w = csv.DictWriter(open(sys.argv[1], "w", encoding="utf-8", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
"$bin" -q --lang en --data "$tmp/llmctx-data/current" --out "$tmp/llmctx-out" >/dev/null 2>&1
check "LLM context table: a window of 32768 tokens leaves the full-window cell empty and keeps the long one" \
	sh -c "grep -q '^Llama 3.1 8B,fp16,32768,[0-9.]*,[0-9.]*,,' '$tmp/llmctx-out/data/llm_context.csv'"
rm -rf "$tmp/llmctx-data/current" "$tmp/llmctx-out"

# A mixture of experts' active parameters cannot exceed its total: refused
# at the cell, exit 1.
rm -rf "$tmp/moe-data" && mkdir -p "$tmp/moe-data" && cp -r "$data_dir/current" "$tmp/moe-data/current"
sed -i 's/^gpt-oss-120b,120B MoE,116.8,5.1,/gpt-oss-120b,120B MoE,116.8,200,/' "$tmp/moe-data/current/llm_models.csv"
"$bin" -q --data "$tmp/moe-data/current" --out "$tmp/moe-out" >"$tmp/moe.err" 2>&1
check "llm_models.csv: active_params_b above params_b is refused at its cell, exit 1" \
	sh -c "test $? -eq 1 && grep -q 'llm_models.csv:[0-9]*:[0-9]*: active_params_b must be at most params_b' '$tmp/moe.err'"
rm -rf "$tmp/moe-data/current" "$tmp/moe-out"

# Unified-memory machines (issue 29, item 3): every model of the memory
# table at 4 bits against each machine's usable memory less the headroom,
# and the decode bound of its bandwidth, recomputed from the CSV files; a
# machine without a price says why.
python3 - "$out_dir/data" "$data_dir/current" >"$tmp/machines.log" 2>&1 <<'PY'
import csv, os, sys
sys.path.insert(0, os.path.join(os.environ.get("top", "."), "tests"))
from llm_kv import kv_bytes  # noqa: E402
out, data = sys.argv[1], sys.argv[2]
a = {r["key"]: float(r["value"]) for r in csv.DictReader(open(data + "/assumptions.csv", encoding="utf-8"))
     if r["key"].startswith("llm_")}
machines = {m["name"]: m for m in csv.DictReader(open(data + "/machines.csv", encoding="utf-8"))}
models = {m["name"]: m for m in csv.DictReader(open(data + "/llm_models.csv", encoding="utf-8")) if m["size_class"]}
unit, q4 = a["llm_gpu_memory_unit"], a["llm_bytes_per_param.q4"]
rows = list(csv.DictReader(open(out + "/machine_llm_fit.csv", encoding="utf-8")))
if len(rows) != len(machines) * len(models):
    sys.exit("%d rows for %d machines x %d models" % (len(rows), len(machines), len(models)))
for r in rows:
    m, x = models[r["model"]], machines[r["machine"]]
    kv_token = kv_bytes(m, a["llm_context"], a["llm_kv_bytes"]) / a["llm_context"]
    weights = float(m["params_b"]) * 1e9 * q4
    need = weights + kv_token * a["llm_context"] * a["llm_batch"] + a["llm_inference_overhead_gb"] * 1e9
    fits = need <= float(x["usable_gb"]) * unit * (1 - a["llm_memory_headroom"])
    if abs(float(r["need_gb"]) - need / unit) > 0.001 or r["fits"] != ("yes" if fits else "no"):
        sys.exit("%s %s: %s %s, expected %.3f %s" % (r["machine"], r["model"], r["need_gb"], r["fits"], need / unit, fits))
    read = weights * (float(m["active_params_b"]) / float(m["params_b"]) if m.get("active_params_b") else 1)
    bound = float(x["bandwidth_gbs"]) * 1e9 / (read + kv_token * a["llm_context"])
    if fits and abs(float(r["decode_bound_tps"]) - bound) > 0.05 + 1e-4 * bound:
        sys.exit("%s %s: bound %s, expected %.2f" % (r["machine"], r["model"], r["decode_bound_tps"], bound))
    if not fits and r["decode_bound_tps"]:
        sys.exit("%s %s: a bound for a model it cannot hold" % (r["machine"], r["model"]))
specs = list(csv.DictReader(open(out + "/machines.csv", encoding="utf-8")))
for s in specs:
    if not s["price_usd"] and not machines[s["machine"]]["note"].startswith("no price"):
        sys.exit("%s: no price without a reason" % s["machine"])
print("%d machines, %d rows" % (len(specs), len(rows)))
PY
check "machines: fits and decode bounds recomputed ($(tail -n 1 "$tmp/machines.log"))" test $? -eq 0
check "machines: both tables in both languages, each machine says what it cannot do" \
	sh -c "grep -q '^| Machine | Memory | For the accelerator |' '$out_dir/guide.md' && grep -q '^| Machine | Model | Memory needed (GB) | Holds it? |' '$out_dir/guide.md' && grep -q '| 加速器可用 |' '$out_dir/zh-CN/guide.md' && grep -q 'run CUDA software' '$out_dir/guide.md'"
# an empty price needs a note saying why
rm -rf "$tmp/mach-data" && mkdir -p "$tmp/mach-data" && cp -r "$data_dir/current" "$tmp/mach-data/current"
sed -i 's/^\("Mac Studio (M3 Ultra, 512 GB)",.*\),"no price: /\1,"/' "$tmp/mach-data/current/machines.csv"
"$bin" -q --data "$tmp/mach-data/current" --out "$tmp/mach-out" >"$tmp/mach.err" 2>&1
check "machines.csv: an empty price without a 'no price' note is refused at its cell, exit 1" \
	sh -c "test $? -eq 1 && grep -q 'machines.csv:5:[0-9]*: an empty price needs a note' '$tmp/mach.err'"
rm -rf "$tmp/mach-data/current" "$tmp/mach-out"

# Measured decode of the machines (issue 42, item 4): every row of
# machine_measurements.csv is in the export with its value, the bound of
# the machine's bandwidth for that model, format and cached tokens
# recomputed from the CSV files, and the share of it the run reached;
# both languages show the table; a row naming an unknown machine is
# refused at its cell.
python3 - "$out_dir/data" "$data_dir/current" >"$tmp/machmeas.log" 2>&1 <<'PY'
import csv, os, sys
sys.path.insert(0, os.path.join(os.environ.get("top", "."), "tests"))
from llm_kv import kv_bytes  # noqa: E402
out, data = sys.argv[1], sys.argv[2]
a = {r["key"]: r["value"] for r in csv.DictReader(open(data + "/assumptions.csv", encoding="utf-8"))}
machines = {m["name"]: m for m in csv.DictReader(open(data + "/machines.csv", encoding="utf-8"))}
models = {m["name"]: m for m in csv.DictReader(open(data + "/llm_models.csv", encoding="utf-8"))}
src = list(csv.DictReader(open(data + "/machine_measurements.csv", encoding="utf-8")))
rows = list(csv.DictReader(open(out + "/machine_llm_measured.csv", encoding="utf-8")))
if len(rows) != len(src) or not src:
    sys.exit("%d rows for %d measurements" % (len(rows), len(src)))
for s, r in zip(src, rows):
    m, x = models[s["model"]], machines[s["machine"]]
    if (r["machine"], r["model"], r["precision"]) != (s["machine"], s["model"], s["precision"]):
        sys.exit("row order: %s / %s" % (r, s))
    if abs(float(r["measured_tps"]) - float(s["value"])) > 0.005:
        sys.exit("%s %s: measured %s, data %s" % (s["machine"], s["model"], r["measured_tps"], s["value"]))
    weights = float(m["params_b"]) * 1e9 * float(a["llm_bytes_per_param." + s["precision"]])
    read = weights * (float(m["active_params_b"]) / float(m["params_b"]) if m.get("active_params_b") else 1)
    bound = float(x["bandwidth_gbs"]) * 1e9 / (read + kv_bytes(m, float(s["context"]), float(a["llm_kv_bytes"])))
    if abs(float(r["decode_bound_tps"]) - bound) > 0.05 + 1e-4 * bound:
        sys.exit("%s %s: bound %s, expected %.2f" % (s["machine"], s["model"], r["decode_bound_tps"], bound))
    share = float(s["value"]) / bound
    if abs(float(r["share_of_bound"]) - share) > 0.001 or share > 1:
        sys.exit("%s %s: share %s, expected %.3f" % (s["machine"], s["model"], r["share_of_bound"], share))
print("%d measured runs, %.0f%%-%.0f%% of the bound" % (len(rows), 100 * min(float(r["share_of_bound"]) for r in rows), 100 * max(float(r["share_of_bound"]) for r in rows)))
PY
check "machines: measured decode beside the recomputed bound ($(tail -n 1 "$tmp/machmeas.log"))" test $? -eq 0
check "machines: the measured table in both languages" \
	sh -c "grep -q '^| Machine | Model | Program | Measured tokens/s (date) |' '$out_dir/guide.md' && grep -q '| 实测每秒词元数（日期） |' '$out_dir/zh-CN/guide.md'"
rm -rf "$tmp/mm-data" && mkdir -p "$tmp/mm-data" && cp -r "$data_dir/current" "$tmp/mm-data/current"
sed -i '2s/^NVIDIA DGX Spark (GB10),/NVIDIA DGX Spork (GB10),/' "$tmp/mm-data/current/machine_measurements.csv"
"$bin" -q --data "$tmp/mm-data/current" --out "$tmp/mm-out" >"$tmp/mm.err" 2>&1
check "machine_measurements.csv: an unknown machine is refused at its cell, exit 1" \
	sh -c "test $? -eq 1 && grep -q 'machine_measurements.csv:2:1: unknown machine' '$tmp/mm.err'"
rm -rf "$tmp/mm-data/current" "$tmp/mm-out"

# Decode speed per recommended build (issue 29, item 4): one-GPU builds
# list exactly the models they hold at 4 bits; a measured cell is the
# published figure of that card and model; predicted cells of one build
# scale with the bytes read per token (the bandwidth model).
python3 - "$out_dir/data" "$data_dir/current" >"$tmp/speed.log" 2>&1 <<'PY'
import csv, os, sys
sys.path.insert(0, os.path.join(os.environ.get("top", "."), "tests"))
from llm_kv import kv_bytes  # noqa: E402
out, data = sys.argv[1], sys.argv[2]
a = {r["key"]: float(r["value"]) for r in csv.DictReader(open(data + "/assumptions.csv", encoding="utf-8")) if r["key"].startswith("llm_")}
gpus = {g["name"]: g for g in csv.DictReader(open(data + "/gpus.csv", encoding="utf-8"))}
models = {m["name"]: m for m in csv.DictReader(open(data + "/llm_models.csv", encoding="utf-8")) if m["size_class"]}
# the newest run of each card and model (the first of its date)
meas, when = {}, {}
for x in csv.DictReader(open(data + "/llm_measurements.csv", encoding="utf-8")):
    k = (x["gpu"], x["model"])
    if x["quantity"] == "tokens_per_s" and x["precision"] in ("q4", "q4_k_m") and (k not in when or x["date"] > when[k]):
        meas[k], when[k] = float(x["value"]), x["date"]
unit, q4, kvb = a["llm_gpu_memory_unit"], a["llm_bytes_per_param.q4"], a["llm_kv_bytes"]
def kv(m, t): return kv_bytes(m, t, kvb)
def need(m): return float(m["params_b"]) * 1e9 * q4 + kv(m, a["llm_context"]) * a["llm_batch"] + a["llm_inference_overhead_gb"] * 1e9
def read(m):
    w = float(m["params_b"]) * 1e9 * q4
    if m.get("active_params_b"):
        w *= float(m["active_params_b"]) / float(m["params_b"])
    return w + kv(m, a["llm_context"])
rows = list(csv.DictReader(open(out + "/llm_build_speed.csv", encoding="utf-8")))
builds = {}
for r in rows:
    builds.setdefault(r["build"], []).append(r)
checked = 0
for b, rs in builds.items():
    n, gpu = b.split("x ", 1)
    gpu = gpu.replace(" (used)", "")
    if n == "1":
        room = float(gpus[gpu]["memory_gb"]) * unit * (1 - a["llm_memory_headroom"])
        want = sorted(m for m in models if need(models[m]) <= room)
        if sorted(r["model"] for r in rs) != want:
            sys.exit("%s: models %s, expected %s" % (b, [r["model"] for r in rs], want))
    pred = [r for r in rs if r["basis"] == "predicted"]
    for r in rs:
        if r["basis"] == "measured":
            if n != "1" or abs(float(r["tokens_per_s"]) - meas[(gpu, r["model"])]) > 0.05:
                sys.exit("%s %s: measured %s" % (b, r["model"], r["tokens_per_s"]))
            checked += 1
    for x, y in zip(pred, pred[1:]):
        ratio = float(x["tokens_per_s"]) / float(y["tokens_per_s"])
        want = read(models[y["model"]]) / read(models[x["model"]])
        # the export rounds to 0.1 token/s: allow that on the smaller
        if abs(ratio / want - 1) > 0.002 + 0.06 / min(float(x["tokens_per_s"]), float(y["tokens_per_s"])):
            sys.exit("%s: %s / %s = %.3f, bytes say %.3f" % (b, x["model"], y["model"], ratio, want))
        checked += 1
print("%d builds, %d cells checked" % (len(builds), checked))
PY
check "decode speed per build: models held, measured cells, predicted ratios ($(tail -n 1 "$tmp/speed.log"))" test $? -eq 0
check "decode speed per build: in both languages" \
	sh -c "grep -q '^| Build | Model | Tokens/s | Basis |' '$out_dir/guide.md' && grep -q '| 词元/秒 |' '$out_dir/zh-CN/guide.md'"
