[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/hostile.sh): hostile inputs that need an environment, a
# signal or a big file rather than a case of tests/bad/ (issue 16):
# SOURCE_DATE_EPOCH, fonts, signals, stale temporary folders, attributes
# built in C, row and expansion limits.  Every refused run must leave the
# previous output byte for byte.
ho_mini="$top/tests/data/mini"
ho_out="$tmp/hostile-out"
"$bin" -q --data "$ho_mini" --out "$ho_out"
ho_snapshot() { snapshot "$ho_out"; }
ho_snapshot >"$tmp/ho-before.md5"

# ho_expect NAME STATUS FRAGMENT COMMAND...: exit status, a message
# fragment on stderr, and the previous output untouched.
ho_expect() {
	ho_name=$1 ho_status=$2 ho_fragment=$3
	shift 3
	"$@" >/dev/null 2>"$tmp/ho-stderr"
	ho_got=$?
	if [ "$ho_got" -eq "$ho_status" ] && grep -qF -- "$ho_fragment" "$tmp/ho-stderr" \
	    && ho_snapshot | cmp -s - "$tmp/ho-before.md5"; then
		pass
	else
		fail "$ho_name: status $ho_got"
		printf '  expected: %s\n  actual:   %s\n' "$ho_fragment" "$(cat "$tmp/ho-stderr")"
	fi
}

# ---- class 7: SOURCE_DATE_EPOCH and dates after the run's date ----------
for ho_v in garbage 1700000000abc -5 ' 1700000000' 1e9 99999999999999; do
	ho_expect "SOURCE_DATE_EPOCH='$ho_v' is refused" 2 \
		"gpuguide: SOURCE_DATE_EPOCH '$ho_v' is not a whole number" \
		env SOURCE_DATE_EPOCH="$ho_v" "$bin" -q --data "$ho_mini" --out "$ho_out"
done
ho_expect "SOURCE_DATE_EPOCH garbage refused by --check too" 2 \
	"SOURCE_DATE_EPOCH 'garbage'" env SOURCE_DATE_EPOCH=garbage "$bin" --check --data "$ho_mini"
ho_expect "a row dated after SOURCE_DATE_EPOCH (2020-01-01) is located" 1 \
	"$ho_mini/gpus.csv:2:24: launch_date 2020-09-17 is in the future" \
	env SOURCE_DATE_EPOCH=1577836800 "$bin" --check --data "$ho_mini"
check "a run dated after every row (2020-10-01) accepts the data" \
	env SOURCE_DATE_EPOCH=1601510400 "$bin" --check --data "$ho_mini"

# ---- class 9: fonts ------------------------------------------------------
mkdir -p "$tmp/nofonts/cache"
printf '<?xml version="1.0"?>\n<fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>\n' \
	"$tmp/nofonts" "$tmp/nofonts/cache" >"$tmp/nofonts/fonts.conf"
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' >"$tmp/nofonts/empty.conf"
ho_expect "no fonts in the fontconfig setup: exit 2 naming the family" 2 \
	"gpuguide: font family 'DejaVu Sans' is not installed" \
	env FONTCONFIG_FILE="$tmp/nofonts/fonts.conf" "$bin" -q --data "$ho_mini" --out "$ho_out"
ho_expect "an empty fontconfig configuration: exit 2" 2 "is not installed" \
	env FONTCONFIG_FILE="$tmp/nofonts/empty.conf" "$bin" -q --data "$ho_mini" --out "$ho_out"
cp -r "$top/templates" "$tmp/ho-font-tpl"
sed 's/^font.sans,.*/font.sans,No Such Font Family/' "$top/templates/en/strings.csv" \
	>"$tmp/ho-font-tpl/en/strings.csv"
ho_expect "the language's font.sans must be installed" 2 \
	"font family 'No Such Font Family' is not installed" \
	"$bin" -q --data "$ho_mini" --templates "$tmp/ho-font-tpl" --out "$ho_out"

