[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/charts.sh): the figures of both editions exist in every
# format, and what they say matches the exported numbers.
charts="relative_performance per_dollar_1gpu per_dollar_2gpu per_dollar_4gpu per_dollar_8gpu memory cloud validation power"
for ed in "" "2020-09/"; do
	for c in $charts; do
		svg="$out_dir/${ed}charts/$c.svg"
		png="$out_dir/${ed}charts/$c.png"
		check "chart ${ed}$c.svg has title and desc" \
			sh -c "grep -q '<title>' '$svg' && grep -q '<desc>' '$svg'"
		# PNG header: width and height are big-endian at bytes 16-23
		check "chart ${ed}$c.png is 1440 px wide (2x)" \
			test "$(od -An -tu1 -j16 -N4 "$png" | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4 }')" = 1440
	done
	# The alt text names the top three one-GPU builds of per_dollar.csv
	# (a used build is labelled "GPU (used)"; price_condition is its
	# condition, found by its header).
	top3=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "price_condition") k = i; next }
		$1 == 1 && $3 <= 3 { printf "%s%s%s", sep, $2, ($k == "used" ? " (used)" : ""); sep = "|" }' "$out_dir/${ed}data/per_dollar.csv")
	desc=$(sed -n 's:.*<desc>\(.*\)</desc>.*:\1:p' "$out_dir/${ed}charts/per_dollar_1gpu.svg")
	first=$(echo "$top3" | cut -d'|' -f1)
	second=$(echo "$top3" | cut -d'|' -f2)
	third=$(echo "$top3" | cut -d'|' -f3)
	check "per_dollar_1gpu alt text lists the top three in order (${ed:-current})" \
		sh -c "echo '$desc' | grep -q ': $first[^,]* [0-9.]*, $second[^,]* [0-9.]*, $third[ ,]'"
	check "index.html alt text names the top build (${ed:-current})" \
		grep -q "alt=\"[^\"]*$first" "$out_dir/${ed}index.html"
done

# ---- how the charts are drawn (tests/chart_svg_check.py) ------------------
for ed in "" "2020-09/" "zh-CN/"; do
	dir="$out_dir/${ed%/}"
	for what in text size contrast dark memory html; do
		check "charts ${ed:-current/}: $what" \
			python3 "$top/tests/chart_svg_check.py" "$what" "$dir"
	done
	check "chart ${ed}relative_performance-dark.svg is on the page's dark background" \
		grep -q 'class="background" width="100%" height="100%" fill="#0d1117"' \
		"$dir/charts/relative_performance-dark.svg"
	# every chart figure: a dark and a phone variant, and a size
	check "index.html (${ed:-current}): every <img> has width and height" \
		sh -c "! grep -o '<img [^>]*>' '$dir/index.html' | grep -v 'width=\"[0-9]*\" height=\"[0-9]*\"'"
	check "index.html (${ed:-current}): every chart has a dark source" \
		test "$(grep -c 'prefers-color-scheme: dark)" srcset="charts/[a-z_0-9]*-dark.svg"' "$dir/index.html")" \
		= "$(grep -c '<img src="charts/' "$dir/index.html")"
done

# The checks can fail: each is run on a copy with one thing broken.
bad="$tmp/charts_bad"
rm -rf "$bad" && mkdir -p "$bad/charts" "$bad/data"
cp "$out_dir/charts/power.svg" "$out_dir/charts/memory.svg" "$bad/charts/"
cp "$out_dir/data/per_dollar.csv" "$bad/data/"
sed 's/fill="#0072b2"/fill="#56b4e9"/' "$out_dir/charts/power.svg" > "$bad/charts/power.svg"
check "chart check: sky blue on white fails the contrast check" \
	sh -c "! python3 '$top/tests/chart_svg_check.py' contrast '$bad'"
sed 's/font-size="11.5"/font-size="9"/' "$out_dir/charts/power.svg" > "$bad/charts/power.svg"
check "chart check: 9 px text fails the size check" \
	sh -c "! python3 '$top/tests/chart_svg_check.py' size '$bad'"
sed 's|<text[^>]*>\([^<]*\)</text>|<path d="M0 0"/>|' "$out_dir/charts/power.svg" > "$bad/charts/power.svg"
check "chart check: a chart without <text> fails the text check" \
	sh -c "! python3 '$top/tests/chart_svg_check.py' text '$bad'"
check "chart check: a chart without its dark variant fails" \
	sh -c "! python3 '$top/tests/chart_svg_check.py' dark '$bad'"
sed 's|src="charts/power.svg" width="720" height="[0-9]*"|src="charts/power.svg" width="720" height="9"|' \
	"$out_dir/index.html" > "$bad/index.html"
cp "$out_dir/charts/"*.svg "$bad/charts/"
check "chart check: an <img> height that is not its chart's fails" \
	sh -c "! python3 '$top/tests/chart_svg_check.py' html '$bad'"
cp "$out_dir/charts/power.svg" "$out_dir/charts/memory.svg" "$bad/charts/"
awk -F, 'BEGIN { OFS = "," } NR == 2 { $NF = 1024 } { print }' \
	"$out_dir/data/per_dollar.csv" > "$bad/data/per_dollar.csv"
cp "$out_dir/charts/memory.svg" "$bad/charts/memory-narrow.svg"
cp "$out_dir/charts/memory.svg" "$bad/charts/memory-dark.svg"
check "chart check: a GPU past the memory axis fails the memory check" \
	sh -c "! python3 '$top/tests/chart_svg_check.py' memory '$bad'"

# ---- print: no text of the guide PDF below 7 pt --------------------------
for pdf in guide.pdf 2020-09/guide.pdf zh-CN/guide.pdf; do
	check "$pdf: no text below 7 pt at print size" \
		python3 "$top/tests/chart_pdf_text.py" "$out_dir/$pdf"
done
# a one-page PDF with a word at 4 pt (xref offsets written exactly)
python3 - "$bad/small.pdf" <<'PY'
import sys
objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
text = b"BT /F1 4 Tf 20 100 Td (tiny) Tj ET"
objs.append(b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream")
out, offsets = b"%PDF-1.4\n", []
for i, o in enumerate(objs, 1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(sys.argv[1], "wb").write(out)
PY
check "chart_pdf_text.py fails on a word at 4 pt" \
	sh -c "! python3 '$top/tests/chart_pdf_text.py' '$bad/small.pdf'"
