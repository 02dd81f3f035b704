[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/harden.sh): hardening round four (issue 43).  Every refused
# run exits 1 with one `file:line:col: message` and leaves the previous
# output byte for byte.
#   class 1: what data/README.md documents, the loader enforces (a walk
#            of README's tables, one value outside each documented rule)
#   class 3: text is UTF-8 in every template kind
#   class 4: the previous run's guide.json is untrusted input
hd_mini="$top/tests/data/mini"
hd_out="$tmp/harden-out"
"$bin" -q --data "$hd_mini" --out "$hd_out"
hd_snapshot() { (cd "$hd_out" && find . -type f | sort | xargs md5sum); }
hd_snapshot >"$tmp/hd-before.md5"

# hd_expect NAME STATUS PATTERN COMMAND...: exit status, a line of stderr
# matching the grep pattern, and the previous output untouched.
hd_expect() {
	hd_name=$1 hd_status=$2 hd_pattern=$3
	shift 3
	"$@" >/dev/null 2>"$tmp/hd-stderr"
	hd_got=$?
	if [ "$hd_got" -eq "$hd_status" ] && grep -q -- "$hd_pattern" "$tmp/hd-stderr" \
	    && hd_snapshot | cmp -s - "$tmp/hd-before.md5"; then
		pass
	else
		fail "$hd_name: status $hd_got"
		printf '  expected: %s\n  actual:   %s\n' "$hd_pattern" "$(head -c 300 "$tmp/hd-stderr")"
	fi
}

# ---- class 1: what data/README.md documents, the loader enforces -----------
# tests/readme_rules.py walks README's tables (every file's column table,
# the numeric column ranges, the assumption ranges and the text
# assumptions) and writes one value outside each documented rule into a
# copy of data/current (data/2020-09 for its own files); each must be
# refused by --check at that cell's line and column.
python3 "$top/tests/readme_rules.py" "$bin" "$top/data/README.md" "$top" "$tmp" >"$tmp/hd-rules.txt"
hd_rules=0
while IFS= read -r hd_r; do
	case $hd_r in
	pass*) pass; hd_rules=$((hd_rules + 1)) ;;
	FAIL*) fail "data/README.md rule not enforced: ${hd_r#FAIL }"; hd_rules=$((hd_rules + 1)) ;;
	esac
done <"$tmp/hd-rules.txt"
# the walk found the tables (a renamed heading would silently test nothing)
if [ "$hd_rules" -ge 200 ]; then pass; else
	fail "data/README.md tables walked: $hd_rules rules tried, expected 200 or more"
fi

