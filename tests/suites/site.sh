[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/site.sh): the published site in out/ (what GitHub Pages
# serves). Markup, links and alt text are checked by tests/check_site.py;
# when Debian's Chromium is installed, tests/browser_check.sh opens the pages.
# Variables and functions here start with site_ (run.sh sources every suite
# into one shell).

site_out="$out_dir"

# site_show FILE: the first lines of a failed check's output, indented.
site_show() { head -n 40 "$1" | sed 's/^/    /'; }

python3 "$top/tests/check_site.py" --self-test >"$tmp/site-selftest.txt" 2>&1
site_status=$?
check "check_site.py --self-test finds every planted problem" test "$site_status" -eq 0
[ "$site_status" -eq 0 ] || site_show "$tmp/site-selftest.txt"

python3 "$top/tests/check_site.py" "$site_out" >"$tmp/site-check.txt" 2>&1
site_status=$?
check "check_site.py: out/ well-formed, links resolve, images have alt" test "$site_status" -eq 0
[ "$site_status" -eq 0 ] || site_show "$tmp/site-check.txt"

check "out/.nojekyll exists" test -f "$site_out/.nojekyll"
check "out/404.html exists" test -s "$site_out/404.html"

# The editions link each other, and each its own PDF.
check "index.html links to 2020-09/index.html" \
	grep -q 'href="2020-09/index\.html"' "$site_out/index.html"
check "2020-09/index.html links back to ../index.html" \
	grep -q 'href="\.\./index\.html"' "$site_out/2020-09/index.html"
check "index.html links its guide.pdf" \
	grep -q 'href="guide\.pdf"' "$site_out/index.html"
check "2020-09/index.html links its guide.pdf" \
	grep -q 'href="guide\.pdf"' "$site_out/2020-09/index.html"

# Relative links only: the site is served under https://USER.github.io/REPO/.
site_no_root_links() {
	! grep -rqE --include='*.html' "(href|src|srcset|action|poster)=[\"']?/" "$site_out"
}
check "no link in out/ starts with /" site_no_root_links

# Every edition page (index.html at the top and one folder down) says what it
# is to search engines and link previews.
for site_page in $(cd "$site_out" && find . -maxdepth 2 -name index.html | sed 's|^\./||' | sort); do
	check "$site_page has <meta name=\"description\">" grep -qE \
		'<meta [^>]*(name="description"[^>]* content="[^"]|content="[^"][^>]* name="description")' \
		"$site_out/$site_page"
	check "$site_page has <meta property=\"og:image\">" grep -qE \
		'<meta [^>]*(property="og:image"[^>]* content="[^"]|content="[^"][^>]* property="og:image")' \
		"$site_out/$site_page"
done

# In a browser: screenshots at desktop and phone widths, no console message,
# nothing that fails to load. Only where Debian's Chromium is installed.
if [ -x /usr/bin/chromium ]; then
	site_shots="$tmp/shots"
	sh "$top/tests/browser_check.sh" "$site_out" "$site_shots" >"$tmp/site-browser.txt" 2>&1
	site_status=$?
	check "browser: pages load in Chromium with no console message" test "$site_status" -eq 0
	[ "$site_status" -eq 0 ] || site_show "$tmp/site-browser.txt"
	for site_shot in index-1280 index-390 2020-09/index-1280 2020-09/index-390; do
		check "browser: screenshot $site_shot.png" test -s "$site_shots/$site_shot.png"
	done
fi

# ---- issue 18: the answer first, the picker, readable source, details ----

# Accessibility of every page, both languages and editions (static HTML).
python3 "$top/tests/browser/check_a11y.py" --self-test >"$tmp/site-a11y-self.txt" 2>&1
check "check_a11y.py --self-test finds every planted problem" test $? -eq 0
python3 "$top/tests/browser/check_a11y.py" "$site_out" >"$tmp/site-a11y.txt" 2>&1
site_status=$?
check "a11y: headings in order, alt text, table captions and scopes, no focusable aria-hidden, named links" test "$site_status" -eq 0
[ "$site_status" -eq 0 ] || site_show "$tmp/site-a11y.txt"

# guide.md reads like prose: only the escapes Markdown needs.
for site_md in "$site_out/guide.md" "$site_out/zh-CN/guide.md" "$site_out/2020-09/guide.md"; do
	check "${site_md#"$site_out"/}: no needless escapes (\\\$ \\, \\/ https\\:)" \
		sh -c "! grep -qE '\\\\[\$,/;%]|https\\\\:\\\\/' '$site_md'"
done
check "guide.md still names prices as \$2,500-like text" grep -qE '\$[0-9],[0-9]{3}' "$site_out/guide.md"

# Static assets: the picker is small and asks nothing of other sites.
check "assets/picker.js exists and is under 20 KB" \
	sh -c "test -s '$site_out/assets/picker.js' && test \$(wc -c <'$site_out/assets/picker.js') -lt 20480"
check "picker.js makes no request outside the site" \
	sh -c "! grep -qE 'https?://|//[a-z]' '$site_out/assets/picker.js'"
check "a favicon is linked and exists" \
	sh -c "grep -q 'rel=\"icon\" href=\"assets/favicon.svg\"' '$site_out/index.html' && test -s '$site_out/assets/favicon.svg'"
check "request links are named after their build" \
	grep -qE '<a href="requests/[^"]+\.pdf">purchase request, [^<]+ \(PDF\)</a>' "$site_out/index.html"
check "zh-CN request links are named in Chinese" \
	grep -qE '<a href="requests/[^"]+\.pdf">采购申请：[^<]+（PDF）</a>' "$site_out/zh-CN/index.html"
check "no table is a single row of dashes" sh -c "! grep -qE '<tr>(<td[^>]*>—(</td>)?)+(</tr>|<tr>|</tbody>)' '$site_out/index.html'"
# site_headline PAGE: the headline sentence ("For general deep-learning
# work...") names at least two builds and none twice.
site_headline() {
	python3 - "$1" <<'PY'
import re, sys
text = re.sub(r'<[^>]+>', '', open(sys.argv[1], encoding='utf-8').read())
m = re.search(r'For general deep-learning work.*?\.(?=\s)', text, re.S)
names = re.findall(r'(?:RTX|GTX|Titan|[AHVL])\s?\d{2,4}(?: Ti| Super| PCIe| SXM)?(?: \(used\))?', m.group(0)) if m else []
print(names)
sys.exit(0 if len(names) >= 2 and len(names) == len(set(names)) else 1)
PY
}
for site_page in index.html 2020-09/index.html; do
	check "$site_page: the headline sentence names each build once" site_headline "$site_out/$site_page"
done

# Page weight without a browser: the long reference tables live on the
# edition's reference page, linked from its methodology; long tables name
# a source by its number in the list of sources, which numbers its rows.
for site_ed in "" 2020-09/ zh-CN/ zh-CN/2020-09/; do
	check "${site_ed}index.html links its reference page, which has the list of sources" \
		sh -c "grep -q '<a href=\"reference.html\">' '$site_out/${site_ed}index.html' && grep -q '<th scope=\"row\" id=\"src1\">\\[1\\] ' '$site_out/${site_ed}reference.html'"
	check "${site_ed}index.html keeps no table of assumptions or sources" \
		sh -c "! grep -q 'id=\"src1\"' '$site_out/${site_ed}index.html'"
done
check "reference.html: the assumptions name their sources by number" \
	sh -c "test \$(grep -o '<td><a href=\"#src[0-9]*\">\\[[0-9]*\\]</a>' '$site_out/2020-09/reference.html' | wc -l) -ge 50"
check "assets/style.css and picker.js are served without comments" \
	sh -c "! grep -q '/\\*' '$site_out/assets/style.css' && ! head -c 2 '$site_out/assets/picker.js' | grep -q '/\\*'"

# In a browser: the answer within the first screen, tables that scroll in
# their own box, the picker against the CSV export.
if [ -x /usr/bin/chromium ]; then
	python3 "$top/tests/browser/check_layout.py" "$site_out" "$tmp/layout-shots" >"$tmp/site-layout.txt" 2>&1
	site_status=$?
	check "browser layout at 375 and 1280 px: answer first, no table overflows its scroll container" test "$site_status" -eq 0
	[ "$site_status" -eq 0 ] || site_show "$tmp/site-layout.txt"
	# Page weight (issue 18): every edition page under its weight when the
	# issue was filed (tests/bench/page_weight_baseline.txt), a size check.
	python3 "$top/tests/bench/page_weight.py" --check "$site_out" >"$tmp/site-weight.txt" 2>&1
	site_status=$?
	check "page weight: every edition page under its baseline (HTML + CSS + JS + first-screen charts)" test "$site_status" -eq 0
	[ "$site_status" -eq 0 ] || site_show "$tmp/site-weight.txt"
	python3 "$top/tests/browser/check_tables.py" "$site_out" >"$tmp/site-tables.txt" 2>&1
	site_status=$?
	check "browser tables at 375, 768, 1280, 1920 px: no sideways page, no clipped cell, cards or a pinned key column, no cut-off column on wide screens" test "$site_status" -eq 0
	[ "$site_status" -eq 0 ] || site_show "$tmp/site-tables.txt"
	python3 "$top/tests/browser/check_picker.py" "$site_out" >"$tmp/site-picker.txt" 2>&1
	site_status=$?
	check "browser picker: budget and use-case choices match per_dollar.csv and recommendations.csv" test "$site_status" -eq 0
	[ "$site_status" -eq 0 ] || site_show "$tmp/site-picker.txt"
fi
