[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/market.sh): a market
# beside a language (issue 46).  markets.csv gives the Chinese market
# (language zh-CN): its central-parity rate, VAT, household tariff and
# circuits; market_cloud.csv its cloud offers.  The zh-CN edition
# computes with them (every running cost, payback, circuit, cloud
# comparison and request), the English edition with the US figures of
# assumptions.csv and cloud.csv; without markets.csv both editions give
# the same numbers.  On copies of the frozen current edition.
mk_data="$tmp/market-data"
mk_out="$tmp/market-out"
mk_fresh() {
	rm -rf "$mk_data" "$mk_out" && mkdir -p "$mk_data"
	cp -r "$data_dir/current" "$mk_data/current"
}
# mk_set KEY VALUE: the cn market's KEY row gets VALUE; prints line:col.
mk_set() {
	python3 "$top/tests/set_cell.py" "$mk_data/current/markets.csv" \
		"$(python3 -c "
import csv, sys
rows = list(csv.reader(open('$mk_data/current/markets.csv', encoding='utf-8')))
print([i for i, r in enumerate(rows) if r[:2] == ['cn', '$1']][0])")" value "$2"
}
mk_gen() { "$real_bin" -q --data "$mk_data" --out "$1" >"$tmp/market.err" 2>&1; }

# ---- the market's figures reach the zh-CN edition, and only it --------
mk_fresh
mk_gen "$tmp/market-base"
mk_set kwh_price 1.08 >/dev/null
mk_gen "$tmp/market-tariff"
check "market: the editions are written (frozen current, and with the cn tariff doubled)" \
	test -f "$tmp/market-base/zh-CN/guide.md" -a -f "$tmp/market-tariff/zh-CN/guide.md"
check "market: doubling the cn tariff leaves the English edition's guide and data unchanged" \
	sh -c "cmp -s '$tmp/market-base/guide.md' '$tmp/market-tariff/guide.md' &&
	       diff -r -x previous.json -x changes.csv '$tmp/market-base/data' '$tmp/market-tariff/data'"
check "market: doubling the cn tariff doubles every zh-CN build's electricity a year, and moves its paybacks" \
	python3 - "$tmp/market-base/zh-CN/data" "$tmp/market-tariff/zh-CN/data" <<'PY'
import csv, sys
a = list(csv.DictReader(open(sys.argv[1] + "/builds.csv", encoding="utf-8")))
b = list(csv.DictReader(open(sys.argv[2] + "/builds.csv", encoding="utf-8")))
assert len(a) == len(b) > 10
for x, y in zip(a, b):
    e0, e1 = float(x["electricity_usd_per_year"]), float(y["electricity_usd_per_year"])
    assert abs(e1 - 2 * e0) <= 0.011, (x["gpu"], e0, e1)
ca = open(sys.argv[1] + "/rent_or_buy.csv", encoding="utf-8").read()
cb = open(sys.argv[2] + "/rent_or_buy.csv", encoding="utf-8").read()
assert ca != cb
PY
check "market: the zh-CN worked example prices electricity at the cn tariff (¥0.54 per kWh; ¥1.08 when doubled)" \
	sh -c "grep -q '按每 kWh ¥0.54 计算' '$tmp/market-base/zh-CN/guide.md' &&
	       grep -q '按每 kWh ¥1.08 计算' '$tmp/market-tariff/zh-CN/guide.md' &&
	       ! grep -q '¥0.54' '$tmp/market-base/guide.md'"
check "market: zh-CN names the Chinese household circuits (220 V / 10 A and 16 A), English the US and European ones" \
	sh -c "grep -q '中国，220 V / 10 A' '$tmp/market-base/zh-CN/guide.md' &&
	       grep -q '中国，220 V / 16 A' '$tmp/market-base/zh-CN/guide.md' &&
	       ! grep -q '北美，120 V' '$tmp/market-base/zh-CN/guide.md' &&
	       grep -q 'North America, 120 V' '$tmp/market-base/guide.md' &&
	       ! grep -q 'China, 220 V' '$tmp/market-base/guide.md'"
check "market: zh-CN weighs builds against the cn market's cloud offers only, English against cloud.csv's only" \
	python3 - "$tmp/market-base" "$mk_data/current" <<'PY'
