[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/numbers.sh): numbers and dates mean what data/README.md says
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
# nb_each LABEL FILE LINE FIELD KIND REFUSAL: every form of README's
# "- LABEL:" line in that cell; KIND "accepted" passes when the loader
# does not refuse its form, "refused" when it refuses it with REFUSAL (a
# grep pattern) at that line.
nb_each() {
	nb_label=$1 nb_file=$2 nb_line=$3 nb_field=$4 nb_kind=$5 nb_refusal=$6
	while IFS= read -r nb_form; do
		nb_count=$((nb_count + 1))
		nb_try "$nb_file" "$nb_line" "$nb_field" "$nb_form"
		st=$?
		if [ "$nb_kind" = accepted ]; then
			if [ "$st" -eq 0 ] || ! grep -q "$nb_refusal" "$tmp/nb-err"; then pass; else
				fail "data/README.md lists '$nb_form' under $nb_label but the loader refuses it: $(head -c 200 "$tmp/nb-err")"
			fi
		elif [ "$st" -eq 1 ] && grep -q "$nb_file:$nb_line:[0-9]*: $nb_refusal" "$tmp/nb-err"; then
			pass
		else
			fail "data/README.md lists '$nb_form' under $nb_label but the loader takes it (status $st: $(head -c 200 "$tmp/nb-err"))"
		fi
	done <<EOF_FORMS
$(nb_forms "$nb_label")
EOF_FORMS
}
nb_number="'.*' is not a number (column 'memory_gb'"
nb_date="date '.*' is not a valid date YYYY-MM-DD"
nb_each "numbers accepted" gpus.csv 2 5 accepted "is not a number"
nb_each "numbers refused" gpus.csv 2 5 refused "$nb_number"
nb_each "dates accepted" prices.csv 2 8 accepted "is not a valid date"
nb_each "dates refused" prices.csv 2 8 refused "$nb_date"
# the four lists were found and are not empty
if [ "$nb_count" -ge 30 ]; then pass; else
	fail "data/README.md lists the number and date forms (found $nb_count, expected 30 or more)"
fi
rm -rf "$nb_data"
