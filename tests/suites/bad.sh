[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/bad.sh): the bad-input corpus of tests/bad/.  Every case
# must exit with its status and message and leave a previous output folder
# byte for byte.
#   tests/bad/data/CASE/      CSV files replacing the mini edition's
#                             (tests/data/mini), an optional `remove` list,
#                             and `expect`: the exact message, EDITION
#                             standing for the edition folder; status 1.
#   tests/bad/templates/CASE/ files replacing the templates' (guide.md and
#                             strings.csv go to en/), and `expect`, with
#                             TEMPLATES for the templates folder; status 1.
#   tests/bad/cli/cases.txt   status | arguments | message fragment.

bad_out="$tmp/bad-out"
"$bin" -q --data "$top/tests/data/mini" --out "$bad_out"
bad_snapshot() { snapshot "$bad_out"; }
bad_snapshot >"$tmp/bad-before.md5"
bad_unchanged() { bad_snapshot | cmp -s - "$tmp/bad-before.md5"; }

# bad_expect NAME STATUS EXPECTED-MESSAGE ARGS...: exact message on stderr.
bad_expect() {
	bad_name=$1 bad_status=$2 bad_message=$3; shift 3
	"$bin" -q "$@" >/dev/null 2>"$tmp/stderr"
	bad_got=$?
	bad_actual=$(cat "$tmp/stderr")
	if [ "$bad_got" -eq "$bad_status" ] && [ "$bad_actual" = "$bad_message" ] && bad_unchanged; then
		pass
	else
		fail "bad input $bad_name: status $bad_got"
		printf '  expected: %s\n  actual:   %s\n' "$bad_message" "$bad_actual"
	fi
}

for bad_case in "$top"/tests/bad/data/*/; do
	bad_name=$(basename "$bad_case")
	bad_ed="$tmp/bad-$bad_name"
	cp -r "$top/tests/data/mini" "$bad_ed"
	for f in "$bad_case"*.csv; do
		[ -e "$f" ] && cp "$f" "$bad_ed/"
	done
	if [ -f "$bad_case/remove" ]; then
		while read -r f; do rm -f "$bad_ed/$f"; done <"$bad_case/remove"
	fi
	bad_expect "data/$bad_name" 1 "$(sed "s|EDITION|$bad_ed|" "$bad_case/expect")" \
		--data "$bad_ed" --out "$bad_out"
	# --check finds the same problem without writing anything
	"$bin" --check --data "$bad_ed" >/dev/null 2>"$tmp/stderr"
	check "bad input data/$bad_name: --check exits 1" test $? -eq 1
done

for bad_case in "$top"/tests/bad/templates/*/; do
	bad_name=$(basename "$bad_case")
	bad_tpl="$tmp/tpl-$bad_name"
	cp -r "$top/templates" "$bad_tpl"
	for f in "$bad_case"*; do
		case "$f" in
		*/expect) ;;
		*.md | */strings.csv) cp "$f" "$bad_tpl/en/" ;;
		*) cp "$f" "$bad_tpl/" ;;
		esac
	done
	bad_expect "templates/$bad_name" 1 "$(sed "s|TEMPLATES|$bad_tpl|g" "$bad_case/expect")" \
		--data "$top/tests/data/mini" --templates "$bad_tpl" --out "$bad_out"
done

# Fixtures of the command-line cases.
mkdir -p "$tmp/foreign" && echo keep >"$tmp/foreign/notes.txt"
: >"$tmp/a-file"
mkdir -p "$tmp/huge"
cp "$top"/tests/data/mini/*.csv "$tmp/huge/"
head -c 52428801 /dev/zero | tr '\0' ' ' >"$tmp/huge/gpus.csv"
mkdir -p "$tmp/edclash"
cp -r "$top/tests/data/mini" "$tmp/edclash/current"
cp -r "$top/tests/data/mini" "$tmp/edclash/charts"
# Edition folder names outside the pattern (issue 16, class 2).
for bad_pair in 'edhidden:.old' 'edindex:index.html' \
    'edquote:x" onmouseover="alert(1)' 'edspace:a b#c?d' \
    "edlong:$(printf 'e%.0s' $(seq 65))" "edcontrol:$(printf 'x\033[31my')"; do
	bad_dir="$tmp/${bad_pair%%:*}"
	mkdir -p "$bad_dir"
	cp -r "$top/tests/data/mini" "$bad_dir/current"
	cp -r "$top/tests/data/mini" "$bad_dir/${bad_pair#*:}"
done
cp -r "$top/templates" "$tmp/huge-template"
head -c 1048577 /dev/zero | tr '\0' ' ' >"$tmp/huge-template/en/guide.md"

while IFS='|' read -r bad_status bad_args bad_fragment; do
	case "$bad_status" in '#'* | '') continue ;; esac
	bad_args=$(printf '%s' "$bad_args" | sed "s|@MINI@|$top/tests/data/mini|g; s|@OUT@|$bad_out|g; s|@TMP@|$tmp|g")
	bad_fragment=$(printf '%s' "$bad_fragment" | sed "s|@TMP@|$tmp|g")
	# shellcheck disable=SC2086 # the arguments are meant to split
	"$bin" -q $bad_args >/dev/null 2>"$tmp/stderr"
	bad_got=$?
	if [ "$bad_got" -eq "$bad_status" ] && grep -qF -- "$bad_fragment" "$tmp/stderr" && bad_unchanged; then
		pass
	else
		fail "bad command line: $bad_args: status $bad_got"
		printf '  expected: %s\n  actual:   %s\n' "$bad_fragment" "$(cat "$tmp/stderr")"
	fi
done <"$top/tests/bad/cli/cases.txt"
check "foreign folder untouched by refused runs" grep -q keep "$tmp/foreign/notes.txt"

# A UTF-8 BOM and CRLF line ends are fine.
bad_ed="$tmp/bom-crlf"
cp -r "$top/tests/data/mini" "$bad_ed"
for f in "$bad_ed"/*.csv; do
	{ printf '\357\273\277'; sed 's/$/\r/' "$f"; } >"$f.new" && mv "$f.new" "$f"
done
check "BOM and CRLF accepted" "$bin" --check --data "$bad_ed"
