[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/intervals.sh): the ranges of the model (issue 12) reach the
# reader.  For both editions: every modelled figure's range is printed on
# the page and in the PDF, the export's ranges hold their value, and the
# recommendations call a tie exactly when the per-dollar ranges of pick
# and runner-up overlap (tests/intervals.py says how each is checked).
for ed in "" "2020-09/"; do
	for what in intervals bounds ties; do
		check "ranges: $what (${ed:-current})" \
			python3 "$top/tests/intervals.py" "$what" "$out_dir/${ed%/}"
	done
done
