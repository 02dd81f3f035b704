# Sourced by tests/run.sh: the Simplified Chinese edition (templates/zh-CN).
# Its strings and template mirror the English ones key for key and
# placeholder for placeholder; generated from the 2020-09 data it gives the
# same numbers and picks as the English out/2020-09, its PDFs carry the
# Chinese headings with a CJK font embedded and no replacement character,
# and its page is marked zh-CN with every bold span parsed.
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

zh_out="$tmp/zh-2020"
"$bin" -q --lang zh-CN --data "$top/data/2020-09" \
	--previous "$top/out/2020-09/data/previous.json" --out "$zh_out" >"$tmp/zh-run.txt" 2>&1
zh_status=$?
check "zh-CN 2020-09 edition generates" test "$zh_status" -eq 0
check "zh-CN: data exports identical to the English edition's (same numbers and picks)" \
	diff -r "$top/out/2020-09/data" "$zh_out/data"

# The level-2 and level-3 headings of the template, as a reader sees them.
grep -E '^#{2,3} ' "$zh_tpl/guide.md" | sed 's/^#* //' >"$tmp/zh-headings.txt"
check "zh-CN template has Chinese headings" grep -q '[^ -~]' "$tmp/zh-headings.txt"
pdftotext "$zh_out/guide.pdf" "$tmp/zh-guide.txt" 2>/dev/null
check "zh-CN guide.pdf: text extracts" test -s "$tmp/zh-guide.txt"
zh_missing=0
while IFS= read -r zh_h; do
	grep -qF "$zh_h" "$tmp/zh-guide.txt" || { zh_missing=1; printf 'zh-CN guide.pdf lacks heading: %s\n' "$zh_h"; }
done <"$tmp/zh-headings.txt"
check "zh-CN guide.pdf: every Chinese heading of the template is in the text" test "$zh_missing" -eq 0
check "zh-CN guide.pdf: the edition title in Chinese on the title page" \
	sh -c "pdftotext -f 1 -l 1 '$zh_out/guide.pdf' - | grep -q '2020年9月版'"
check "zh-CN guide.pdf: running foot in Chinese" grep -q '第 3 页，共' "$tmp/zh-guide.txt"

# U+FFFD (EF BF BD) would mean text the PDF could not map back to Unicode.
zh_no_fffd() { ! grep -q "$(printf '\357\277\275')" "$1"; }
check "zh-CN guide.pdf: no replacement character" zh_no_fffd "$tmp/zh-guide.txt"
zh_cjk_embedded() { # zh_cjk_embedded PDF: a Noto CJK font, embedded
	pdffonts "$1" 2>/dev/null | awk '$1 ~ /NotoSansCJK/ && $(NF-4) == "yes" { ok = 1 } END { exit !ok }'
}
check "zh-CN guide.pdf: a CJK font (Noto Sans CJK) is embedded" zh_cjk_embedded "$zh_out/guide.pdf"
check "zh-CN guide.pdf: every font embedded and subset" sh -c \
	"pdffonts '$zh_out/guide.pdf' | awk 'NR > 2 && (\$(NF-4) != \"yes\" || \$(NF-3) != \"yes\") { bad = 1 } END { exit bad }'"

zh_reqs=0
for zh_req in "$zh_out/requests/"*.pdf; do
	[ -f "$zh_req" ] || continue
	zh_reqs=$((zh_reqs + 1))
	zh_name="zh-CN requests/$(basename "$zh_req")"
	pdftotext "$zh_req" "$tmp/zh-req.txt" 2>/dev/null
	check "$zh_name: titled 采购申请, with the Chinese sections" \
		sh -c "grep -q '采购申请' '$tmp/zh-req.txt' && grep -q '申请理由' '$tmp/zh-req.txt' && grep -q '价格来源' '$tmp/zh-req.txt'"
	check "$zh_name: no replacement character" zh_no_fffd "$tmp/zh-req.txt"
	check "$zh_name: a CJK font is embedded" zh_cjk_embedded "$zh_req"
done
check "zh-CN: purchase requests were written" test "$zh_reqs" -gt 0

# A glyph the PDF's embedded font subset cannot draw shows as an empty box
# although pdftotext still finds the character (cairo 1.16 writes a broken
# CFF charstring for some Noto Sans CJK glyphs, e.g. U+5982). MuPDF names
# such glyphs; the check runs where mupdf-tools is installed.
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
	check "zh-CN PDFs: every glyph drawable (mutool)" \
		zh_broken_glyphs "$zh_out/guide.pdf" "$zh_out/requests/"*.pdf
fi

check "zh-CN index.html: lang=\"zh-CN\"" grep -q '<html lang="zh-CN">' "$zh_out/index.html"
check "zh-CN 404.html: lang=\"zh-CN\" and Chinese text" \
	sh -c "grep -q '<html lang=\"zh-CN\">' '$zh_out/404.html' && grep -q '找不到页面' '$zh_out/404.html'"
# Bold next to CJK punctuation fails CommonMark's flanking rules and shows
# the asterisks: none may survive into the page or the PDF.
check "zh-CN: every **bold** span parsed (no ** in the page or PDF text)" \
	sh -c "! grep -q '\\*\\*' '$zh_out/index.html' && ! grep -q '\\*\\*' '$tmp/zh-guide.txt'"
python3 "$top/tests/check_site.py" "$zh_out" >"$tmp/zh-site.txt" 2>&1
check "zh-CN site: well-formed, links and in-page anchors resolve" test $? -eq 0