import csv, sys
out, data = sys.argv[1], sys.argv[2]
cn = {r["provider"] for r in csv.DictReader(open(data + "/market_cloud.csv", encoding="utf-8")) if r["market"] == "cn"}
us = {r["provider"] for r in csv.DictReader(open(data + "/cloud.csv", encoding="utf-8"))}
assert cn and not (cn & us)
zh = list(csv.DictReader(open(out + "/zh-CN/data/cloud.csv", encoding="utf-8")))
en = list(csv.DictReader(open(out + "/data/cloud.csv", encoding="utf-8")))
assert zh and en
assert all(r["provider"] in cn for r in zh), {r["provider"] for r in zh}
assert all(r["provider"] in us for r in en), {r["provider"] for r in en}
PY

# ---- money in yuan that adds up -----------------------------------------
check "market: a zh-CN build is its cards (the yuan rows' median, else dollars with 13% VAT) plus every other line with VAT" \
	python3 - "$tmp/market-base" "$mk_data/current" <<'PY'
import csv, sys
out, data = sys.argv[1], sys.argv[2]
m = {r["key"]: r["value"] for r in csv.DictReader(open(data + "/markets.csv", encoding="utf-8")) if r["market"] == "cn"}
fx, vat = float(m["fx_per_usd"]), float(m["vat"])
yuan = {}
for r in csv.DictReader(open(data + "/prices.csv", encoding="utf-8")):
    if r["currency"] == "CNY":
        yuan.setdefault((r["gpu"], r["condition"]), []).append(float(r["price"]))
en = {r["build"]: r for r in csv.DictReader(open(out + "/data/per_dollar.csv", encoding="utf-8"))}
zh = {r["build"]: r for r in csv.DictReader(open(out + "/zh-CN/data/per_dollar.csv", encoding="utf-8"))}
assert set(en) == set(zh) and len(zh) > 20
native = 0
for k, z in zh.items():
    e, n = en[k], int(z["gpu_count"])
    rest_en = float(e["system_cost_usd"]) - n * float(e["gpu_price_usd"])
    rest_zh = float(z["system_cost_usd"]) - n * float(z["gpu_price_usd"])
    # each line in whole yuan: half a yuan a unit at most
    assert abs(rest_zh - rest_en * (1 + vat)) <= 0.08 * (n + 3), (k, rest_en, rest_zh)
    card = float(z["gpu_price_usd"])
    rows = yuan.get((z["gpu"], z["price_condition"]))
    if rows and min(rows) - 0.01 <= card * fx <= max(rows) + 0.01:
        native += 1
    else:
        assert abs(card - float(e["gpu_price_usd"]) * (1 + vat)) <= 0.011, (k, card)
assert native > 0  # the used RTX 3090: its two yuan rows
PY
check "market: the used RTX 3090 costs ¥7,575 as a card and its system adds up in yuan (zh-CN pick tables)" \
	python3 - "$tmp/market-base/zh-CN/data/per_dollar_1gpu.csv" "$mk_data/current/markets.csv" <<'PY'
import csv, sys
fx = [float(r["value"]) for r in csv.DictReader(open(sys.argv[2], encoding="utf-8")) if r["key"] == "fx_per_usd"][0]
r = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8")) if r["build"] == "1x RTX 3090 (used)"][0]
assert round(float(r["gpu_price_usd"]) * fx) == 7575, r
PY
check "market: zh-CN money is the reader's: no 'US dollars beside' and no converted mark on a build's cost" \
	sh -c "grep -q '| RTX 3090（二手） | ¥12,888 |' '$tmp/market-base/zh-CN/guide.md'"

# ---- a rent decision rests on an offer a reader can book ----------------
check "market: no zh-CN rent decision or cloud comparison rests on an offer whose note starts 'unverified' (智星云's nominal prices)" \
	python3 - "$tmp/market-base/zh-CN/data" "$mk_data/current/market_cloud.csv" <<'PY'
import csv, sys
unv = {r["instance"] for r in csv.DictReader(open(sys.argv[2], encoding="utf-8")) if r["note"].startswith("unverified")}
assert unv
rb = list(csv.DictReader(open(sys.argv[1] + "/rent_or_buy.csv", encoding="utf-8")))
rec = list(csv.DictReader(open(sys.argv[1] + "/recommendations.csv", encoding="utf-8")))
assert any(r["decision"] == "rent" for r in rec)
assert not [r for r in rb if r["instance"] in unv], [r["instance"] for r in rb]
assert not [r for r in rec if r["rent_instance"] in unv]
PY
check "market: the zh-CN worked example rents from the market's offers (AutoDL), not from cloud.csv (RunPod), and prices the desktop as its build" \
	sh -c "grep -q '^拿一台 ¥17,606 的台式机和 AutoDL RTX 4090 24GB' '$tmp/market-base/zh-CN/guide.md' &&
	       ! grep -q 'RunPod RTX 4090 (Secure Cloud) 实例' '$tmp/market-base/zh-CN/guide.md'"
