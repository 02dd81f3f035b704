[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/candidates.sh): the wider 2026 candidate set and the regional
# markets (issue 29, items 2, 3 and 7).  Figures are recomputed here from
# data/current and out/, not copied from the program's earlier output.

cout="$out_dir"
cdata="$data_dir/current"

# Every new candidate is a gpus.csv row with a source and an address,
# and is shown in both languages' guide.
for gpu_name in "GH200 96GB" "GH200 144GB" "B300" "H100 NVL" "H200 NVL" "MI325X" \
	"MI355X" "RTX PRO 4500 Blackwell" "RTX PRO 5000 Blackwell" \
	"RTX PRO 6000 Blackwell Max-Q" "RTX PRO 6000 Blackwell Server" \
	"Radeon AI PRO R9700" "Arc Pro B60"; do
	check "$gpu_name: a gpus.csv row with source, address and date" python3 - "$cdata/gpus.csv" "$gpu_name" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["name"] == sys.argv[2]]
ok = len(rows) == 1 and all(rows[0][k].strip() for k in ("source", "url", "date", "precision_source"))
sys.exit(0 if ok else "missing or unsourced")
PY
	check "$gpu_name: in the English and the Chinese guide" \
		sh -c "grep -q -- '$gpu_name' '$cout/guide.md' && grep -q -- '$gpu_name' '$cout/zh-CN/guide.md'"
done
# A figure of a new candidate that is derived (a rate times a clock, a
# TOPS figure divided), recalled or assumed rather than read says so: its
# note starts with "estimate:".
check "derived, recalled or assumed spec figures of the new candidates are marked as estimates" python3 - "$cdata/gpus.csv" <<'PY'
import csv, re, sys
new = {"GH200 96GB", "GH200 144GB", "B300", "H100 NVL", "H200 NVL", "MI325X", "MI355X",
       "RTX PRO 4500 Blackwell", "RTX PRO 5000 Blackwell", "RTX PRO 6000 Blackwell Max-Q",
       "RTX PRO 6000 Blackwell Server", "Radeon AI PRO R9700", "Arc Pro B60"}
bad = [r["name"] for r in csv.DictReader(open(sys.argv[1]))
       if r["name"] in new and re.search(r"derived|recalled|assumed|halved", r["note"])
       and not r["note"].startswith("estimate:")]
sys.exit("not marked: %s" % bad if bad else 0)
PY

# New measurements: the GH200 is rated from its own Lambda runs on both
# workloads, the H200 NVL from its 8-GPU runs on CNNs; no H200 NVL
# bert_base_squad 8-GPU row is in the data (superlinear, no one-GPU
# partner to catch it).
basis_of() {
	python3 - "$cout/data/performance.csv" "$1" "$2" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["gpu"] == sys.argv[2]:
        print(r[sys.argv[3] + "_basis"])
PY
}
check "GH200 96GB measured on CNNs" test "$(basis_of "GH200 96GB" cnn)" != modelled
check "GH200 96GB measured on transformers" test "$(basis_of "GH200 96GB" transformer)" != modelled
check "H200 NVL measured on CNNs" test "$(basis_of "H200 NVL" cnn)" != modelled
check "RTX 5090 measured on CNNs" test "$(basis_of "RTX 5090" cnn)" != modelled
check "no H200 NVL bert_base_squad 8-GPU row" \
	sh -c "! grep -q '^H200 NVL,8,[^,]*,bert_base_squad,' '$cdata/benchmarks.csv'"

# Regional markets: the guide names every card whose own-market street
# price differs from its dollar price converted by more than
# regional_gap_min, each gap consistent with the two amounts it prints,
# and each named card has a euro or yuan row in prices.csv.  (zh-CN is
# priced for its market, markets.csv: it ranks by the yuan rows, so it
# has no gap to explain; suite market checks its prices.)
for lang in en; do
	g="$cout/guide.md"
	[ "$lang" = zh-CN ] && g="$cout/zh-CN/guide.md"
	check "$lang: regional market gaps named, each above the threshold and consistent" python3 - "$g" "$cdata" "$lang" <<'PY'
