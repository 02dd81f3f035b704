[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/cli.sh): the command line and the output folder.

status_of() { "$@" >/dev/null 2>&1; echo $?; }

check "--help exits 0" "$bin" --help
check "--help names --out" sh -c "'$bin' --help | grep -q -- '--out'"
check "--version exits 0" sh -c "'$bin' --version | grep -q '^gpuguide '"
check "unknown option exits 2" test "$(status_of "$bin" --frobnicate)" -eq 2
check "stray argument exits 2" test "$(status_of "$bin" extra)" -eq 2
check "bad --paper exits 2" test "$(status_of "$bin" --paper a5)" -eq 2
check "--out / exits 2" test "$(status_of "$bin" -q --data "$top/tests/data/mini" --out /)" -eq 2
check "--out \$HOME exits 2" test "$(status_of env HOME="$tmp/home" "$bin" -q --data "$top/tests/data/mini" --out "$tmp/home")" -eq 2
check "--out inside data exits 2" test "$(status_of "$bin" -q --data "$top/tests/data/mini" --out "$top/tests/data/mini/out")" -eq 2
check "--out inside templates exits 2" test "$(status_of "$bin" -q --data "$top/tests/data/mini" --out "$top/templates/x")" -eq 2
mkdir -p "$tmp/foreign" && echo keep >"$tmp/foreign/notes.txt"
check "foreign folder refused with 2" test "$(status_of "$bin" -q --data "$top/tests/data/mini" --out "$tmp/foreign")" -eq 2
check "foreign folder untouched" grep -q keep "$tmp/foreign/notes.txt"

# A good run writes the site; a bad CSV afterwards leaves it byte for byte.
out="$tmp/site"
check "mini edition generates" "$bin" -q --data "$top/tests/data/mini" --out "$out"
check "index.html written" test -s "$out/index.html"
check "guide.pdf is a PDF" sh -c "head -c 5 '$out/guide.pdf' | grep -q '%PDF-'"
check "chart SVG written" test -s "$out/charts/per_dollar_1gpu.svg"
check "chart PNG written" test -s "$out/charts/per_dollar_1gpu.png"
check ".nojekyll written" test -e "$out/.nojekyll"
(cd "$out" && find . -type f | sort | xargs md5sum) >"$tmp/before.md5"
bad="$tmp/bad-quote"
cp -r "$top/tests/data/mini" "$bad"
printf 'RTX 3080,new,"699,USD,list,x,,2020-09-01,\n' >>"$bad/prices.csv"
"$bin" -q --data "$bad" --out "$out" 2>"$tmp/stderr"
check "unterminated quote exits 1" test $? -eq 1
check "unterminated quote names file and line" grep -q "^$bad/prices.csv:8:14: unterminated quote" "$tmp/stderr"
(cd "$out" && find . -type f | sort | xargs md5sum) >"$tmp/after.md5"
check "failed run leaves out/ unchanged" cmp -s "$tmp/before.md5" "$tmp/after.md5"
check "no temporary folder left behind" sh -c "! ls -a '$tmp' | grep -q '^\.site\.tmp'"

# Same data, same bytes.
"$bin" -q --data "$top/tests/data/mini" --out "$tmp/site2"
check "two runs give identical trees" diff -r "$out" "$tmp/site2"

# Make: a second `make` with nothing changed does no work.
check "make is up to date after make" sh -c "cd '$top' && make -q"
check "make would regenerate after a CSV changes" \
	sh -c "cd '$top' && ! make -q -W data/current/prices.csv"
check "make would regenerate after a template changes" \
	sh -c "cd '$top' && ! make -q -W templates/en/guide.md"
