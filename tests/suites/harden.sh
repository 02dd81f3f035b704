# Sourced by tests/run.sh: hardening round four (issue 43).  Every refused
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
rm -rf "$tmp/hd-cur/current" && cp -r "$top/data/current" "$tmp/hd-cur/current"
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
