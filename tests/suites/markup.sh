[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/markup.sh): templates and strings are author input, not
# trusted HTML (issue 28, item 2; the policy is in README.md, "Templates
# and strings").  A template's raw HTML (but a <!-- comment -->) and its
# links to anything but http(s), mailto, a relative path or a #fragment
# are refused at the template's line and column; a strings.csv value is
# escaped where it goes into HTML; every page carries a
# Content-Security-Policy without inline script, which the browser
# enforces (tests/browser/check_csp.py).

mk_tpl="$tmp/mk-tpl"
mk_out="$tmp/mk-out"

# mk_run FILE LINE TEXT: the mini edition in English with TEXT put in as
# line LINE of templates/en/FILE; status in mk_st, stderr in $tmp/mk-err.
mk_run() {
	rm -rf "$mk_tpl" && cp -r "$top/templates" "$mk_tpl"
	awk -v n="$2" -v t="$3" 'NR == n { print t } { print }' \
	    "$top/templates/en/$1" >"$mk_tpl/en/$1"
	"$bin" -q --data "$top/tests/data/mini" --templates "$mk_tpl" \
	    --lang en --out "$mk_out" >/dev/null 2>"$tmp/mk-err"
	mk_st=$?
}

# mk_refused NAME FILE TEXT COL WHY: TEXT as line 3 of FILE is refused at
# FILE:3:COL with a message containing WHY.
mk_refused() {
	mk_run "$2" 3 "$3"
	if [ "$mk_st" -eq 1 ] && grep -qF "en/$2:3:$4: $5" "$tmp/mk-err"; then
		pass
	else
		fail "template $1 refused at en/$2:3:$4 (status $mk_st: $(head -c 200 "$tmp/mk-err"))"
	fi
}

mk_html="raw HTML is not published"
mk_link="a link may only go to"
mk_refused "<script> block" guide.md '<script>alert(1)</script>' 1 "$mk_html"
mk_refused "onerror attribute" guide.md 'Look <img src=x onerror=alert(1)> here' 6 "$mk_html"
mk_refused "javascript: link" guide.md 'A [link](javascript:alert(1)) here' 3 "$mk_link"
mk_refused "JaVaScRiPt: link" guide.md 'A [link](JaVaScRiPt:alert(1)) here' 3 "$mk_link"
mk_refused "entity-encoded javascript: link" guide.md 'A [link](&#106;avascript:alert(1)) here' 3 "$mk_link"
mk_refused "javascript: autolink" guide.md 'See <javascript:alert(1)>' 5 "$mk_link"
mk_refused "data: link" guide.md 'A [link](data:text/html;base64,PHNjcmlwdD4=) here' 3 "$mk_link"
mk_refused "data: image" guide.md '![chart](data:image/svg+xml,x)' 1 "$mk_link"
mk_refused "vbscript: link" guide.md '[x](vbscript:msgbox)' 1 "$mk_link"
mk_refused "file: link" guide.md '[x](file:///etc/passwd)' 1 "$mk_link"
mk_refused "<script> in a section file" sections/qa.md '<script>alert(1)</script>' 1 "$mk_html"

# what authors may write still goes through
mk_run guide.md 3 'Text <!-- a note --> [a](https://example.org) [b](#top) [c](../x.html) [d](mailto:a@example.org) [e](http://example.org/x?y=1)'
if [ "$mk_st" -eq 0 ]; then pass; else
	fail "a template with a comment and http(s), #fragment, relative and mailto links is taken (status $mk_st: $(head -c 200 "$tmp/mk-err"))"
fi

# a strings.csv value with markup is escaped where it goes into HTML
rm -rf "$mk_tpl" && cp -r "$top/templates" "$mk_tpl"
python3 -c 'import csv, sys
path = sys.argv[1]
rows = list(csv.reader(open(path, encoding="utf-8", newline="")))
for r in rows:
    if r and r[0] == "layout.skip":
        r[1] = "<b id=\"mk\">Skip</b>"
    if r and r[0] == "html.reference_link":
        r[1] = "<i id=\"mk2\">More</i>: {1}."
csv.writer(open(path, "w", encoding="utf-8", newline=""), lineterminator="\n").writerows(rows)' \
    "$mk_tpl/en/strings.csv"
"$bin" -q --data "$data_dir" --templates "$mk_tpl" --lang en --out "$mk_out" \
    >/dev/null 2>"$tmp/mk-err"
mk_st=$?
if [ "$mk_st" -eq 0 ] && ! grep -q '<b id="mk">' "$mk_out/index.html" \
    && grep -q '&lt;b id=&quot;mk&quot;&gt;Skip&lt;/b&gt;' "$mk_out/index.html"; then
	pass
else
	fail "a strings.csv value with <b> is escaped in the layout (status $mk_st)"
fi
if [ "$mk_st" -eq 0 ] && ! grep -q '<i id="mk2">' "$mk_out/index.html" \
    && grep -q '&lt;i id=&quot;mk2&quot;&gt;More&lt;/i&gt;: <a href=' "$mk_out/index.html"; then
	pass
else
	fail "html.reference_link is escaped, its {1} slot still the link (status $mk_st)"
fi

# every page of the real output carries the policy, without inline script
mk_pages=$(find "$out_dir" -name '*.html' | wc -l)
mk_csp=$(grep -l "http-equiv=\"Content-Security-Policy\" content=\"default-src '[a-z]*';" \
    $(find "$out_dir" -name '*.html') | xargs grep -L "unsafe-inline'; img-src 'self'\|script-src[^;]*unsafe-inline" | wc -l)
if [ "$mk_pages" -gt 0 ] && [ "$mk_csp" -eq "$mk_pages" ]; then pass; else
	fail "every page of out/ has a Content-Security-Policy without inline script ($mk_csp of $mk_pages)"
fi
if python3 "$top/tests/browser/check_csp.py" "$out_dir" >"$tmp/mk-csp" 2>&1; then pass; else
	fail "the browser blocks an inline script and an onerror attribute: $(cat "$tmp/mk-csp")"
fi
rm -rf "$mk_tpl" "$mk_out"