check "market: zh-CN budget tiers are the market's round yuan (¥7,000 ... ¥35,000), named so, English keeps its dollars" \
	sh -c "grep -q '^| 整机预算 7,000 元 | 8 GB | ¥7,000 |' '$tmp/market-base/zh-CN/guide.md' &&
	       grep -q '^| 整机预算 35,000 元 | 16 GB | ¥35,000 |' '$tmp/market-base/zh-CN/guide.md' &&
	       grep -q '^| 学习深度学习 | 16 GB | ¥17,000 |' '$tmp/market-base/zh-CN/guide.md' &&
	       grep -q 'A whole system for \\\$1,000 | 8 GB | \\\$1,000 |' '$tmp/market-base/guide.md'"
check "market: a converted card price is marked ≈ in zh-CN, a card from its yuan rows is not" \
	sh -c "grep -q '≈¥66,428（' '$tmp/market-base/zh-CN/guide.md' &&
	       grep -q '| RTX 3090（二手） | 24 GB | ¥7,575（' '$tmp/market-base/zh-CN/guide.md'"
mk_fresh
python3 - "$mk_data/current/market_cloud.csv" <<'PY'
import csv, io, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
for r in rows[1:]:
    r[-1] = "unverified: test; " + r[-1]
o = io.StringIO(); csv.writer(o, lineterminator="\n").writerows(rows)
open(sys.argv[1], "w", encoding="utf-8").write(o.getvalue())
PY
mk_gen "$tmp/market-unverified"
check "market: with every market offer unverified the zh-CN edition rents nothing (the English edition is unchanged)" \
	python3 - "$tmp/market-unverified" "$tmp/market-base" <<'PY'
import csv, sys
rec = list(csv.DictReader(open(sys.argv[1] + "/zh-CN/data/recommendations.csv", encoding="utf-8")))
assert rec and not [r for r in rec if r["decision"] == "rent"], [r["use_case"] for r in rec if r["decision"] == "rent"]
assert open(sys.argv[1] + "/guide.md", encoding="utf-8").read() == open(sys.argv[2] + "/guide.md", encoding="utf-8").read()
PY
mk_fresh
at=$(mk_set budget.budget_1000 8000)
mk_gen "$tmp/market-budget"
check "market: the cn budget row moves only the zh-CN edition's budget (¥8,000)" \
	sh -c "grep -q '| ¥8,000 |' '$tmp/market-budget/zh-CN/guide.md' &&
	       cmp -s '$tmp/market-base/guide.md' '$tmp/market-budget/guide.md'"
mk_fresh
at=$(python3 "$top/tests/set_cell.py" "$mk_data/current/markets.csv" \
	"$(grep -n '^cn,budget.budget_1000,' "$mk_data/current/markets.csv" | cut -d: -f1 | awk '{print $1 - 1}')" \
	key budget.no_such_case)
refused_at_cell "market: a budget row naming no use case is refused at its cell" \
	"$mk_data" "markets.csv:${at%%:*}:2: budget.no_such_case"
rm -rf "$tmp/market-unverified" "$tmp/market-budget"

