[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/feasibility.sh): picks an expert would sign (issue 31, item 1).
# The current edition's picks keep the rules their use cases require,
# checked from the export and the data by tests/feasibility.py (not by the
# program's own filter); passive cards in desktops are flagged; the use
# cases ask for what an expert would; the excluded builds name their
# rules; a tie names the build the rule for ties buys (issue 31, item 6).
# The unit test rules_of_builds checks the rules on builds made
# for them.
for what in picks airflow policy excluded ties; do
	check "feasibility: $what (current)" \
		python3 "$top/tests/feasibility.py" "$what" "$out_dir" "$data_dir/current"
done
# the 2020-09 edition keeps the article's picks: no rules, an empty list
check "feasibility: 2020-09 asks no rules and excludes nothing" sh -c \
	"test \"\$(wc -l <'$out_dir/2020-09/data/excluded_builds.csv')\" -eq 1"
