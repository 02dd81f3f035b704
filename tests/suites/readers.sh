[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/readers.sh): every file gpuguide reads goes through one
# reader that takes only regular files of a bounded size (issue 28).  A
# FIFO, or a symlink to a device, given as --previous or lying at
# OUT/data/changes_basis.json or OUT/data/guide.json (the default previous
# run: the first, else the second, from a run before the first existed),
# is refused at once:
# the file named, status 1, the previous output byte for byte.  Each run
# has a timeout, so a reader that blocks fails here instead of hanging.

rd_out="$tmp/rd-out"
"$bin" -q --data "$top/tests/data/mini" --out "$rd_out"
rd_snapshot() { snapshot "$rd_out"; }

# rd_refused NAME PATH [ARGS...]: a run with ARGS is refused naming PATH.
rd_refused() {
	rd_name=$1 rd_path=$2; shift 2
	rd_snapshot >"$tmp/rd-before.md5"
	timeout 60 "$bin" -q --data "$top/tests/data/mini" --out "$rd_out" "$@" \
	    >/dev/null 2>"$tmp/rd-err"
	st=$?
	if [ "$st" -eq 1 ] && grep -qF "$rd_path: not a regular file" "$tmp/rd-err" \
	    && rd_snapshot | cmp -s - "$tmp/rd-before.md5"; then
		pass
	else
		fail "$rd_name refused naming $rd_path (status $st, 124 = hung: $(head -c 200 "$tmp/rd-err"))"
	fi
}

rm -f "$tmp/rd-fifo" "$tmp/rd-zero"
mkfifo "$tmp/rd-fifo"
ln -s /dev/zero "$tmp/rd-zero"
rd_refused "--previous FIFO" "$tmp/rd-fifo" --previous "$tmp/rd-fifo"
rd_refused "--previous symlink to /dev/zero" "$tmp/rd-zero" --previous "$tmp/rd-zero"

# the default previous run, OUT/data/changes_basis.json, as a FIFO and as
# a link; then, without it, OUT/data/guide.json the same
cp "$rd_out/data/guide.json" "$tmp/rd-guide.json"
for rd_file in changes_basis.json guide.json; do
	rm -f "$rd_out/data/$rd_file" && mkfifo "$rd_out/data/$rd_file"
	rd_refused "OUT/data/$rd_file FIFO" "$rd_out/data/$rd_file"
	rm -f "$rd_out/data/$rd_file" && ln -s /dev/zero "$rd_out/data/$rd_file"
	rd_refused "OUT/data/$rd_file symlink to /dev/zero" "$rd_out/data/$rd_file"
	rm -f "$rd_out/data/$rd_file"
done

# a missing previous run is no error; a regular one is still compared
check "missing --previous: no error" timeout 60 "$bin" -q --data "$top/tests/data/mini" \
    --out "$rd_out" --previous "$tmp/rd-missing.json"
timeout 60 "$bin" --data "$top/tests/data/mini" --out "$rd_out" \
    --previous "$tmp/rd-guide.json" >/dev/null 2>"$tmp/rd-err"
check "regular --previous compared (nothing changed)" grep -q "nothing changed since" "$tmp/rd-err"

# a template or strings file that is a FIFO is refused the same way
rd_tpl="$tmp/rd-templates"
rm -rf "$rd_tpl" && cp -r "$top/templates" "$rd_tpl"
rm "$rd_tpl/en/strings.csv" && mkfifo "$rd_tpl/en/strings.csv"
rd_refused "strings.csv FIFO" "$rd_tpl/en/strings.csv" --templates "$rd_tpl" --lang en
rm -rf "$rd_tpl" && cp -r "$top/templates" "$rd_tpl"
rm "$rd_tpl/layout.html" && ln -s /dev/zero "$rd_tpl/layout.html"
rd_refused "layout.html symlink to /dev/zero" "$rd_tpl/layout.html" --templates "$rd_tpl" --lang en
rm -rf "$rd_tpl" && cp -r "$top/templates" "$rd_tpl"
rm "$rd_tpl/en/guide.md" && mkfifo "$rd_tpl/en/guide.md"
rd_refused "guide.md FIFO" "$rd_tpl/en/guide.md" --templates "$rd_tpl" --lang en
rm -rf "$rd_tpl"
# a data CSV too
rd_data="$tmp/rd-data"
rm -rf "$rd_data" && cp -r "$top/tests/data/mini" "$rd_data"
rm "$rd_data/prices.csv" && mkfifo "$rd_data/prices.csv"
rd_snapshot >"$tmp/rd-before.md5"
timeout 60 "$bin" -q --data "$rd_data" --out "$rd_out" >/dev/null 2>"$tmp/rd-err"
st=$?
if [ "$st" -eq 1 ] && grep -qF "$rd_data/prices.csv: not a regular file" "$tmp/rd-err"; then
	pass
else
	fail "prices.csv FIFO refused (status $st: $(head -c 200 "$tmp/rd-err"))"
fi
rm -rf "$rd_data"

# an included section that leads outside templates/ is refused, named
rd_tpl="$tmp/rd-templates"
rm -rf "$rd_tpl" && cp -r "$top/templates" "$rd_tpl"
rm -f "$rd_tpl/en/sections/qa.md" && ln -s /etc/passwd "$rd_tpl/en/sections/qa.md"
rd_snapshot >"$tmp/rd-before.md5"
timeout 60 "$bin" -q --data "$top/tests/data/mini" --out "$rd_out" --templates "$rd_tpl" \
    --lang en >/dev/null 2>"$tmp/rd-err"
st=$?
if [ "$st" -eq 1 ] && grep -qF "$rd_tpl/en/sections/qa.md: resolves to /etc/passwd, outside the templates folder" "$tmp/rd-err" \
    && rd_snapshot | cmp -s - "$tmp/rd-before.md5"; then
	pass
else
	fail "section linked outside templates/ refused (status $st: $(head -c 200 "$tmp/rd-err"))"
fi
rm -rf "$rd_tpl"
