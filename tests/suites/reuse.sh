[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Regenerate only what changed (issue 44, item 3): an edition whose data,
# templates and program are unchanged since the last run is taken over
# from the previous output (reuse.h), and the result is byte for byte
# what a full run (--full) writes.  On copies of the frozen editions.
ru_data="$tmp/reuse-data"
ru_a="$tmp/reuse-a"   # the incremental runs
ru_b="$tmp/reuse-b"   # full runs of the same inputs
rm -rf "$ru_data" "$ru_a" "$ru_b" && mkdir -p "$ru_data"
cp -r "$data_dir"/* "$ru_data/"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1796515200}
# ru_run OUT FLAGS...: one run on the copied editions, stderr in $tmp/ru.err
ru_run() {
	o=$1
	shift
	"$real_bin" --data "$ru_data" --out "$o" "$@" >"$tmp/ru.out" 2>"$tmp/ru.err"
}
kept() { grep -q "^gpuguide: $1: inputs unchanged since the last run; its files were kept" "$tmp/ru.err"; }
same_tree() { diff -r "$1" "$2" >"$tmp/ru.diff" 2>&1; }

# Two runs reach the state a maintainer's out/ is in; the third changes
# nothing and generates nothing.
ru_run "$ru_a" && ru_run "$ru_a"
snapshot "$ru_a" >"$tmp/ru.before"
ru_run "$ru_a"
check "an unchanged run keeps the current edition" kept current
check "an unchanged run keeps the older edition" kept 2020-09
(cd "$ru_a" && find . -type f ! -name .gpuguide | sort | xargs md5sum) >"$tmp/ru.after"
grep -v ' \./\.gpuguide$' "$tmp/ru.before" >"$tmp/ru.before.nomarker"
check "an unchanged run leaves every file as it was" cmp -s "$tmp/ru.before.nomarker" "$tmp/ru.after"
check "the list of an edition's files verifies with sha256sum" \
	sh -c "cd '$ru_a' && tail -n +3 .gpuguide-inputs | sha256sum -c --quiet && tail -n +3 zh-CN/2020-09/.gpuguide-inputs | sha256sum -c --quiet"

# A price observed today in the current edition: only it is generated,
# and the output is the full run's.
cp -r "$ru_a" "$ru_b"
python3 - "$ru_data/current/prices.csv" <<'PY'
import csv, sys
path = sys.argv[1]
with open(path, newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
for r in rows[1:]:
    if r[1] == "used" and r[3] == "USD":
        r[2] = str(round(float(r[2]) * 0.98))
        break
with open(path, "w", newline="", encoding="utf-8") as f:
    csv.writer(f, lineterminator="\n").writerows(rows)
PY
ru_run "$ru_a"
check "after a price edit the older edition is kept" kept 2020-09
check "after a price edit the current edition is generated" sh -c "! grep -q 'current: inputs unchanged' '$tmp/ru.err'"
check "the price edit shows in the new output" sh -c "! diff -rq '$ru_a/data' '$ru_b/data'"
ru_run "$ru_b" --full
check "--full generates every edition" sh -c "! grep -q 'inputs unchanged' '$tmp/ru.err'"
check "an incremental run writes the same bytes as a full one (diff -r)" same_tree "$ru_a" "$ru_b"

# The next run generates the current edition once more: its "what
# changed" now compares with the edited run; the one after keeps both.
# What the key holds: a template, the run's date, another option.
ru_run "$ru_a" && ru_run "$ru_a"
check "the second run after the edit keeps both editions" sh -c "grep -q 'current: inputs unchanged' '$tmp/ru.err' && grep -q '2020-09: inputs unchanged' '$tmp/ru.err'"
cp -r "$top/templates" "$tmp/reuse-templates"
printf '\n' >>"$tmp/reuse-templates/en/guide.md"
ru_run "$ru_a" --templates "$tmp/reuse-templates"
check "a changed template generates every edition" sh -c "! grep -q 'inputs unchanged' '$tmp/ru.err'"
SOURCE_DATE_EPOCH=1796601600 ru_run "$ru_a"
check "another SOURCE_DATE_EPOCH generates every edition" sh -c "! grep -q 'inputs unchanged' '$tmp/ru.err'"
ru_run "$ru_a" --paper letter
check "another paper size generates every edition" sh -c "! grep -q 'inputs unchanged' '$tmp/ru.err'"

# The previous output is untrusted: an edited file, a list naming a file
# outside its edition, a list that is not one: no reuse, no error, and
# the output is the full run's.
rm -rf "$ru_b" && ru_run "$ru_a" && ru_run "$ru_a" && cp -r "$ru_a" "$ru_b" && ru_run "$ru_b" --full
printf 'edited\n' >>"$ru_a/2020-09/index.html"
ru_run "$ru_a"
check "an edited file of an older edition is written anew" sh -c "! grep -q '2020-09: inputs unchanged' '$tmp/ru.err'"
check "and the output is the full run's" same_tree "$ru_a" "$ru_b"
sed -i '3s|  .*|  2020-09/../../../etc/passwd|' "$ru_a/.gpuguide-inputs"
ru_run "$ru_a"
check "a list naming a path outside its edition is not followed" sh -c "! grep -q 'current: inputs unchanged' '$tmp/ru.err'"
check "and the output is the full run's" same_tree "$ru_a" "$ru_b"
printf 'not a list\n' >"$ru_a/zh-CN/.gpuguide-inputs"
ru_run "$ru_a"
check "a list that does not parse means the edition is generated" sh -c "[ \$(grep -c '^gpuguide: reused ' '$tmp/ru.err') -eq 3 ]"
check "and the output is the full run's" same_tree "$ru_a" "$ru_b"

# A generated edition draws a chart's PNG only when its picture changed:
# the memo (.gpuguide-charts) keys each PNG by the program and the wide
# light SVG it is drawn from.  A PNG swapped in the previous output with
# the memo's digest made to match is taken over (so it was not drawn); one
# swapped without, or under --full, is drawn again.
ru_memo_png() { sed -n '2s/^.*  .*  //p' "$ru_a/.gpuguide-charts"; }
ru_swap_png() { # PATH UPDATE_MEMO: fake PNG bytes at PATH, memo to match
	printf 'not drawn by this run\n' >"$ru_a/$1"
	[ "$2" = yes ] || { printf 'edited after the run\n' >>"$ru_a/$1"; return 0; }
	sha=$(sha256sum "$ru_a/$1" | cut -d' ' -f1)
	sed -i "s|^\([0-9a-f]*\)  [0-9a-f]*  $1\$|\1  $sha  $1|" "$ru_a/.gpuguide-charts"
}
rm -rf "$ru_a" && ru_run "$ru_a"
ru_png=$(ru_memo_png)
check "the memo lists the current edition's PNGs" test -n "$ru_png"
ru_swap_png "$ru_png" yes
SOURCE_DATE_EPOCH=1796601600 ru_run "$ru_a"
check "an unchanged chart's PNG is taken over, not drawn again" grep -q 'not drawn by this run' "$ru_a/$ru_png"
ru_swap_png "$ru_png" no
SOURCE_DATE_EPOCH=1796688000 ru_run "$ru_a"
check "a PNG that is not the one the memo lists is drawn again" sh -c "head -c 4 '$ru_a/$ru_png' | grep -q PNG"
ru_swap_png "$ru_png" yes
SOURCE_DATE_EPOCH=1796774400 ru_run "$ru_a" --full
check "--full draws every PNG" sh -c "head -c 4 '$ru_a/$ru_png' | grep -q PNG"
unset SOURCE_DATE_EPOCH

# What "What changed" compares with is a small file of its own
# (data/changes_basis.json), so that a run can read the one before it at
# any size of the data (guide.json passes the reader's 64 MiB at about
# 3,600 GPUs); a previous run without it is read from its guide.json.
rm -rf "$ru_a" && ru_run "$ru_a"
check "data/changes_basis.json is written" test -s "$ru_a/data/changes_basis.json"
check "it is under a tenth of guide.json" test "$(($(wc -c <"$ru_a/data/changes_basis.json") * 10))" -lt "$(wc -c <"$ru_a/data/guide.json")"
cp "$ru_a/data/changes.csv" "$tmp/ru-changes-basis.csv"
python3 - "$ru_data/current/prices.csv" <<'PY'
import csv, sys
path = sys.argv[1]
with open(path, newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
for r in rows[1:]:
    if r[0] == "RTX 4090" and r[1] == "used" and r[3] == "USD":
        r[2] = str(round(float(r[2]) * 0.9))
with open(path, "w", newline="", encoding="utf-8") as f:
    csv.writer(f, lineterminator="\n").writerows(rows)
PY
cp -r "$ru_a" "$ru_b"
rm -f "$ru_b/data/changes_basis.json"
ru_run "$ru_a" && cp "$ru_a/data/changes.csv" "$tmp/ru-from-basis.csv"
ru_run "$ru_b" && cp "$ru_b/data/changes.csv" "$tmp/ru-from-guide.csv"
check "a price edit is a change read from changes_basis.json" test "$(wc -l <"$tmp/ru-from-basis.csv")" -gt 1
check "the same changes as read from a guide.json" cmp -s "$tmp/ru-from-basis.csv" "$tmp/ru-from-guide.csv"

# The key reads the previous edition the current one names (its list of
# added GPUs and hindsight come from it), and only a folder beside it:
# a name that leads elsewhere is never walked (the loader refuses it).
rm -rf "$ru_a" && ru_run "$ru_a" && ru_run "$ru_a"
printf '\n' >>"$ru_data/2020-09/gpus.csv"
ru_run "$ru_a"
check "an edit of the previous edition generates the current one" sh -c "! grep -q 'current: inputs unchanged' '$tmp/ru.err'"
sed -i 's|^previous_edition,2020-09,|previous_edition,../../../../../../..,|' "$ru_data/current/assumptions.csv"
timeout 60 "$real_bin" --data "$ru_data" --out "$ru_a" >/dev/null 2>"$tmp/ru.err"
ru_status=$?
check "a previous_edition outside the data is not walked (status $ru_status, 124 = still hashing)" test "$ru_status" -ne 124