# ---- requests a Chinese procurement desk accepts -------------------------
mk_pdf() { pdftotext -layout "$1" - 2>/dev/null | tr -d ' \n'; }
check "market: every zh-CN request has the procurement fields, three quotes and the VAT line, no English line name" \
	sh -c "for f in '$tmp/market-base'/zh-CN/requests/*.pdf; do
	         t=\$(pdftotext -layout \"\$f\" - | tr -d ' \n');
	         for w in 采购信息 含税总金额 人民币大写 经费来源 项目编号 采购方式 供应商名称 纳税人识别号 \
	                  增值税专用发票 增值税普通发票 质保期 交货期与交货地点 验收人 固定资产编号 三家比价 \
	                  增值税13%：已含在各项单价中 基础整机：; do
	           echo \"\$t\" | grep -qF \"\$w\" || { echo \"\$f: \$w\"; exit 1; }; done;
	         echo \"\$t\" | python3 -c \"import re,sys; t=sys.stdin.read(); assert not re.search(r'(?<!参考型号：)[0-9]-GPU(budget)?(desktop|PCIe4.0server)', t)\" || exit 1;
	         ! echo \"\$t\" | grep -qF '销售税或增值税（不含' || exit 1; done"
check "market: the zh-CN request's total in capital numerals is its total (8x H100 PCIe used: ¥1,759,007, 壹佰柒拾伍万玖仟零柒元整)" \
	sh -c "t=\$(pdftotext -layout '$tmp/market-base/zh-CN/requests/8x-h100-pcie-used.pdf' - | tr -d ' \n');
	       echo \"\$t\" | grep -qF '含税总金额¥1,759,007（含13%增值税）人民币大写壹佰柒拾伍万玖仟零柒元整'"
check "market: a used-card request names what a desk can invoice instead (here: the configurations to quote)" \
	sh -c "pdftotext -layout '$tmp/market-base/zh-CN/requests/8x-h100-pcie-used.pdf' - | tr -d ' \n' |
	       grep -qF '二手显卡通常无法取得增值税发票'"
check "market: the English requests keep their lines (no procurement block, tax not included)" \
	sh -c "t=\$(pdftotext -layout '$tmp/market-base'/requests/*.pdf - 2>/dev/null | head -c 100000);
	       for f in '$tmp/market-base'/requests/*.pdf; do pdftotext \"\$f\" - | grep -q 'Sales tax or VAT' || exit 1;
	       ! pdftotext \"\$f\" - | grep -q 'Three competing quotes' || exit 1; done"

# ---- 中国买家须知: each point with its dated source ------------------------
check "market: the zh-CN guide has 中国买家须知 with every market_notes.csv row linked and dated; the English guide its English version" \
	python3 - "$tmp/market-base" "$mk_data/current/market_notes.csv" <<'PY'
import csv, re, sys
zh = open(sys.argv[1] + "/zh-CN/guide.md", encoding="utf-8").read()
en = open(sys.argv[1] + "/guide.md", encoding="utf-8").read()
sec = zh.split("## 中国买家须知", 1)[1].split("\n## ", 1)[0]
rows = list(csv.DictReader(open(sys.argv[2], encoding="utf-8")))
assert len(rows) >= 8
for r in rows:
    assert "](%s)，%s）" % (r["url"], r["date"]) in sec, r["id"]
for w in ("RTX 4090 D", "RTX 5090 D", "A800", "H800", "H20", "国行", "水货", "闲鱼", "2080 Ti 22G", "4090 48G", "昇腾"):
    assert w in sec, w
assert "## Buying in mainland China" in en and "note_source" not in en
PY
check "market: 中国买家须知 gives each China-market card's rating from the edition's results (performance.csv: value and range against the reference GPU), in both languages, not the old estimate from specifications" \
	python3 - "$tmp/market-base" "$mk_data/current/market_notes.csv" <<'PY'
import csv, sys
out = sys.argv[1]
notes = [r for r in csv.DictReader(open(sys.argv[2], encoding="utf-8")) if r["gpu"]]
assert {r["gpu"] for r in notes} == {"RTX 4090 D", "RTX 5090 D"}, notes
def section(path, head):
    return open(path, encoding="utf-8").read().split(head, 1)[1].split("\n## ", 1)[0]
zh = section(out + "/zh-CN/guide.md", "## 中国买家须知")
en = section(out + "/guide.md", "## Buying in mainland China")
for lang, sec, perf_csv in (("zh", zh, out + "/zh-CN/data/performance.csv"),
                            ("en", en, out + "/data/performance.csv")):
    perf = {r["gpu"]: r for r in csv.DictReader(open(perf_csv, encoding="utf-8"))}
    ref = [g for g, r in perf.items() if r["cnn"] == "1.0000" and r["transformer"] == "1.0000"]
    assert len(ref) == 1, ref
    for n in notes:
        p = perf[n["gpu"]]
        f = lambda k: "%.2f" % float(p[k])
        cnn = "%s（%s–%s）" % (f("cnn"), f("cnn_low"), f("cnn_high"))
        tf = "%s（%s–%s）" % (f("transformer"), f("transformer_low"), f("transformer_high"))
        want = ("CNN 训练速度为 %s 的 %s，Transformer 为 %s" % (ref[0], cnn, tf) if lang == "zh" else
                "rates it at %s of the %s for CNN training and %s for transformers"
                % (cnn.replace("（", " (").replace("）", ")"), ref[0], tf.replace("（", " (").replace("）", ")")))
        assert want in sec, (lang, want)
for old in ("九成", "不是模型的评级", "nine tenths", "not a rating of the model"):
    assert old not in zh + en, old
PY
check "market: the China-market cards have no dollar price, so no English pick, ranking or per-dollar row names them; the chart note says why" \
	python3 - "$tmp/market-base" <<'PY'
import sys
out = sys.argv[1]
for f in ("recommendations.csv", "per_dollar.csv", "builds.csv", "requests.csv"):
    t = open(out + "/data/" + f, encoding="utf-8").read()
    assert "RTX 4090 D" not in t and "RTX 5090 D" not in t, f
g = open(out + "/guide.md", encoding="utf-8").read()
assert "RTX 4090 D (a China-market model sold in mainland China only" in g
PY
mk_fresh
python3 - "$mk_data/current/gpus.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
for r in rows:
    if r["name"] == "RTX 4090 D":
        r["fp16_tflops"], r["tensor_tflops"] = "110", "220"
w = csv.DictWriter(open(sys.argv[1], "w", encoding="utf-8", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader(); w.writerows(rows)
PY
"$real_bin" -q --lang zh-CN --data "$mk_data" --out "$tmp/market-slower" >"$tmp/market.err" 2>&1
check "market: a slower tensor rate of the RTX 4090 D in gpus.csv lowers the rating 中国买家须知 gives it (computed, not typed)" \
	python3 - "$tmp/market-base/zh-CN" "$tmp/market-slower" <<'PY'
import csv, re, sys
def rating(d):
    sec = open(d + "/guide.md", encoding="utf-8").read().split("## 中国买家须知", 1)[1]
    return float(re.search(r"的评级：CNN 训练速度为 \S+ \S+ 的 ([0-9.]+)", sec).group(1))
def perf(d):
    return float(next(r for r in csv.DictReader(open(d + "/data/performance.csv", encoding="utf-8"))
                      if r["gpu"] == "RTX 4090 D")["cnn"])
a, b = rating(sys.argv[1]), rating(sys.argv[2])
assert b < a and abs(b - perf(sys.argv[2])) < 0.005, (a, b)
PY
rm -rf "$tmp/market-slower"
mk_fresh
at=$(python3 "$top/tests/set_cell.py" "$mk_data/current/market_notes.csv" 1 gpu "RTX 4090 DD")
refused_at_cell "market: a buyer's note about a card gpus.csv does not have is refused at its cell" \
	"$mk_data" "market_notes.csv:$at: unknown GPU 'RTX 4090 DD'"
mk_fresh
sed -i '/^h20_license,/d' "$mk_data/current/market_notes.csv"
"$bin" -q --data "$mk_data" --out "$tmp/market-nonote" >"$tmp/market.err" 2>&1
check "market: a note the text cites but market_notes.csv lacks stops the run at the template's placeholder" \
	sh -c "grep -q 'editions/current/market.md:[0-9]*:[0-9]*: unknown value .{{note_source.h20_license}}' '$tmp/market.err' && test ! -e '$tmp/market-nonote'"
rm -rf "$tmp/market-nonote"

# ---- without a market both editions give the same numbers ---------------
mk_fresh
rm "$mk_data/current/markets.csv" "$mk_data/current/market_cloud.csv"
printf '%s\n' 'fx_per_usd.CNY,6.8635,CNY per USD,Exchange rate used to show USD prices in yuan.,test,,2026-04-22,' \
	>>"$mk_data/current/assumptions.csv"
mk_gen "$mk_out"
check "market: without markets.csv the zh-CN data exports are the English edition's" \
	diff -r -x previous.json "$mk_out/data" "$mk_out/zh-CN/data"

# ---- the files are checked at their cells -------------------------------
mk_fresh
at=$(mk_set currency GBP)
refused_at_cell "market: a currency the program does not know is refused at its cell" \
	"$mk_data" "markets.csv:$at: "
mk_fresh
at=$(mk_set kwh_price -1)
refused_at_cell "market: a negative tariff is refused at its cell" \
	"$mk_data" "markets.csv:$at: "
mk_fresh
at=$(python3 "$top/tests/set_cell.py" "$mk_data/current/market_cloud.csv" 1 currency USD)
refused_at_cell "market: a cloud offer in another currency than its market's is refused at its cell" \
	"$mk_data" "market_cloud.csv:$at: .*currency"
mk_fresh
printf '%s\n' 'fx_per_usd.CNY,7.15,CNY per USD,twice,test,,2026-01-15,' \
	>>"$mk_data/current/assumptions.csv"
refused_at_cell "market: a rate given both in markets.csv and assumptions.csv is refused (one figure, one place)" \
	"$mk_data" "markets.csv:[0-9]*:[0-9]*: market 'cn' gives the rate"
rm -rf "$mk_data" "$mk_out" "$tmp/market-base" "$tmp/market-tariff"
