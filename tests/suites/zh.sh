[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/zh.sh): the Simplified Chinese edition (templates/zh-CN),
# as the default `make` writes it into out/zh-CN/ (both data editions).
# Its strings and template mirror the English ones key for key and
# placeholder for placeholder; it gives the same numbers and picks as the
# English editions, its PDFs carry the Chinese headings in an embedded,
# subset TrueType CJK font with no replacement character and no glyph
# MuPDF cannot draw, its requests the approval fields, and its pages are
# marked zh-CN with alternates and a language switch to the English ones.
zh_tpl="$top/templates/zh-CN"
zh_en="$top/templates/en"

check "zh-CN strings.csv: the keys of en/strings.csv, in the same order" \
	sh -c "cut -d, -f1 '$zh_en/strings.csv' >'$tmp/zh-keys-en.txt' &&
	       cut -d, -f1 '$zh_tpl/strings.csv' >'$tmp/zh-keys-zh.txt' &&
	       cmp -s '$tmp/zh-keys-en.txt' '$tmp/zh-keys-zh.txt'"
check "zh-CN guide.md: the placeholders of en/guide.md, each as often" \
	sh -c "grep -o '{{[^}]*}}' '$zh_en/guide.md' | sort >'$tmp/zh-ph-en.txt' &&
	       grep -o '{{[^}]*}}' '$zh_tpl/guide.md' | sort >'$tmp/zh-ph-zh.txt' &&
	       cmp -s '$tmp/zh-ph-en.txt' '$tmp/zh-ph-zh.txt'"
check "zh-CN guide.md: the heading levels of en/guide.md" \
	sh -c "test \"\$(grep -o '^#*' '$zh_en/guide.md')\" = \"\$(grep -o '^#*' '$zh_tpl/guide.md')\""

# The default `make` writes the Chinese site beside the English one:
# out/zh-CN/ (the current edition) and out/zh-CN/2020-09/.
check "make writes zh-CN beside en: out/zh-CN and out/zh-CN/2020-09" \
	test -f "$out_dir/zh-CN/index.html" -a -f "$out_dir/zh-CN/2020-09/index.html"
# The current edition's zh-CN figures are the Chinese market's
# (markets.csv; suite market checks them and that without a market the
# exports are the English ones): the same files here.
check "zh-CN current: the data exports of the English edition, file for file" \
	sh -c "cd '$out_dir/data' && ls >'$tmp/zh-files-en.txt' && cd '$out_dir/zh-CN/data' && ls | cmp -s - '$tmp/zh-files-en.txt'"
check "zh-CN 2020-09: data exports identical to the English edition's (same numbers and picks)" \
	diff -r -x previous.json "$out_dir/2020-09/data" "$out_dir/zh-CN/2020-09/data"

# U+FFFD (EF BF BD) would mean text the PDF could not map back to Unicode.
zh_no_fffd() { ! grep -q "$(printf '\357\277\275')" "$1"; }
zh_cjk_embedded() { # zh_cjk_embedded PDF: the CJK font (WenQuanYi), embedded and subset
	pdffonts "$1" 2>/dev/null | awk '$1 ~ /^[A-Z]+\+WenQuanYi/ && $(NF-4) == "yes" && $(NF-3) == "yes" { ok = 1 } END { exit !ok }'
}
zh_no_noto_cff() { # the Noto CJK CFF outlines cairo 1.16 breaks are not used
	! pdffonts "$1" 2>/dev/null | grep -q 'NotoSansCJK'
}