import csv, re, sys
guide, data, lang = sys.argv[1:4]
a = {r["key"]: r["value"] for r in csv.DictReader(open(data + "/assumptions.csv"))}
gap = float(a["regional_gap_min"])
text = open(guide).read()
lead = "Where a card's own market differs" if lang == "en" else "以下显卡的本地市场价格"
if lead not in text:
    sys.exit("no regional gap sentence")
sentence = text[text.index(lead):].split("\n")[0]
items = re.findall(r"([€¥])([\d,]+)[^≈]*≈[€¥]([\d,]+)[)）]?\s*[(（]([+−-]?\d+)%", sentence)
if not items:
    sys.exit("no gap items in: " + sentence[:200])
native = {r["gpu"] for r in csv.DictReader(open(data + "/prices.csv")) if r["currency"] in ("EUR", "CNY")}
for sym, n, conv, pct in items:
    n, conv = float(n.replace(",", "")), float(conv.replace(",", ""))
    want = round(100 * (n / conv - 1))
    got = int(pct.replace("−", "-").replace("+", ""))
    if abs(want - got) > 1 or abs(got) <= 100 * gap:
        sys.exit("gap %s%s against %s: printed %s%%, computed %s%%" % (sym, n, conv, got, want))
named = [g for g in native if g in sentence]
if "RTX PRO 6000 Blackwell" not in named:
    sys.exit("RTX PRO 6000 Blackwell (euro street price far above its dollar list price) not named")
PY
done
check "zh-CN: a native yuan street price is shown with its dollar conversion" \
	grep -q '¥7,575（¥7,500–¥7,650' "$cout/zh-CN/guide.md"

# Every GPU the model rates but no chart can price is named under the
# one-GPU per-dollar chart, with its gpus.csv no_price reason when given.
check "rated GPUs without a dollar price are named, with their reasons" python3 - "$cout/data/performance.csv" "$cout/data/per_dollar_1gpu.csv" "$cdata/gpus.csv" "$cout/guide.md" "$top/templates/en/strings.csv" <<'PY'
import csv, sys
perf, pd, gpus, guide, strings = sys.argv[1:6]
rated = {r["gpu"] for r in csv.DictReader(open(perf))
         if r["cnn_basis"] != "not rated" or r["transformer_basis"] != "not rated"}
priced = {r["gpu"].replace(" (used)", "") for r in csv.DictReader(open(pd))}
words = {r["key"]: r["value"] for r in csv.DictReader(open(strings))}
reason = {r["name"]: words["price.no_price." + r["no_price"]] if r.get("no_price") else ""
          for r in csv.DictReader(open(gpus))}
text = open(guide).read()
at = text.index("Rated in the performance table but in no chart here")
para = text[at:].split("\n")[0]
bad = []
for g in sorted(rated - priced):
    if g not in para:
        bad.append(g + " not named")
    elif reason.get(g) and reason[g].split(";")[0] not in para:
        bad.append(g + ": reason missing")
for g in priced:
    if g + " (" in para or ("; " + g + ";") in para:
        bad.append(g + " priced but named as unpriced")
sys.exit("; ".join(bad) if bad else 0)
PY

# A no_price reason outside the list is refused at its cell.
rm -rf "$tmp/np-data" && mkdir -p "$tmp/np-data" && cp -r "$cdata" "$tmp/np-data/current"
sed -i 's/,server-only$/,sold out/' "$tmp/np-data/current/gpus.csv"
refused_at_cell "gpus.csv: an unknown no_price reason is refused at its cell, exit 1" \
	"$tmp/np-data/current" "gpus.csv:[0-9]*:[0-9]*: no_price .sold out. is not one of"
rm -rf "$tmp/np-data/current"
