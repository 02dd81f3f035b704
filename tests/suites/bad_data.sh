# Sourced by tests/run.sh.  Each folder of tests/bad/data holds CSV files
# that replace the mini edition's (tests/data/mini), optionally a `remove`
# list, and `expect`: the exact message on stderr, EDITION standing for the
# edition folder.  gpuguide --check must exit 1 with that message.
for case_dir in "$top"/tests/bad/data/*/; do
	name=$(basename "$case_dir")
	ed="$tmp/bad-$name"
	cp -r "$top/tests/data/mini" "$ed"
	for f in "$case_dir"*.csv; do
		[ -e "$f" ] && cp "$f" "$ed/"
	done
	if [ -f "$case_dir/remove" ]; then
		while read -r f; do rm -f "$ed/$f"; done <"$case_dir/remove"
	fi
	"$bin" --check --data "$ed" >/dev/null 2>"$tmp/stderr"
	status=$?
	expected=$(sed "s|EDITION|$ed|" "$case_dir/expect")
	actual=$(cat "$tmp/stderr")
	if [ "$status" -eq 1 ] && [ "$actual" = "$expected" ]; then
		pass
	else
		fail "bad data $name: status $status"
		printf '  expected: %s\n  actual:   %s\n' "$expected" "$actual"
	fi
done

# A UTF-8 BOM and CRLF line ends are fine.
ed="$tmp/bom-crlf"
cp -r "$top/tests/data/mini" "$ed"
for f in "$ed"/*.csv; do
	{ printf '\357\273\277'; sed 's/$/\r/' "$f"; } >"$f.new" && mv "$f.new" "$f"
done
check "BOM and CRLF accepted" "$bin" --check --data "$ed"
