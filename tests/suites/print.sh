[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/print.sh): the PDFs as printed pages.  Every page of every
# guide and purchase request (both languages, both editions; A4, and the
# requests again on Letter) is rendered at 50 dpi and checked by
# tests/print/check_pdf.py: no page more than half empty, text sizes
# (requests: every word >= 9 pt), every link annotation with a target.
# The requests' line items add up (tests/print/line_items.py).  The
# reference pages of tests/print/reference/ are rendered again and
# compared with them pixel by pixel (see tests/print/README).
pr_tmp="$tmp/print"
mkdir -p "$pr_tmp"

# pr_check KIND PDF: renders PDF and runs check_pdf.py; prints its FAIL
# lines; the status is check_pdf.py's.
pr_check() {
	pr_d="$pr_tmp/$(printf '%s' "$2" | sed "s|^$top/||; s|^$tmp/||" | tr '/' '_')"
	rm -rf "$pr_d" && mkdir -p "$pr_d"
	pdftoppm -gray -r 50 "$2" "$pr_d/p" || return 1
	python3 "$top/tests/print/check_pdf.py" "$1" "$2" "$pr_d" >"$pr_d.log" 2>&1
	pr_status=$?
	grep '^FAIL' "$pr_d.log" | head -5
	return $pr_status
}

# Letter paper: the same outputs on US Letter.
"$bin" -q --paper letter --out "$tmp/print-letter"

for pr_root in "$out_dir" "$tmp/print-letter"; do
	pr_paper=A4
	[ "$pr_root" = "$out_dir" ] || pr_paper=Letter
	for pr_ed in "" "2020-09/" "zh-CN/" "zh-CN/2020-09/"; do
		pr_guide="$pr_root/${pr_ed}guide.pdf"
		if [ "$pr_paper" = A4 ]; then
			pr_check guide "$pr_guide"
			check "print $pr_paper ${pr_ed}guide.pdf: pages filled, text sizes, links resolve" test $? -eq 0
		fi
		for pr_req in "$pr_root/${pr_ed}requests/"*.pdf; do
			pr_name="${pr_ed}requests/$(basename "$pr_req")"
			pr_check request "$pr_req"
			check "print $pr_paper $pr_name: text >= 9 pt, links resolve" test $? -eq 0
			# a market's request (zh-CN: issue 46) is one page and the
			# procurement desk's sheet on a second
			check "print $pr_paper $pr_name: one page (and a market's procurement sheet)" \
				sh -c "pdfinfo '$pr_req' | grep -qE '^Pages: +1\$' ||
				       { pdfinfo '$pr_req' | grep -qE '^Pages: +2\$' &&
				         pdftotext -f 2 -l 2 '$pr_req' - | head -n 3 | grep -q '采购信息' &&
				         ! pdftotext -f 1 -l 1 '$pr_req' - | grep -q '采购信息'; }"
			python3 "$top/tests/print/line_items.py" "$pr_req"
			check "print $pr_paper $pr_name: line items add up to the total" test $? -eq 0
		done
	done
done

# What a request must carry: the approval fields, the footer with the
# guide's address, and (for a build whose base system's supply is too
# small) the power supply as a line item.  On the frozen current edition
# with every use case bought (bought_out: none decided for renting).
pr_bought=$(bought_out)
pr_4x=$(ls "$pr_bought"/requests/4x-*.pdf 2>/dev/null | head -n 1)
pdftotext "${pr_4x:-none}" "$pr_tmp/req4.txt" 2>/dev/null
for pr_field in Requester "Cost centre" Approver Date "Vendor quote" "Delivery address" "Requester signature" "Approver signature" "Sales tax or VAT" "Shipping" "Quote date" "The guide:"; do
	check "print: the 4x request has \"$pr_field\"" grep -q "$pr_field" "$pr_tmp/req4.txt"
