# Sourced by tests/run.sh: numbers and dates mean what data/README.md says
# (issue 28, item 6).  The README lists the forms of a number and of a
# date that the loader takes and refuses; each is written into a cell of
# the mini edition (gpus.csv memory_gb, prices.csv date) and run through
# --check: a refused form is an error at that cell, an accepted one is
# never refused for its form (a sign may still break the column's own
# sign rule).  So the README and the loader cannot drift apart.

nb_readme="$top/data/README.md"
nb_data="$tmp/nb-data"

# nb_forms LABEL: the backticked forms on README's "- LABEL:" line, one a line.
nb_forms() {
	python3 -c 'import re, sys
label = sys.argv[2]
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.strip()
    if line.startswith("- " + label + ":"):
        for form in re.findall(r"`([^`]*)`", line):
            print(form)' "$nb_readme" "$1"
}

# nb_try FILE LINE FIELD VALUE: --check on the mini edition with field
# FIELD of line LINE of FILE set to VALUE (written as the CSV cell, quoted
# when it holds a comma or a space at either end); stderr in $tmp/nb-err.
nb_try() {
	rm -rf "$nb_data" && cp -r "$top/tests/data/mini" "$nb_data"
	python3 -c 'import sys
path, line, field, value = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rows = open(path, encoding="utf-8").read().split("\n")
cells = rows[line - 1].split(",")
cells[field - 1] = ("\"%s\"" % value) if ("," in value or value != value.strip()) else value
rows[line - 1] = ",".join(cells)
open(path, "w", encoding="utf-8").write("\n".join(rows))' "$nb_data/$1" "$2" "$3" "$4"
	"$bin" -q --check --data "$nb_data" >/dev/null 2>"$tmp/nb-err"
}

nb_count=0
while IFS= read -r nb_form; do
	nb_count=$((nb_count + 1))
	nb_try gpus.csv 2 5 "$nb_form"
	if grep -q "is not a number" "$tmp/nb-err"; then
		fail "data/README.md accepts the number '$nb_form' but the loader refuses it: $(head -c 200 "$tmp/nb-err")"
	else
		pass
	fi
done <<EOF_FORMS
$(nb_forms "numbers accepted")
EOF_FORMS
while IFS= read -r nb_form; do
	nb_count=$((nb_count + 1))
	nb_try gpus.csv 2 5 "$nb_form"
	st=$?
	if [ "$st" -eq 1 ] && grep -q "gpus.csv:2:[0-9]*: '.*' is not a number (column 'memory_gb'" "$tmp/nb-err"; then
		pass
	else
		fail "data/README.md refuses the number '$nb_form' but the loader takes it (status $st: $(head -c 200 "$tmp/nb-err"))"
	fi
done <<EOF_FORMS
$(nb_forms "numbers refused")
EOF_FORMS
while IFS= read -r nb_form; do
	nb_count=$((nb_count + 1))
	nb_try prices.csv 2 8 "$nb_form"
	if [ $? -eq 0 ]; then pass; else
		fail "data/README.md accepts the date '$nb_form' but the loader refuses it: $(head -c 200 "$tmp/nb-err")"
	fi
done <<EOF_FORMS
$(nb_forms "dates accepted")
EOF_FORMS
while IFS= read -r nb_form; do
	nb_count=$((nb_count + 1))
	nb_try prices.csv 2 8 "$nb_form"
	st=$?
	if [ "$st" -eq 1 ] && grep -q "prices.csv:2:[0-9]*: date '.*' is not a valid date YYYY-MM-DD" "$tmp/nb-err"; then
		pass
	else
		fail "data/README.md refuses the date '$nb_form' but the loader takes it (status $st: $(head -c 200 "$tmp/nb-err"))"
	fi
done <<EOF_FORMS
$(nb_forms "dates refused")
EOF_FORMS
# the four lists were found and are not empty
if [ "$nb_count" -ge 30 ]; then pass; else
	fail "data/README.md lists the number and date forms (found $nb_count, expected 30 or more)"
fi
rm -rf "$nb_data"