# The level-2 and level-3 headings of the template, as a reader sees them.
grep -E '^#{2,3} ' "$zh_tpl/guide.md" | sed 's/^#* //' >"$tmp/zh-headings.txt"
check "zh-CN template has Chinese headings" grep -q '[^ -~]' "$tmp/zh-headings.txt"
for zh_ed in "" 2020-09/; do
	zh_out="$out_dir/zh-CN/$zh_ed"
	zh_at="zh-CN/$zh_ed"
	pdftotext "$zh_out/guide.pdf" "$tmp/zh-guide.txt" 2>/dev/null
	check "${zh_at}guide.pdf: text extracts" test -s "$tmp/zh-guide.txt"
	zh_missing=0
	while IFS= read -r zh_h; do
		grep -qF "$zh_h" "$tmp/zh-guide.txt" || { zh_missing=1; printf '%sguide.pdf lacks heading: %s\n' "$zh_at" "$zh_h"; }
	done <"$tmp/zh-headings.txt"
	check "${zh_at}guide.pdf: every Chinese heading of the template is in the text" test "$zh_missing" -eq 0
	check "${zh_at}guide.pdf: running foot in Chinese" grep -q '第 3 页，共' "$tmp/zh-guide.txt"
	check "${zh_at}guide.pdf: no replacement character" zh_no_fffd "$tmp/zh-guide.txt"
	check "${zh_at}guide.pdf: the CJK font (WenQuanYi Micro Hei) embedded and subset" zh_cjk_embedded "$zh_out/guide.pdf"
	check "${zh_at}guide.pdf: no Noto CJK CFF font (cairo 1.16 draws some of its glyphs blank)" zh_no_noto_cff "$zh_out/guide.pdf"
	check "${zh_at}guide.pdf: every font embedded and subset" sh -c \
		"pdffonts '$zh_out/guide.pdf' | awk 'NR > 2 && (\$(NF-4) != \"yes\" || \$(NF-3) != \"yes\") { bad = 1 } END { exit bad }'"
	check "${zh_at}guide.pdf: no emphasis in a faked italic (no Oblique font)" \
		sh -c "! pdffonts '$zh_out/guide.pdf' | grep -qi 'oblique\|italic'"
	check "${zh_at}index.html: lang=\"zh-CN\"" grep -q '<html lang="zh-CN">' "$zh_out/index.html"
	# Bold next to CJK punctuation fails CommonMark's flanking rules and
	# shows the asterisks: none may survive into the page or the PDF.
	check "${zh_at}: every **bold** span parsed (no ** in the page or PDF text)" \
		sh -c "! grep -q '\\*\\*' '$zh_out/index.html' && ! grep -q '\\*\\*' '$tmp/zh-guide.txt'"

	zh_reqs=0
	for zh_req in "$zh_out/requests/"*.pdf; do
		[ -f "$zh_req" ] || continue
		zh_reqs=$((zh_reqs + 1))
		zh_name="${zh_at}requests/$(basename "$zh_req")"
		pdftotext "$zh_req" "$tmp/zh-req.txt" 2>/dev/null
		check "$zh_name: titled 采购申请, with the Chinese sections" \
			sh -c "grep -q '采购申请' '$tmp/zh-req.txt' && grep -q '申请理由' '$tmp/zh-req.txt' && grep -q '价格观测日期' '$tmp/zh-req.txt'"
		check "$zh_name: the approval fields of a 采购申请" sh -c \
			"for f in 申请人 '部门 / 项目' 审批人 日期 供应商报价编号 收货地址; do grep -qF \"\$f\" '$tmp/zh-req.txt' || exit 1; done"
		check "$zh_name: no replacement character" zh_no_fffd "$tmp/zh-req.txt"
		check "$zh_name: the CJK font is embedded" zh_cjk_embedded "$zh_req"
	done
	check "${zh_at}: purchase requests were written" test "$zh_reqs" -gt 0
done
check "zh-CN 2020-09 guide.pdf: the edition title in Chinese on the title page" \
	sh -c "pdftotext -f 1 -l 1 '$out_dir/zh-CN/2020-09/guide.pdf' - | grep -q '2020年9月版'"
zh_en_req=$(ls "$out_dir/requests/"*.pdf 2>/dev/null | head -n 1)
check "en request: the approval fields (Requester ... Delivery address)" sh -c \
	"pdftotext '$zh_en_req' - | tr -s ' \n' ' ' >'$tmp/zh-en-req.txt' &&
	 for f in Requester 'Cost centre / project' Approver Date 'Vendor quote no.' 'Delivery address'; do grep -qF \"\$f\" '$tmp/zh-en-req.txt' || exit 1; done"

