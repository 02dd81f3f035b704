[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/lineends.sh): positions are right for every line ending
# (issue 28, item 5).  A CSV file and a template saved with LF, CRLF or
# bare CR (old Mac) line endings, with a mistake on line 4, are refused
# naming line 4 (a bare CR used to count as no line end at all: line 1,
# column 800-odd).

le_data="$tmp/le-data"
le_out="$tmp/le-out"

# le_convert FILE ENDING: FILE with its LF line ends turned into ENDING.
le_convert() {
	python3 -c 'import sys
p, e = sys.argv[1], {"lf": "\n", "crlf": "\r\n", "cr": "\r"}[sys.argv[2]]
s = open(p, newline="").read()
open(p, "w", newline="").write(s.replace("\n", e))' "$1" "$2"
}

for le_end in lf crlf cr; do
	rm -rf "$le_data" && cp -r "$top/tests/data/mini" "$le_data"
	# line 4 of gpus.csv: its memory_gb (column 5) is not a number
	awk -F, -v OFS=, 'NR == 4 { $5 = "lots" } { print }' \
	    "$top/tests/data/mini/gpus.csv" >"$le_data/gpus.csv"
	le_convert "$le_data/gpus.csv" "$le_end"
	le_col=$(awk -F, 'NR == 4 { print length($1 "," $2 "," $3 "," $4 ",") + 1 }' \
	    "$top/tests/data/mini/gpus.csv")
	"$bin" -q --check --data "$le_data" >/dev/null 2>"$tmp/le-err"
	st=$?
	if [ "$st" -eq 1 ] && grep -q "gpus.csv:4:$le_col: 'lots' is not a number" "$tmp/le-err"; then
		pass
	else
		fail "CSV with $le_end line ends: a mistake on line 4 says gpus.csv:4:$le_col (status $st: $(head -c 200 "$tmp/le-err"))"
	fi

	rm -rf "$tmp/le-tpl" && cp -r "$top/templates" "$tmp/le-tpl"
	awk 'NR == 4 { print "Odd {{no_such_value}} here" } { print }' \
	    "$top/templates/en/guide.md" >"$tmp/le-tpl/en/guide.md"
	le_convert "$tmp/le-tpl/en/guide.md" "$le_end"
	"$bin" -q --data "$top/tests/data/mini" --templates "$tmp/le-tpl" \
	    --lang en --out "$le_out" >/dev/null 2>"$tmp/le-err"
	st=$?
	if [ "$st" -eq 1 ] && grep -q "guide.md:4:5: unknown value '{{no_such_value}}'" "$tmp/le-err"; then
		pass
	else
		fail "template with $le_end line ends: a mistake on line 4 says guide.md:4:5 (status $st: $(head -c 200 "$tmp/le-err"))"
	fi
done
rm -rf "$le_data" "$le_out" "$tmp/le-tpl"