# ---- class 3: UTF-8 in every template kind --------------------------------
# Each kind of template gets an invalid byte, an overlong form of '/' and
# a UTF-16 surrogate on a line of its own; the run is refused at that line.
# The mini edition reads the shared sections; a copy of data/current that
# keeps its name reads the current edition's own (templates/*/editions/).
mkdir -p "$tmp/hd-cur"
rm -rf "$tmp/hd-cur/current" && cp -r "$data_dir/current" "$tmp/hd-cur/current"
for hd_kind in guide.md sections/advice.md editions/current/rules.md \
    layout.html 404.html strings.csv; do
	for hd_bytes in 'ff:\377' 'overlong:\300\257' 'surrogate:\355\240\200'; do
		hd_tpl="$tmp/hd-tpl"
		rm -rf "$hd_tpl" && cp -r "$top/templates" "$hd_tpl"
		case $hd_kind in
		layout.html | 404.html) hd_file="$hd_tpl/$hd_kind" ;;
		*) hd_file="$hd_tpl/en/$hd_kind" ;;
		esac
		hd_line=$(($(wc -l <"$hd_file") + 1))
		if [ "$hd_kind" = strings.csv ]; then
			printf "x.hd,\"bad ${hd_bytes#*:} text\"\n" >>"$hd_file"
		else
			printf "bad ${hd_bytes#*:} text\n" >>"$hd_file"
		fi
		case $hd_kind in
		editions/current/*) hd_data="$tmp/hd-cur" ;;
		*) hd_data="$hd_mini" ;;
		esac
		hd_expect "template $hd_kind with ${hd_bytes%%:*} bytes is refused at its line" 1 \
			"^$hd_file:$hd_line:[0-9]*: not valid UTF-8" \
			"$bin" -q --data "$hd_data" --templates "$hd_tpl" --out "$hd_out"
	done
done
rm -rf "$tmp/hd-tpl"

# ---- class 4: the previous run is untrusted input -------------------------
# A guide.json given as --previous (or found as OUT/data/guide.json) that
# holds a terminal escape, invalid UTF-8, a number out of range or a shape
# that would take far more memory than its size is not read: the run
# warns (the warning shows no raw control character), leaves the "What
# changed" section out and copies nothing of it into the output.
hd_prev_out="$tmp/hd-prev-out"
rm -rf "$hd_prev_out"
"$bin" -q --data "$hd_mini" --out "$hd_prev_out"
hd_good="$hd_prev_out/data/guide.json"
# hd_previous NAME PYTHON-EDIT FRAGMENT: writes $tmp/hd-prev.json (the good
# guide.json edited by the Python expression on d, or raw bytes when the
# edit is a bytes object), runs with --previous and checks the warning.
hd_previous() {
	python3 - "$hd_good" "$tmp/hd-prev.json" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
result = eval(sys.argv[3], {"d": d, "json": json})
if isinstance(result, bytes):
    open(sys.argv[2], "wb").write(result)
else:
    open(sys.argv[2], "w", encoding="utf-8").write(json.dumps(d))
PY
	rm -rf "$tmp/hd-prev-run"
	"$bin" --data "$hd_mini" --previous "$tmp/hd-prev.json" --out "$tmp/hd-prev-run" \
		>/dev/null 2>"$tmp/hd-prev-err"
	hd_st=$?
	if [ "$hd_st" -eq 0 ] && grep -qF -- "$3" "$tmp/hd-prev-err" \
	    && grep -qF "no changes shown" "$tmp/hd-prev-err" \
	    && ! LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037\177]')" "$tmp/hd-prev-err" \
	    && ! LC_ALL=C grep -rq --include='*.csv' --include='*.json' --include='*.html' \
		"$(printf '\033')" "$tmp/hd-prev-run" \
	    && [ ! -e "$tmp/hd-prev-run/data/previous.json" ]; then
		pass
	else
		fail "previous run with $1: status $hd_st, $(head -c 300 "$tmp/hd-prev-err" | tr -d '\033')"
	fi
}
hd_previous "a terminal escape in a GPU name" \
	'd["per_dollar"][0].__setitem__("gpu", "\u001b[2J\u001b]0;pwned\u0007RTX")' \
	"control character in string"
hd_previous "a terminal escape in a pick" \
	'd["recommendations"][0].__setitem__("best_value", "1x \u001b[31mRTX")' \
	"control character in string"
hd_previous "a C1 control (U+009B, CSI) in a use case" \
	'd["recommendations"][0].__setitem__("use_case", "kaggle\u009b2J")' \
	"control character in string"
hd_previous "invalid UTF-8 in a string" \
	'json.dumps(d).replace("RTX 3080", "RTX \xff3080", 1).encode("latin-1")' \
	"not valid UTF-8"
hd_previous "a price of 1e300" \
	'd["per_dollar"][0].__setitem__("gpu_price_usd", 1e300)' \
	"per_dollar[0].gpu_price_usd: not a number from 0 to 1e+07"
hd_previous "a negative price" \
	'd["per_dollar"][0].__setitem__("gpu_price_usd", -5)' \
	"per_dollar[0].gpu_price_usd: not a number from 0 to 1e+07"
hd_previous "a rank beyond an int" \
	'd["per_dollar"][0].__setitem__("rank_cnn", 1e12)' \
	"per_dollar[0].rank_cnn: not a whole number"
hd_previous "a price condition that is not one" \
	'd["per_dollar"][0].__setitem__("price_condition", "<b>")' \
	"per_dollar[0].price_condition"
hd_previous "a data_date that is not a date" \
	'd.__setitem__("data_date", "yesterday")' \
	"data_date: not a date"
hd_previous "a number of 5000 digits" \
	'd["per_dollar"][0].__setitem__("rank_cnn", 0) or json.dumps(d).replace("\"rank_cnn\": 0", "\"rank_cnn\": " + "1" * 5000, 1).encode()' \
	"number too long"
# 3 MB of one-character values: the tree would take ~40 times the file
hd_previous "a shape that takes 40 times its size in memory" \
	'("[" + "0," * 1500000 + "0]").encode()' \
	"times the file's size in memory"
# the good file still gives "nothing changed"
"$bin" --data "$hd_mini" --previous "$hd_good" --out "$tmp/hd-prev-run" >/dev/null 2>"$tmp/hd-prev-err"
check "a previous run of our own is read (nothing changed)" grep -q "nothing changed since" "$tmp/hd-prev-err"
rm -rf "$tmp/hd-prev-run" "$tmp/hd-prev.json" "$hd_prev_out"