# The glyph cairo 1.16 drew blank in Noto Sans CJK SC (U+5982 如) must
# draw: a guide with it, and MuPDF must name no glyph it cannot render.
rm -rf "$tmp/zh-tpl" && cp -r "$top/templates" "$tmp/zh-tpl"
printf '\n例如，如果显存不够，*如何*选择？“引号”如此。\n' >>"$tmp/zh-tpl/zh-CN/guide.md"
"$bin" -q --lang zh-CN --templates "$tmp/zh-tpl" --data "$top/tests/data/mini" --out "$tmp/zh-ru" >"$tmp/zh-run.txt" 2>&1
zh_rc=$?
check "zh-CN guide with 如 generates" test $zh_rc -eq 0
# a failure shows what the run said (its status and last lines)
[ $zh_rc -eq 0 ] || { echo "  status $zh_rc:"; tail -n 5 "$tmp/zh-run.txt" | sed 's/^/  /'; }
check "zh-CN guide with 如: 如 in the PDF text" sh -c "pdftotext '$tmp/zh-ru/guide.pdf' - | grep -q '如何'"
if command -v mutool >/dev/null 2>&1; then
	zh_broken_glyphs() { # zh_broken_glyphs PDF...: none may be reported
		for zh_f in "$@"; do
			if mutool draw -r 10 -o "$tmp/zh-mutool.png" "$zh_f" 2>&1 \
			   | grep -qE 'cannot render glyph|FT_Load_Glyph.*broken'; then
				printf 'zh-CN: %s has glyphs that cannot be drawn\n' "$zh_f"
				return 1
			fi
		done
	}
	check "zh-CN PDFs: every glyph drawable (mutool), 如 included" \
		zh_broken_glyphs "$tmp/zh-ru/guide.pdf" "$out_dir/zh-CN/guide.pdf" "$out_dir/zh-CN/requests/"*.pdf
fi

# Languages side by side: alternates both ways, a switch on every page,
# the same sections in the same order (the switch keeps the section).
zh_pair_checks() { # zh_pair_checks EN_PAGE ZH_PAGE (paths under out/)
	check "$1 and $2: hreflang alternates and language switch, both ways" sh -c \
		"grep -q '<link rel=\"alternate\" hreflang=\"zh-CN\"' '$out_dir/$1' &&
		 grep -q '<link rel=\"alternate\" hreflang=\"en\"' '$out_dir/$2' &&
		 grep -q 'class=\"lang\" hreflang=\"zh-CN\"' '$out_dir/$1' &&
		 grep -q 'class=\"lang\" hreflang=\"en\"' '$out_dir/$2'"
	check "$1 and $2: the same number of sections (heading i is heading i)" \
		test "$(grep -o ' id="S[0-9]*"' "$out_dir/$1" | wc -l)" -eq "$(grep -o ' id="S[0-9]*"' "$out_dir/$2" | wc -l)"
}
zh_pair_checks index.html zh-CN/index.html
zh_pair_checks 2020-09/index.html zh-CN/2020-09/index.html
check "404.html in both languages" sh -c \
	"grep -q '<html lang=\"en\">' '$out_dir/404.html' && grep -q '<html lang=\"zh-CN\">' '$out_dir/zh-CN/404.html' && grep -q '找不到页面' '$out_dir/zh-CN/404.html'"
python3 "$top/tests/check_site.py" "$out_dir" >"$tmp/zh-site.txt" 2>&1
check "site with both languages: well-formed, links, alternates and section anchors resolve" test $? -eq 0

# Issue 17: the 2020-09 claims table and its reasons carry no English in
# the Chinese edition (names and units aside): their words are the
# strings' (claim.ID, claim.reason.REASON), the data holds only keys.
zh_words="$top/tests/ascii_words.py"
check "zh-CN/2020-09/index.html: the claims table and reasons have no English word (4+ letters) but names and units" \
	python3 "$zh_words" 4 "$data_dir/2020-09" "$out_dir/zh-CN/2020-09/index.html" '原文的每个数字'
pdftotext "$out_dir/zh-CN/2020-09/guide.pdf" "$tmp/zh-claims.txt" 2>/dev/null
check "zh-CN/2020-09/guide.pdf: the claims table and reasons have no English word (4+ letters) but names and units" \
	python3 "$zh_words" 4 "$data_dir/2020-09" "$tmp/zh-claims.txt" '原文的每个数字，重新计算一遍' '方法'
check "the word check finds the English edition's claims section English (it can fail)" \
	sh -c "! python3 '$zh_words' 4 '$data_dir/2020-09' '$out_dir/2020-09/index.html' 'Every number of the article'"
