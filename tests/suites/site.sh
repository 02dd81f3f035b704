# Sourced by tests/run.sh: the published site in out/ (what GitHub Pages
# serves). Markup, links and alt text are checked by tests/check_site.py;
# when Debian's Chromium is installed, tests/browser_check.sh opens the pages.
# Variables and functions here start with site_ (run.sh sources every suite
# into one shell).

site_out="$top/out"

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
