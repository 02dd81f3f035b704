[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Suite: parallel rendering and unchanged files (issue 20).  Sourced by
# tests/run.sh (check, $bin, $top, $tmp).  No timings here: `make bench`
# measures; these tests check what parallel work and reuse must keep.
#   - worker processes (--jobs 2) write the same bytes as one process
#     (--jobs 1), for two editions in every language;
#   - a bad row in the second edition still fails with file:line:col,
#     status 1, and leaves the previous output as it was;
#   - after a one-price edit, files whose bytes did not change keep their
#     modification time (they are not rewritten), changed ones are new.
sp_data="$tmp/sp-data"
mkdir -p "$sp_data"
cp -r "$top/tests/data/mini" "$sp_data/2021-01"
cp -r "$top/tests/data/mini" "$sp_data/mini"

# ---- serial and parallel give the same bytes ---------------------------
"$bin" -q --jobs 1 --data "$sp_data" --out "$tmp/sp-serial"
"$bin" -q --jobs 2 --data "$sp_data" --out "$tmp/sp-parallel"
check "--jobs 1 writes the site" test -f "$tmp/sp-serial/mini/index.html"
check "--jobs 2 writes the site" test -f "$tmp/sp-parallel/zh-CN/mini/guide.pdf"
check "--jobs 2 and --jobs 1 write the same files, byte for byte" \
	diff -r "$tmp/sp-serial" "$tmp/sp-parallel"
check "--jobs -1 is a usage error (2)" \
	test "$("$bin" -q --jobs -1 --data "$sp_data" --out "$tmp/sp-x" >/dev/null 2>&1; echo $?)" -eq 2

# ---- an error in a worker ---------------------------------------------
sp_bad="$tmp/sp-bad"
cp -r "$sp_data" "$sp_bad"
sed -i '3s/,1499,/,lots,/' "$sp_bad/mini/prices.csv"
(cd "$tmp/sp-parallel" && find . -type f | sort | xargs md5sum) >"$tmp/sp-before.md5"
sp_err=$("$bin" -q --jobs 2 --data "$sp_bad" --out "$tmp/sp-parallel" 2>&1)
sp_status=$?
check "bad row in a worker: status 1 (got $sp_status)" test "$sp_status" -eq 1
check "bad row in a worker: file:line:col message" \
	sh -c "printf '%s\n' \"\$1\" | grep -q '^.*mini/prices.csv:3:[0-9]*: .lots. is not a number'" sh "$sp_err"
check "bad row in a worker: one message" \
	test "$(printf '%s\n' "$sp_err" | wc -l)" -eq 1
check "bad row in a worker: previous output byte for byte" \
	sh -c "cd '$tmp/sp-parallel' && find . -type f | sort | xargs md5sum | cmp -s - '$tmp/sp-before.md5'"
check "bad row in a worker: no temporary folder left" \
	sh -c "! ls -d '$tmp'/.sp-parallel.tmp-* >/dev/null 2>&1"

# ---- a price edit rewrites only what changed ----------------------------
sp_out="$tmp/sp-edit"
"$bin" -q --data "$sp_data" --out "$sp_out"
"$bin" -q --data "$sp_data" --out "$sp_out" # "what changed" settles
find "$sp_out" -type f -exec touch -d '2001-01-01 00:00:00' {} +
cp -r "$sp_out" "$tmp/sp-edit-before"
"$bin" -q --data "$sp_data" --out "$sp_out"
check "nothing changed: no file rewritten but the run marker" \
	test "$(find "$sp_out" -type f -newermt '2002-01-01' | sed "s|^$sp_out/||")" = ".gpuguide"
sed -i '2s/,699,/,649,/' "$sp_data/2021-01/prices.csv"
"$bin" -q --data "$sp_data" --out "$sp_out"
sp_new=$(find "$sp_out" -type f -newermt '2002-01-01' | sed "s|^$sp_out/||" | sort)
check "price edit: the per-dollar chart is rewritten" \
	sh -c "printf '%s\n' \"\$1\" | grep -qx 'charts/per_dollar_1gpu.svg'" sh "$sp_new"
check "price edit: the per-dollar chart's bytes changed" \
	sh -c "! cmp -s '$sp_out/charts/per_dollar_1gpu.svg' '$tmp/sp-edit-before/charts/per_dollar_1gpu.svg'"
check "price edit: the cloud chart keeps its time (same bytes)" \
	test ! "$sp_out/charts/cloud.svg" -nt "$tmp/sp-edit-before/charts/cloud.svg"
check "price edit: the cloud chart's bytes are the same" \
	cmp -s "$sp_out/charts/cloud.svg" "$tmp/sp-edit-before/charts/cloud.svg"
check "price edit: the other edition is not rewritten" \
	sh -c "! printf '%s\n' \"\$1\" | grep -q '^mini/'" sh "$sp_new"
check "price edit: every kept file has its old bytes" \
	sh -c "cd '$sp_out' && find . -type f ! -newermt '2002-01-01' | while read f; do cmp -s \"\$f\" '$tmp/sp-edit-before/'\"\$f\" || exit 1; done"
check "price edit: every rewritten file differs (or is the marker)" \
	sh -c "cd '$sp_out' && find . -type f -newermt '2002-01-01' ! -name .gpuguide | while read f; do ! cmp -s \"\$f\" '$tmp/sp-edit-before/'\"\$f\" || exit 1; done"
check "price edit: the rewritten files are a small part" \
	test "$(printf '%s\n' "$sp_new" | wc -l)" -lt "$(find "$sp_out" -type f | wc -l)"

# ---- a guide stays a document at any size of the data (issue 44) ---------
# 400 GPUs: the guide's tables show their first TABLE_GUIDE_ROWS (120)
# rows and say where every row is; the data export keeps them all.
sp_big="$tmp/sp-big"
sh "$top/tests/make-big-edition.sh" 400 "$sp_big" &&
	"$bin" -q --lang en --data "$sp_big" --out "$tmp/sp-big-out"
sp_guide="$tmp/sp-big-out/guide.md"
check "400 GPUs: the guide is written" test -s "$sp_guide"
check "400 GPUs: no table of the guide has more than 120 rows" \
	awk '/^\|/ { n++; if (n > 122) bad = 1 } !/^\|/ { n = 0 } END { exit bad }' "$sp_guide"
check "400 GPUs: the performance table says where its 400 rows are" \
	grep -qF 'first 120 of 400 rows; every row is in the data export: [data/performance.csv](data/performance.csv)' "$sp_guide"
check "400 GPUs: the data export has every GPU's row" \
	test "$(($(wc -l <"$tmp/sp-big-out/data/performance.csv") - 1))" -eq 400
check "400 GPUs: the linked file is in the output" test -s "$tmp/sp-big-out/data/performance.csv"
# A cell that lists GPUs names at most 30 of them in the guide; the data
# keeps every name.  A synthetic edition of 200 GPUs on the frozen current
# one: its clones share a few memory sizes and precision groups.
sp_syn="$tmp/sp-syn"
rm -rf "$sp_syn" "$tmp/sp-syn-out"
python3 "$top/tests/synth/make_edition.py" --base "$data_dir/current" --gpus 200 \
	--prices 200 --benchmarks 200 "$sp_syn" >/dev/null &&
	"$bin" -q --lang en --data "$sp_syn/current" --out "$tmp/sp-syn-out"
sp_syn_guide="$tmp/sp-syn-out/guide.md"
check "200 synthetic GPUs: the guide is written" test -s "$sp_syn_guide"
check "200 synthetic GPUs: no cell of the guide names more than 30 of them" \
	awk -F'|' '/^\|/ { for (i = 2; i < NF; i++) if (gsub(/Synthetic GPU/, "&", $i) > 30) bad = 1 } END { exit bad }' "$sp_syn_guide"
check "200 synthetic GPUs: a long list of names says how many more the data has" \
	grep -q 'and [0-9,]* more (every one is in the data export)' "$sp_syn_guide"
check "200 synthetic GPUs: the data's card sizes and precision groups name every one" \
	sh -c "[ \$(grep -o 'Synthetic GPU [0-9]*' '$tmp/sp-syn-out/data/llm_card_sizes.csv' | sort -u | wc -l) -eq 200 ] && [ \$(grep -o 'Synthetic GPU [0-9]*' '$tmp/sp-syn-out/data/precision_support.csv' | sort -u | wc -l) -eq 200 ]"