check "2020-09 article_claims.csv: ids and reason keys, no prose (same in both languages)" sh -c \
	"head -1 '$out_dir/2020-09/data/article_claims.csv' | grep -qx 'id,topic,article,ours,difference,verdict,quantity,reason' &&
	 grep -q '^se_resnext,debiasing,.*,explained,.*,se_resnext\$' '$out_dir/2020-09/data/article_claims.csv'"
# A claim or a reason without its words is an error naming the key.
zh_claim_key_missing() { # zh_claim_key_missing KEY
	rm -rf "$tmp/zh-tpl-claim" "$tmp/zh-out-claim"
	cp -r "$top/templates" "$tmp/zh-tpl-claim"
	for zh_l in en zh-CN; do
		grep -v "^$1," "$top/templates/$zh_l/strings.csv" >"$tmp/zh-tpl-claim/$zh_l/strings.csv"
	done
	"$bin" -q --data "$data_dir/2020-09" --templates "$tmp/zh-tpl-claim" \
		--out "$tmp/zh-out-claim" 2>"$tmp/zh-claim-err.txt"
	test $? -eq 1 && grep -qF "missing string '$1'" "$tmp/zh-claim-err.txt" &&
		test ! -e "$tmp/zh-out-claim"
}
check "2020-09: a claim without claim.ID in the strings is an error naming the key" \
	zh_claim_key_missing claim.cycles_with
check "2020-09: a reason without claim.reason.REASON in the strings is an error naming the key" \
	zh_claim_key_missing claim.reason.breakeven
rm -rf "$tmp/zh-ed-claim" && mkdir -p "$tmp/zh-ed-claim" && cp -r "$data_dir/2020-09" "$tmp/zh-ed-claim/2020-09"
sed -i 's/^breakeven,\(.*\),breakeven,/breakeven,\1,Break even,/' "$tmp/zh-ed-claim/2020-09/claims.csv"
zh_claim_line=$(grep -n '^breakeven,' "$tmp/zh-ed-claim/2020-09/claims.csv" | cut -d: -f1)
check "claims.csv: a reason that is no strings key is an error file:line:col" sh -c \
	"'$bin' -q --data '$tmp/zh-ed-claim' --out '$tmp/zh-out-claim' 2>&1 | grep -qx '.*/claims.csv:$zh_claim_line:44: a key of the strings takes only a-z, 0-9 and .*, got .Break even.'"

# The sentence on the GPUs the tensor-core model cannot vouch for (the
# GTX cards, other vendors) says what each edition's results say: the
# current edition leaves most unrated, the 2020-09 edition models the
# GTX cards by their FP32 rate.
check "index.html: the not-vouched GPUs' sentence agrees with performance.csv" \
	python3 "$top/tests/unvouched_check.py" "$out_dir/index.html" "$out_dir/data/performance.csv" "$data_dir/current/gpus.csv"
check "2020-09/index.html: the not-vouched GPUs' sentence agrees with performance.csv" \
	python3 "$top/tests/unvouched_check.py" "$out_dir/2020-09/index.html" "$out_dir/2020-09/data/performance.csv" "$data_dir/2020-09/gpus.csv"
check "2020-09/index.html: the GTX cards are not called unrated (the edition rates them)" \
	sh -c "! grep -q 'not rated</strong>: GTX' '$out_dir/2020-09/index.html'"
check "the not-vouched check can fail: the current page against the 2020-09 results" \
	sh -c "! python3 '$top/tests/unvouched_check.py' '$out_dir/index.html' '$out_dir/2020-09/data/performance.csv' '$data_dir/2020-09/gpus.csv'"

# An edition named like a language folder would share out/zh-CN/ with the
# Chinese site: an input error naming the folder, and no output.
clash="$tmp/lang-clash"
# edition-renamed: the clash needs an edition named zh-CN
mkdir -p "$clash-data" && cp -r "$data_dir/current" "$clash-data/current" \
	&& cp -r "$data_dir/current" "$clash-data/zh-CN"
"$bin" -q --data "$clash-data" --out "$clash" 2>"$tmp/lang-clash.err"
check "an edition named like a language: exit 1" test $? -eq 1
check "an edition named like a language: the error names it" \
	grep -q "lang-clash-data/zh-CN.*named like the language zh-CN" "$tmp/lang-clash.err"
