[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/pdf.sh): the guide PDFs and the purchase requests read
# like documents: metadata, embedded fonts, the key numbers in reading
# order, outline and links, one page per request, stable bytes.
for pdf_ed in "" "2020-09/"; do
	pdf_file="$out_dir/${pdf_ed}guide.pdf"
	pdf_name="${pdf_ed:-current/}guide.pdf"
	pdfinfo "$pdf_file" >"$tmp/pdfinfo.txt" 2>&1
	check "$pdf_name: pdfinfo reads it" test $? -eq 0
	check "$pdf_name: A4 pages" grep -q 'Page size: *595.276 x 841.89' "$tmp/pdfinfo.txt"
	check "$pdf_name: more than 10 pages" awk '/^Pages:/ { exit !($2 > 10) }' "$tmp/pdfinfo.txt"
	for pdf_field in Title Author Subject Keywords CreationDate; do
		check "$pdf_name: metadata $pdf_field" grep -qE "^$pdf_field: +[^ ]" "$tmp/pdfinfo.txt"
	done
	check "$pdf_name: every font embedded" sh -c \
		"pdffonts '$pdf_file' | awk 'NR > 2 && \$(NF-4) != \"yes\" { bad = 1 } END { exit bad }'"
	check "$pdf_name: has an outline" grep -q '/Outlines' "$pdf_file"
	check "$pdf_name: has link annotations" grep -q '/Subtype /Link' "$pdf_file"
	check "$pdf_name: named destinations for the sections" sh -c \
		"pdfinfo -dests '$pdf_file' | grep -q '\"methodology\"'"
	for pdf_req in "$out_dir/${pdf_ed}requests/"*.pdf; do
		check "${pdf_ed}requests/$(basename "$pdf_req"): one page, or two with the title repeated" \
			sh -c "pdfinfo '$pdf_req' | grep -qE '^Pages: +[12]\$'"
		check "${pdf_ed}requests/$(basename "$pdf_req"): fonts embedded" sh -c \
			"pdffonts '$pdf_req' | awk 'NR > 2 && \$(NF-4) != \"yes\" { bad = 1 } END { exit bad }'"
	done
done

# The 2020-09 guide's worked numbers, in the order a reader meets them.
pdftotext "$out_dir/2020-09/guide.pdf" "$tmp/guide-2020.txt"
pdf_order() { # pdf_order FILE PATTERN... : each pattern after the last,
	# in the text with its line breaks read as spaces
	python3 -c '
import sys
text = open(sys.argv[1], encoding="utf-8").read().replace("\n", " ")
at = 0
for p in sys.argv[2:]:
    i = text.find(p, at)
    if i < 0:
        sys.exit(1)
    at = i + len(p)
' "$@"
}
check "2020-09 PDF: cycles, power, electricity and break-even in order" \
	pdf_order "$tmp/guide-2020.txt" "392 cycles" "221 cycles" "1,700 W" "591 kWh" '$71' '$2,311' '$2,270' "break-even: 10 months"
check "2020-09 PDF: title page names the edition" \
	sh -c "pdftotext -f 1 -l 1 '$out_dir/2020-09/guide.pdf' - | grep -q 'September 2020'"
check "2020-09 PDF: contents page lists the methodology" \
	sh -c "pdftotext -f 2 -l 2 '$out_dir/2020-09/guide.pdf' - | grep -q 'Methodology'"
pdftotext "$out_dir/2020-09/requests/4x-rtx-3090.pdf" "$tmp/req.txt"
check "4x RTX 3090 request: approval, total, quote date and power supply in order" \
	pdf_order "$tmp/req.txt" "Purchase request" "Approver" '$8,496' "Quote date" "1,700 W"

# Letter paper on request.
"$bin" -q --paper letter --data "$top/tests/data/mini" --out "$tmp/letter"
check "--paper letter gives US Letter pages" \
	sh -c "pdfinfo '$tmp/letter/guide.pdf' | grep -q 'Page size: *612 x 792'"

# Same data, same bytes: a second full run, with the options `make` used
# (GPUGUIDE_FLAGS, e.g. the Pages workflow's --base-url), matches out/.
# shellcheck disable=SC2086
"$bin" -q ${GPUGUIDE_FLAGS:-} --previous "$out_dir/data/previous.json" \
	--out "$tmp/again"
check "full generation is byte-identical on a second run" diff -r "$out_dir" "$tmp/again"
diff -rq "$out_dir" "$tmp/again" >"$tmp/again.diff" 2>&1 || head -5 "$tmp/again.diff"

# SOURCE_DATE_EPOCH sets the PDF dates; two runs with it are identical.
# (It is also "today" for the date checks: a date in 2100 leaves every
# row of the data valid.)
SOURCE_DATE_EPOCH=4102444800 "$bin" -q --out "$tmp/epoch1"
SOURCE_DATE_EPOCH=4102444800 "$bin" -q --out "$tmp/epoch2"
check "SOURCE_DATE_EPOCH: two full runs are byte-identical" diff -r "$tmp/epoch1" "$tmp/epoch2"
check "SOURCE_DATE_EPOCH sets the PDF creation date" \
	sh -c "pdfinfo '$tmp/epoch1/guide.pdf' | grep -q 'CreationDate:.*2100'"
check "without it the PDF is dated by its data" \
	sh -c "pdfinfo '$out_dir/2020-09/guide.pdf' | grep -q 'CreationDate:.*Sep  7 .*2020'"
