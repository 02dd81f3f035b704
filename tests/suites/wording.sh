[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/wording.sh): wording a reader holds (issue 32).  Print
# names an edition by its date, never by its folder ("current").
wd_txt="$tmp/wording"
mkdir -p "$wd_txt"
wd_n=0
for wd_pdf in $(find "$out_dir" -name '*.pdf' | sort); do
	wd_n=$((wd_n + 1))
	pdftotext "$wd_pdf" "$wd_txt/$wd_n.txt" 2>/dev/null
done
check "wording: the PDFs of out/ were read ($wd_n)" test "$wd_n" -gt 10
check "wording: no PDF names the edition 'edition latest'" sh -c \
	"! cat '$wd_txt'/*.txt | grep -qi 'edition latest'"
check "wording: no PDF names the edition '版本 最新'" sh -c \
	"! cat '$wd_txt'/*.txt | grep -qF '版本 最新'"
check "wording: the cover is dated (December 2026 edition)" sh -c \
	"pdftotext -f 1 -l 1 '$out_dir/guide.pdf' - | grep -qF 'December 2026 edition, prices as of'"
check "wording: the zh-CN cover is dated (2026年12月版)" sh -c \
	"pdftotext -f 1 -l 1 '$out_dir/zh-CN/guide.pdf' - | grep -qF '2026年12月版，价格截至'"
check "wording: the 2020-09 cover is dated (September 2020 edition)" sh -c \
	"pdftotext -f 1 -l 1 '$out_dir/2020-09/guide.pdf' - | grep -qF 'September 2020 edition, prices as of'"
for wd_req in "$top"/out/requests/*.pdf "$top"/out/zh-CN/requests/*.pdf; do
	wd_name=${wd_req#"$top"/out/}
	check "wording: $wd_name header and footer are dated" sh -c \
		"test \$(pdftotext '$wd_req' - | grep -cE 'gpuguide(, |，)(December 2026 edition|2026年12月版)') -ge 2"
done

# Templated sentences that degenerate (issue 32, item 3): a rise of 0%,
# a useful life of 0 years, an empty source list "()"; each such case
# has its own wording.
wd_all="$tmp/wording-all.txt"
find "$out_dir" \( -name '*.html' -o -name '*.md' \) -exec cat {} + >"$wd_all"
cat "$wd_txt"/*.txt >>"$wd_all"
for wd_bad in 'rises 0%' '上涨 0%' 'life of 0 years' ' 0 年使用寿命' ' 0 年的使用寿命' \
	'first ()' '条款（）' 'over 0 days' ' 0 个月'; do
	check "wording: out/ has no degenerate '$wd_bad'" sh -c \
		"! grep -qF -- '$wd_bad' '$wd_all'"
done
check "wording: 2020-09 pick table says a pick is already at the budget limit" \
	grep -qF 'its price rises at all (it is already at the budget limit)' "$out_dir/2020-09/index.html"
check "wording: zh-CN 2020-09 pick table says so too" \
	grep -qF '其价格有任何上涨（它已达预算上限）' "$out_dir/zh-CN/2020-09/index.html"
check "wording: 2020-09 requests say the edition states no useful life" sh -c \
	"pdftotext '$out_dir/2020-09/requests/1x-rtx-3080.pdf' - | tr '\n' ' ' | grep -qF 'states no useful life'"
check "wording: 2020-09 cloud example says the edition states no useful life" \
	grep -qF 'This edition states no useful life for the hardware' "$out_dir/2020-09/guide.md"

# The test runner itself (issue 32, item 4): one progress line per part on
# stderr, the count last on stdout, and the signal tests of hostile.sh
# (they kill the program) leave no "Terminated"/"Hangup" on the terminal.
# A nested run of hostile.sh in its own temporary folder, with a stand-in
# for the unit binary.
wd_nest="$tmp/wording-nested"
mkdir -p "$wd_nest"
printf '#!/bin/sh\necho "unit: 1 passed, 0 failed"\n' >"$wd_nest/unit"
chmod +x "$wd_nest/unit"
(cd "$top" && GPUGUIDE_TEST_TMP="$wd_nest/tmp" GPUGUIDE_UNIT="$wd_nest/unit" \
	TEST_SUITES="hostile" sh tests/run.sh >"$wd_nest/out" 2>"$wd_nest/err")
check "runner: a progress line for the unit tests" grep -q '^tests: unit ' "$wd_nest/err"
check "runner: a progress line for the hostile suite" grep -q '^tests: hostile ' "$wd_nest/err"
check "runner: the count is the last line of stdout" sh -c \
	"tail -n 1 '$wd_nest/out' | grep -qE '^[0-9]+ passed, 0 failed\$'"
check "runner: killed runs print no Terminated/Hangup/Interrupt" sh -c \
	"! grep -qiE 'terminated|hangup|interrupt' '$wd_nest/err' '$wd_nest/out'"