check "an edition named like a language: no output" test ! -e "$clash"

# ---- one term per concept (issue 46, item 6) ---------------------------
# templates/zh-CN/glossary.csv names the preferred term of each concept
# and the terms to avoid; a term to avoid may stand only inside one of
# the contexts the row allows (报价 only as a supplier's quote).  Checked
# on what readers get: the zh-CN guides and requests of the frozen editions.
zh_terms="$tmp/zh-terms.txt"
: >"$zh_terms"
for f in "$out_dir/zh-CN/guide.md" "$out_dir/zh-CN/2020-09/guide.md"; do cat "$f" >>"$zh_terms"; done
for f in "$out_dir"/zh-CN/requests/*.pdf "$out_dir"/zh-CN/2020-09/requests/*.pdf; do
	pdftotext "$f" - 2>/dev/null | tr -d '\n' >>"$zh_terms"
done
check "zh: no term the glossary avoids appears in the zh-CN guides and requests (建议零售价, 误差线, 参考 GPU, 价格观测)" \
	python3 "$top/tests/glossary.py" "$top/templates/zh-CN/glossary.csv" "$zh_terms"

# ---- the assumptions table in Chinese (issue 46, item 6) ----------------
# templates/zh-CN/assumptions.csv gives each assumption's unit and meaning
# in Chinese; the table of every zh-CN guide shows them (an estimate is
# marked 估计), and the data export keeps the data's English words.
zh_asm="$top/tests/zh_assumptions.py"
check "zh-CN assumptions.csv: a row for every assumption key of the frozen editions (a key a maintainer adds to data/ falls back to English until translated)" \
	python3 "$zh_asm" keys "$zh_tpl/assumptions.csv" "$data_dir"/*
for zh_ed in current 2020-09; do
	zh_md="$out_dir/zh-CN/${zh_ed#current}/guide.md"
	check "zh-CN ${zh_ed} guide: the assumptions table's unit and meaning columns have no English word" \
		python3 "$zh_asm" table "$data_dir/$zh_ed" "$zh_md" 假设
done
check "the assumptions check finds the English edition's table English (it can fail)" \
	sh -c "! python3 '$zh_asm' table '$data_dir/current' '$out_dir/guide.md' Assumptions"
check "zh-CN data export: assumptions.csv is the English edition's (data, not words)" \
	cmp -s "$out_dir/2020-09/data/assumptions.csv" "$out_dir/zh-CN/2020-09/data/assumptions.csv"
pdftotext "$out_dir/zh-CN/guide.pdf" - 2>/dev/null >"$tmp/zh-asm-pdf.txt"
check "zh-CN guide.pdf: the assumptions table in Chinese (比例, 估计; no 'Lower bound of')" sh -c \
	"grep -q 'Ampere 因共享内存比上一代更大' '$tmp/zh-asm-pdf.txt' && grep -q '（估计）' '$tmp/zh-asm-pdf.txt' &&
	 ! grep -q 'Lower bound of' '$tmp/zh-asm-pdf.txt'"
# A key without a row falls back to the data's English words (the run
# succeeds; the check above names the key); a malformed row is an input
# error at its file:line:col, with no output.
rm -rf "$tmp/zh-tpl-asm" && cp -r "$top/templates" "$tmp/zh-tpl-asm"
grep -v '^cpu_w,' "$zh_tpl/assumptions.csv" >"$tmp/zh-tpl-asm/zh-CN/assumptions.csv"
"$bin" -q --lang zh-CN --templates "$tmp/zh-tpl-asm" --data "$data_dir" --out "$tmp/zh-out-asm" 2>"$tmp/zh-asm-err.txt"
zh_rc=$?
check "zh-CN assumptions.csv without a key: the run succeeds, that row in English, and the check names it" sh -c \
	"test $zh_rc -eq 0 && grep -q '^| cpu_w | 100 | W | Power drawn by the CPU' '$tmp/zh-out-asm/guide.md' &&
	 python3 '$zh_asm' table '$data_dir/current' '$tmp/zh-out-asm/guide.md' 假设 | grep -q 'cpu_w meaning: English'"
zh_asm_bad() { # zh_asm_bad SED LINE:COL MESSAGE: the edited file (zh_bad_file, else assumptions.csv) is refused there
	zh_f=${zh_bad_file:-assumptions.csv}
	rm -rf "$tmp/zh-out-asm"
	sed "$1" "$zh_tpl/$zh_f" >"$tmp/zh-tpl-asm/zh-CN/$zh_f"
	"$bin" -q --lang zh-CN --templates "$tmp/zh-tpl-asm" --data "$data_dir" --out "$tmp/zh-out-asm" 2>"$tmp/zh-asm-err.txt"
	test $? -eq 1 && grep -qF "zh-CN/$zh_f:$2: $3" "$tmp/zh-asm-err.txt" && test ! -e "$tmp/zh-out-asm"
}
check "zh-CN assumptions.csv: a row of 2 fields is an error file:line:col" \
	zh_asm_bad '3s/^\([^,]*\),[^,]*,/\1,/' 3:1 'row must have 3 fields'
check "zh-CN assumptions.csv: an empty meaning is an error at its cell" \
	zh_asm_bad '4s/,[^,]*$/,/' 4:24 'empty unit or meaning'
check "zh-CN assumptions.csv: a duplicate key is an error at its cell" \
	zh_asm_bad '5s/^[^,]*,/smem_bonus_low.Ampere,/' 5:1 'duplicate key'
check "zh-CN assumptions.csv: a wrong header is an error at line 1" \
	zh_asm_bad '1s/meaning/meaning_en/' 1:1 'the header must be exactly: key,unit,meaning'

# ---- money in yuan, words to match (issue 46, item 2) -------------------
# The zh-CN current edition shows money in yuan; its per-money figures
# are ratios to the reference build (性价比), so nothing a reader gets
# says 每美元 or 每花一美元 (an exchange rate reads 1 美元兑 X 元).
zh_yuan="$out_dir/zh-CN"
{ cat "$zh_yuan/guide.md" "$zh_yuan/index.html" "$zh_yuan/reference.html"
  pdftotext "$zh_yuan/guide.pdf" - 2>/dev/null
  for f in "$zh_yuan"/requests/*.pdf; do pdftotext "$f" - 2>/dev/null; done
} | tr -d '\n' >"$tmp/zh-yuan.txt"
check "zh-CN current: money in yuan (the market's money note)" \
	grep -q '金额是中国买家实际支付的人民币' "$tmp/zh-yuan.txt"
check "zh-CN current (yuan): no 每美元 or 每花一美元 in the guide, pages, PDF and requests" \
	sh -c "! grep -o '.\{0,12\}\(每美元\|每花一美元\).\{0,12\}' '$tmp/zh-yuan.txt'"

# ---- performance per yuan (issue 46, item 2) ----------------------------
# Where the zh-CN edition's money is yuan (a CNY market), its per-money
# figures are per ¥10,000 of the yuan prices it shows: the upgrade
# table's heading and sentence say 万元 (no 美元), its export names the
# column value_per_10000_cny, and each figure is the card's CNN
# performance (performance.csv) over its exported yuan price (price_cny)
# times 10,000; the English edition keeps its value per $1,000.
zh_per_yuan() { # zh_per_yuan GUIDE_MD DATA_DIR
	python3 - "$1" "$2" <<'PY'
import csv, sys
md, data = sys.argv[1], sys.argv[2]
head = [l for l in open(md, encoding="utf-8") if l.startswith("| 排名 | GPU | 显存")]
sentence = [l for l in open(md, encoding="utf-8") if "显卡价格换来的训练速度" in l]
if len(head) != 1 or "美元" in head[0] or "万元" not in head[0]:
    sys.exit("upgrade heading: %r" % head)
if len(sentence) != 1 or "美元" in sentence[0] or "1 万元" not in sentence[0]:
    sys.exit("upgrade sentence: %r" % sentence)
perf = {r["gpu"]: float(r["cnn"]) for r in csv.DictReader(open(data + "/performance.csv")) if r["cnn"]}
rows = list(csv.DictReader(open(data + "/upgrade.csv")))
if not rows or "value_per_1000_usd" in rows[0]:
    sys.exit("upgrade.csv: no rows, or a dollar column")
for r in rows:
    gpu = r["gpu"].split("x ", 1)[1].replace(" (used)", "")
    want = perf[gpu] / float(r["price_cny"]) * 10000
    if abs(float(r["value_per_10000_cny"]) - want) > 0.002 * want + 1e-4:
        sys.exit("%s: %s per 10,000 yuan, worked out %.4f" % (r["gpu"], r["value_per_10000_cny"], want))
PY
}
check "zh-CN current (yuan): the upgrade table is per ¥10,000 of its yuan prices (heading, sentence, each figure re-computed)" \
	zh_per_yuan "$out_dir/zh-CN/guide.md" "$out_dir/zh-CN/data"
zh_not_per_yuan() { ! zh_per_yuan "$@" 2>/dev/null; }
check "the per-yuan check can fail: the dollar zh-CN 2020-09 edition (no market) is per 1000 美元" \
	zh_not_per_yuan "$out_dir/zh-CN/2020-09/guide.md" "$out_dir/zh-CN/2020-09/data"
check "the English edition's upgrade export keeps value_per_1000_usd" \
	sh -c "head -1 '$out_dir/data/upgrade.csv' | grep -q ',value_per_1000_usd\$'"
check "zh-CN picker data: the market's currency and rate (the picker shows yuan); none in English" sh -c \
	"grep -q '\"market\": {\"currency\": \"CNY\", \"fx_per_usd\": ' '$out_dir/zh-CN/data/picker-data.js' &&
	 ! grep -q '\"market\":' '$out_dir/data/picker-data.js'"

# ---- requests in Chinese, to the names (issue 46, items 5 and 6) --------
# The data's English names of base systems, parts and the configurations
# to quote reach a zh-CN request in templates/zh-CN/names.csv's words;
# sources keep their titles.  Every zh-CN request of both frozen editions,
# as pdftotext reads it, has no English word but names.
for zh_ed in current 2020-09; do
	zh_rq="$tmp/zh-rq-$zh_ed" && rm -rf "$zh_rq" && mkdir -p "$zh_rq"
	for f in "$out_dir/zh-CN/${zh_ed#current}/requests/"*.pdf; do
		pdftotext "$f" "$zh_rq/$(basename "$f" .pdf).txt" 2>/dev/null
	done
	check "zh-CN ${zh_ed} requests: no English word (4+ letters) but names and cited titles (base system, parts, the configurations to quote)" \
		python3 "$top/tests/zh_request_words.py" "$data_dir/$zh_ed" "$zh_rq/"*.txt
done
zh_rq_en="$tmp/zh-rq-en" && rm -rf "$zh_rq_en" && mkdir -p "$zh_rq_en"
for f in "$out_dir/requests/"*.pdf; do pdftotext "$f" "$zh_rq_en/$(basename "$f" .pdf).txt" 2>/dev/null; done
check "the request word check finds the English requests English (it can fail)" \
	sh -c "! python3 '$top/tests/zh_request_words.py' '$data_dir/current' '$zh_rq_en/'*.txt >/dev/null"
# With --base-url (the Pages job) a request's footer gives the guide's
# address, which is not English prose; a word beside it still counts.
printf '指南：https://example.github.io/gpuguide/zh-CN/\n' >"$zh_rq_en/url.txt"
printf '指南：https://example.github.io/gpuguide/zh-CN/ budget\n' >"$zh_rq_en/url-word.txt"
check "the request word check passes an address and still finds a word beside it" sh -c \
	"python3 '$top/tests/zh_request_words.py' '$data_dir/current' '$zh_rq_en/url.txt' &&
	 ! python3 '$top/tests/zh_request_words.py' '$data_dir/current' '$zh_rq_en/url-word.txt' >/dev/null"
# names.csv is refused as assumptions.csv is (zh_asm_bad, on a fresh copy)
zh_names_bad() { # zh_names_bad SED LINE:COL MESSAGE
	rm -rf "$tmp/zh-tpl-asm" && cp -r "$top/templates" "$tmp/zh-tpl-asm"
	zh_bad_file=names.csv
	zh_asm_bad "$@"
	zh_rc=$?
	unset zh_bad_file
	return $zh_rc
}
check "zh-CN names.csv: a duplicate name is an error file:line:col, no output" \
	zh_names_bad '3s/^"[^"]*"/"1-GPU budget desktop (Ryzen 5 7500F, B650, 32 GB DDR5-5600, 1 TB NVMe, 650 W Gold, ATX mid tower)"/' 3:1 'duplicate name'
check "zh-CN names.csv: a wrong header is an error at line 1" \
	zh_names_bad '1s/shown/chinese/' 1:1 'the header must be exactly: name,shown'

# The calculator's price age reads as words: a price seen on the
# edition's date is 今日价格 (today's price), one a day old 1 天前的价格,
# not "价格为 0 天前".
check "calculator: a price of today reads 今日价格, a day old 1 天前 (calc.today, calc.day; not 价格为 N 天前)" sh -c \
	"grep -q 'calc.today' '$out_dir/assets/calc.js' &&
	 grep -q '\"calc.today\":\"今日价格' '$out_dir/assets/words-zh-CN.js' &&
	 grep -q '\"calc.day\":\"1 天前的价格' '$out_dir/assets/words-zh-CN.js' &&
	 ! grep -q '价格为 {1} 天前' '$out_dir/assets/words-zh-CN.js'"

# ---- loose ends of translated text (issue 46, item 6) -------------------
# The reasons of the 2020-09 ratio table (the article's A100/V100 and RTX
# 3090/RTX 2080 Ti figures beside ours) are the data's notes in English;
# the zh-CN table gives them in names.csv's words (the data export keeps
# the data's).
check "zh-CN 2020-09 ratio table: the reasons (why we differ / agree) have no English word (4+ letters) but names" \
	python3 "$zh_words" 4 "$data_dir/2020-09" "$out_dir/zh-CN/2020-09/guide.md" '| 对比项 |' ''
check "the ratio-table word check finds the English table English (it can fail)" \
	sh -c "! python3 '$zh_words' 4 '$data_dir/2020-09' '$out_dir/2020-09/guide.md' '| Comparison |' '' >/dev/null"
check "zh-CN 2020-09 data export: claims.csv keeps the data's English reasons" \
	grep -q 'why we differ' "$out_dir/zh-CN/2020-09/data/claims.csv"
# The calculator counts yuan per ¥10,000 as the guide does (每 1 万元), not
# per 1,000 CNY (tests/browser/check_calc.py compares each figure with C's
# in a browser, suite calc).
check "calculator: the zh-CN per-money column is per 1 万元 (calc.col.per_yuan for yuan), not 每 1,000 CNY" sh -c \
	"grep -q \"money === 'CNY' ? t('calc.col.per_yuan')\" '$out_dir/assets/calc.js' &&
	 grep -q '\"calc.col.per_yuan\":\"每 1 万元的词元/秒\"' '$out_dir/assets/words-zh-CN.js'"
# The cloud chart of a yuan edition plots yuan and says so on its axis.
zh_chart_money() { # zh_chart_money GUIDE_DIR LABEL: the y label, and the
	# axis reaches the worked example's desktop in the guide's money
	python3 - "$1" "$2" <<'PY'
import html, re, sys
d, label = sys.argv[1], sys.argv[2]
svg = open(d + "/charts/cloud.svg", encoding="utf-8").read()
texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)]
assert label in texts, (label, texts)
ticks = [float(t.replace("\u2009", "").replace(",", "")) for t in texts if re.fullmatch(r"[0-9][0-9\u2009,]*", t)]
guide = open(d + "/guide.md", encoding="utf-8").read()
desk = float(re.search(r"(?:拿一台 [¥$]|Compare a [$¥])([0-9,]+)", guide).group(1).replace(",", ""))
assert max(ticks) >= desk, ("axis tops at %s, the desktop costs %s" % (max(ticks), desk))
PY
}
zh_chart_yuan() {
	zh_chart_money "$1" '累计成本（元）' && ! grep -q '美元' "$1/charts/cloud.svg"
}
check "zh-CN cloud chart: the axis says 累计成本（元） and reaches the worked example's ¥ desktop (no 美元)" \
	zh_chart_yuan "$out_dir/zh-CN"
check "the English cloud chart stays in dollars (Cumulative cost (USD), the axis reaches the \$ desktop)" \
	zh_chart_money "$out_dir" 'Cumulative cost (USD)'