# ---- class 9: signals clean the temporary folder --------------------------
for ho_sig in INT TERM HUP; do
	"$bin" -q --out "$ho_out" &
	ho_pid=$!
	ho_i=0
	while [ $ho_i -lt 200 ] && ! ls -d "$tmp"/.hostile-out.tmp-* >/dev/null 2>&1; do
		sleep 0.05
		ho_i=$((ho_i + 1))
	done
	sleep 0.3
	# the shell reports the killed job ("Terminated", "Hangup") on its
	# stderr: expected here, so kept off the terminal
	{
		kill -s "$ho_sig" "$ho_pid"
		wait "$ho_pid"
		ho_status=$?
	} 2>/dev/null
	check "SIG$ho_sig ends the run (status $ho_status)" test "$ho_status" -gt 128
	check "SIG$ho_sig: no temporary folder left" \
		sh -c "! ls -d '$tmp'/.hostile-out.tmp-* >/dev/null 2>&1"
	check "SIG$ho_sig: previous output byte for byte" \
		sh -c "cd '$ho_out' && find . -type f | sort | xargs md5sum | cmp -s - '$tmp/ho-before.md5'"
done

# ---- class 9: stale temporary folders of our own are removed -------------
ho_stale="$tmp/stale-out"
for ho_d in tmp-999999999-dead01 tmp-olddead tmp-$$-alive1 tmp-999999998-nomark; do
	mkdir -p "$tmp/.stale-out.$ho_d"
	case $ho_d in *nomark) ;; *) : >"$tmp/.stale-out.$ho_d/.gpuguide" ;; esac
done
"$bin" -q --data "$ho_mini" --out "$ho_stale"
check "stale folder of a dead run removed" test ! -e "$tmp/.stale-out.tmp-999999999-dead01"
check "stale folder without a process id removed" test ! -e "$tmp/.stale-out.tmp-olddead"
check "folder of a live process kept" test -d "$tmp/.stale-out.tmp-$$-alive1"
check "folder without our marker kept" test -d "$tmp/.stale-out.tmp-999999998-nomark"

# ---- class 2: attributes and URLs built in C -----------------------------
mkdir -p "$tmp/ho-eds"
# not "current": that name selects the current edition's own sections
cp -r "$ho_mini" "$tmp/ho-eds/0-top"
cp -r "$ho_mini" "$tmp/ho-eds/2020-09_b"
"$bin" -q --data "$tmp/ho-eds" --base-url 'https://example.org/a&b/' --out "$tmp/ho-eds-out"
check "og:image: the base URL is attribute-escaped" \
	grep -qF 'property="og:image" content="https://example.org/a&amp;b/social-card.png' "$tmp/ho-eds-out/index.html"
check "og:image of an edition page carries its folder" \
	grep -qF 'content="https://example.org/a&amp;b/2020-09_b/social-card.png' "$tmp/ho-eds-out/2020-09_b/index.html"
check "--base-url: each edition page has its social card" \
	test -s "$tmp/ho-eds-out/social-card.png" -a -s "$tmp/ho-eds-out/2020-09_b/social-card.png"
check "no raw & inside an attribute" sh -c "! grep -qF 'a&b' '$tmp/ho-eds-out/index.html'"
check "edition links point into the edition folder" \
	grep -qF 'href="2020-09_b/index.html"' "$tmp/ho-eds-out/index.html"
check "edition pages link back to the root" \
	grep -qF 'href="../index.html"' "$tmp/ho-eds-out/2020-09_b/index.html"

# ---- class 8: limits that need big inputs ---------------------------------
cp -r "$ho_mini" "$tmp/ho-rows"
awk 'BEGIN { print "name"; for (i = 0; i < 200001; i++) print "x" }' >"$tmp/ho-rows/gpus.csv"
ho_expect "more than 200000 rows in a file" 1 \
	"$tmp/ho-rows/gpus.csv:200002:1: more than 200000 data rows" \
	"$bin" --check --data "$tmp/ho-rows"
cp -r "$top/templates" "$tmp/ho-expand"
# the assumptions table: several kilobytes in every edition
ho_table='{{table:assumptions}}'
awk -v t="$ho_table" 'BEGIN { print "# Big"; for (i = 0; i < 8000; i++) print t }' \
	>"$tmp/ho-expand/en/guide.md"
ho_expect "a template expanding past 16 MiB is refused with its place" 1 \
	"the expanded text passes 16777216 bytes here" \
	"$bin" -q --data "$ho_mini" --templates "$tmp/ho-expand" --out "$ho_out"

# ---- class 8: bars per chart ---------------------------------------------
sh "$top/tests/make-big-edition.sh" 80 "$tmp/ho-80gpus"
check "80 GPUs: generation succeeds" "$bin" -q --data "$tmp/ho-80gpus" --out "$tmp/ho-80-out"
check "80 GPUs: the bar charts say only the top 60 are drawn" \
	grep -qF 'top 60 of 80 shown' "$tmp/ho-80-out/index.html"
