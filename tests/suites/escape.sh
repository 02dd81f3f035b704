[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/escape.sh): a GPU whose name is markup stays text in every
# output.  The mini edition's RTX 3090 is renamed to the hostile name.
esc_name='<script>alert(1)</script> *x* | y'
esc_ed="$tmp/escape-edition"
cp -r "$top/tests/data/mini" "$esc_ed"
for esc_f in "$esc_ed"/*.csv; do
	python3 -c 'import sys
p, new = sys.argv[1], sys.argv[2]
s = open(p, encoding="utf-8").read().replace("RTX 3090", new)
open(p, "w", encoding="utf-8").write(s)' "$esc_f" "$esc_name"
done
esc_out="$tmp/escape-out"
"$bin" -q --data "$esc_ed" --out "$esc_out"
check "hostile GPU name: generation succeeds" test -s "$esc_out/index.html"

# The one script element is the site's own assets/picker.js.
esc_scripts() {
	grep -rhoi '<script[^>]*>' "$esc_out" --include='*.html' |
		grep -vE '^<script src="(\.\./)*assets/picker\.js" data-words="(\.\./)*assets/words-[A-Za-z-]+\.js" data-title="[^"<>]*" data-loading="[^"<>]*" data-failed="[^"<>]*" defer>$'
}
check "HTML: no script element anywhere but assets/picker.js" test -z "$(esc_scripts)"
check "HTML: the name shows as escaped text" \
	grep -qF '&lt;script&gt;alert(1)&lt;/script&gt; *x* | y' "$esc_out/index.html"
check "HTML: *x* is not emphasis" sh -c "! grep -qF '<em>x</em>' '$esc_out/index.html'"
check "SVG: no script element" sh -c "! grep -qi '<script' '$esc_out'/charts/*.svg"
check "SVG: the name is escaped in the description" \
	sh -c "grep -qF '&lt;script&gt;alert(1)&lt;/script&gt; *x* | y' '$esc_out/charts/per_dollar_1gpu.svg'"
check "PDF: the name reads as text" \
	sh -c "pdftotext '$esc_out/guide.pdf' - | grep -qF '$esc_name'"
check "JSON: the name round-trips exactly and no raw < is written" python3 -c '
import json, sys
raw = open(sys.argv[1], encoding="utf-8").read()
assert "<" not in raw, "raw < in JSON"
doc = json.loads(raw)
assert any(r["gpu"] == sys.argv[2] for r in doc["performance"]), "name changed"' \
	"$esc_out/data/guide.json" "$esc_name"
check "CSV export: the name is one field" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
assert any(r["gpu"] == sys.argv[2] for r in rows)' "$esc_out/data/per_dollar.csv" "$esc_name"