done
# (the 4x build that needs one: a pick without the use case's rules)
pr_off_4x=$(ls "$(rules_off_out)"/requests/4x-*.pdf 2>/dev/null | head -n 1)
python3 "$top/tests/print/line_items.py" "${pr_off_4x:-none}" 'power supply'
check "print: a 4x request whose base system's supply is too small lists the second power supply as a line item" test $? -eq 0
# (at least one request to read: with none, there is nothing it checked)
pr_requests=$(ls "$pr_bought"/requests/*.pdf 2>/dev/null | wc -l)
check "print: a request never names a cloud GPU twice (\"RTX 5090 (RTX 5090\"), over $pr_requests requests" \
	sh -c "[ $pr_requests -gt 0 ] && for f in '$pr_bought'/requests/*.pdf; do pdftotext \"\$f\" - || exit 1; done >'$pr_tmp/requests.txt' && [ -s '$pr_tmp/requests.txt' ] && ! grep -qE '([A-Z0-9][A-Za-z0-9 ]+) \\(\\1[,)]' '$pr_tmp/requests.txt'"
check "print: the Chinese request is a 采购申请 with its approval fields" \
	sh -c "pdftotext '$pr_bought/zh-CN/requests/$(basename "${pr_4x:-none}")' - | grep -q '采购申请' && pdftotext '$pr_bought/zh-CN/requests/$(basename "${pr_4x:-none}")' - | grep -q '审批人'"

# The document language is set.
check "print: the guide says it is English" grep -aq '/Lang (en)' "$out_dir/guide.pdf"
check "print: the Chinese guide says it is Chinese" grep -aq '/Lang (zh-CN)' "$out_dir/zh-CN/guide.pdf"

# Relative site links: a file link to the sibling request PDFs, plain
# text without --base-url, absolute with it.
check "print: the guide links its requests as files beside it" \
	grep -aq '/S /GoToR' "$out_dir/guide.pdf"
"$bin" -q --base-url https://user.github.io/gpuguide --out "$tmp/print-base"
check "print: with --base-url the guide's data link is absolute" \
	grep -aq '(https://user.github.io/gpuguide/data/guide.json)' "$tmp/print-base/guide.pdf"
check "print: without --base-url no link points at a relative site path" \
	sh -c "! grep -aqE '/URI \\((data|index|[.][.])' '$out_dir/guide.pdf'"

# The assumptions print as a reference list: each source once.
pdftotext -layout "$out_dir/guide.pdf" "$pr_tmp/guide.txt"
check "print: the assumptions cite their first source by number" grep -q ' \[1\] *$' "$pr_tmp/guide.txt"
check "print: each source of a reference list listed once" python3 -c '
import re, sys
lists, current = [], []
for line in open(sys.argv[1], encoding="utf-8"):
    m = re.match(r"\s*\[(\d+)\]\s+(\S.*)", line)
    if not m:
        if current and line.startswith("    ") and line.strip():
            current[-1] += " " + line.strip()  # the entry goes on
        elif not line.strip() and current:
            current.append("")  # a gap ends the entry
            current.pop()
        continue
    if m.group(1) == "1" and current:
        lists.append(current)
        current = []
    current.append(m.group(2).strip())
lists.append(current)
sys.exit(0 if lists[0] and all(len(l) == len(set(l)) for l in lists) else 1)
' "$pr_tmp/guide.txt"

# Reference pages (tests/print/reference/, the program's own earlier
# output as a human approved it): rendered again, from a run without
# GPUGUIDE_FLAGS (a --base-url prints the guide's address on a page), and
# compared pixel by pixel (tests/print/compare_png.py: a channel may differ
# by 8 levels of 255, anti-aliasing; anything more fails).  A deliberate
# change is blessed as tests/print/README says.  The pages are the 2020-09
# edition's, whose data does not move.
"$bin" -q --out "$tmp/print-plain"
rm -rf "$pr_tmp/current"
sh "$top/tests/print/render.sh" "$tmp/print-plain" "$pr_tmp/current"
pr_total=0
for pr_ref in "$top/tests/print/reference/"*.png; do
	pr_total=$((pr_total + 1))
	pr_png="$pr_tmp/current/$(basename "$pr_ref")"
	if [ -f "$pr_png" ] && python3 "$top/tests/print/compare_png.py" "$pr_ref" "$pr_png" >"$pr_tmp/cmp.log" 2>&1; then
		pass
	else
		fail "print: reference page $(basename "$pr_ref") as approved ($(cat "$pr_tmp/cmp.log" 2>/dev/null || echo not rendered)); compare $pr_png with $pr_ref (tests/print/README)"
	fi
done
check "print: the reference pages are there (5 listed in tests/print/pages.txt)" test "$pr_total" -eq 5
# ... and paired with figures that do not come from the program: the
# article's 1,700 W for 4x RTX 3090 (DESIGN.md, model 8) on the reference
# request in both languages, and its pick, the RTX 3080, on page 3
for pr_req in 2020-09/requests/4x-rtx-3090.pdf zh-CN/2020-09/requests/4x-rtx-3090.pdf; do
	check "print: the reference request $pr_req states the article's 1,700 W" \
		sh -c "pdftotext -f 1 -l 1 '$tmp/print-plain/$pr_req' - | grep -q '1,700 W'"
done
check "print: reference page 3 of the 2020-09 guide picks the article's RTX 3080" \
	sh -c "pdftotext -f 3 -l 3 '$tmp/print-plain/2020-09/guide.pdf' - | grep -q 'the RTX 3080 buys the most'"
