[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/lang.sh): adding a language is adding templates/LANG/
# and nothing in gen/.  A pseudo-locale made from templates/en (every
# letter accented, every string in brackets) builds a whole site with
# its PDF and requests, and no English of the strings is left in the
# pages; the same check does find English in the English site.  Every
# string key the code names is in the reference strings, and a language
# missing a key fails at load time naming it.
check "every string key the C code names is in templates/en/strings.csv" \
	python3 "$top/tests/strings_keys.py" "$top/gen" "$top/templates/en/strings.csv"
ps_tpl="$tmp/pseudo-templates"
rm -rf "$ps_tpl" && cp -R "$top/templates" "$ps_tpl"
python3 "$top/tests/lang/make_pseudo.py" "$top/templates/en" "$ps_tpl/xx-pseudo"
check "pseudo-locale xx-pseudo generates site, PDF and requests" \
	"$bin" -q --templates "$ps_tpl" --lang xx-pseudo --out "$tmp/pseudo-out"
for f in index.html guide.pdf data/guide.json 2020-09/index.html; do
	check "pseudo-locale wrote $f" test -s "$tmp/pseudo-out/$f"
done
check "pseudo-locale wrote purchase requests" \
	sh -c "ls '$tmp/pseudo-out/requests/'*.pdf >/dev/null"
check "pseudo-locale pages have no English from the strings" \
	python3 "$top/tests/lang/no_english.py" "$top/templates/en/strings.csv" \
	"$data_dir" "$tmp/pseudo-out"
check "the English check finds English in the English site" \
	sh -c "! python3 '$top/tests/lang/no_english.py' '$top/templates/en/strings.csv' '$data_dir' '$out_dir'"
check "pseudo-locale page is in its language (lang attribute)" \
	grep -q '<html lang="xx-pseudo"' "$tmp/pseudo-out/index.html"
# A language without one of the reference keys: a load-time error naming it.
grep -v '^unit.watt,' "$ps_tpl/xx-pseudo/strings.csv" >"$ps_tpl/xx-pseudo/s.csv"
mkdir -p "$ps_tpl/xx-missing"
cp "$ps_tpl/xx-pseudo/guide.md" "$ps_tpl/xx-missing/guide.md"
mv "$ps_tpl/xx-pseudo/s.csv" "$ps_tpl/xx-missing/strings.csv"
"$bin" -q --templates "$ps_tpl" --lang xx-missing --out "$tmp/pseudo-missing" \
	2>"$tmp/pseudo-missing.err"
ps_status=$?
check "a language missing a key exits 1" test "$ps_status" -eq 1
check "the error names the missing key" \
	grep -q "xx-missing/strings.csv: missing string 'unit.watt'" "$tmp/pseudo-missing.err"
check "nothing is written for a language missing a key" test ! -e "$tmp/pseudo-missing"
