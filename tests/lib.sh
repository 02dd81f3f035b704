# The helpers every suite of tests/suites/ shares, sourced once per suite
# process (by tests/run.sh, or by a suite run alone:
# `sh tests/suites/NAME.sh` from the top folder).
#
# It sets, unless the runner exported them already:
#   top       the checkout;  tmp  this suite's scratch folder
#   real_bin  gen/gpuguide (GPUGUIDE_BIN);  bin  the same on the frozen
#             editions unless a call names its own --data
#   data_dir  tests/regress/frozen/data;  out_dir  its output (made once)
# and counts checks: pass, fail, check, refused_at_cell, snapshot,
# rules_off_out.  A suite run alone prints "NAME: N passed, M failed" and
# exits 1 on a failure.
GG_LIB=1
set -u
top=${top:-$(pwd)}
real_bin=${real_bin:-${GPUGUIDE_BIN:-$top/gen/gpuguide}}
tmp_root=${tmp_root:-${GPUGUIDE_TEST_TMP:-$top/tests/tmp}}
data_dir=${data_dir:-$top/tests/regress/frozen/data}
out_dir=${out_dir:-$tmp_root/out}
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }

# check NAME CONDITION...: passes when the command succeeds.
check() {
	name=$1; shift
	if "$@" >/dev/null 2>&1; then pass; else fail "$name"; fi
}

# refused_at_cell NAME DATA PATTERN: gpuguide on the data folder DATA
# exits 1 with an error matching the grep PATTERN (file:line:col: ...)
# and writes no output folder.
refused_at_cell() {
	rc_out="$tmp/refused-out"
	rm -rf "$rc_out"
	"$bin" -q --data "$2" --out "$rc_out" >"$tmp/refused.err" 2>&1
	rc_status=$?
	if [ "$rc_status" -eq 1 ] && grep -q -- "$3" "$tmp/refused.err" \
	   && [ ! -e "$rc_out" ]; then
		pass
	else
		fail "$1"
	fi
	rm -rf "$rc_out"
}

# snapshot DIR: a checksum per file of an output folder, sorted, so that
# `snapshot DIR | cmp -s - BEFORE` says a refused run left it byte for
# byte as it was.
snapshot() { (cd "$1" && find . -type f | sort | xargs md5sum); }

# gg_setup_data: the wrapper $bin and the frozen editions' output
# out_dir, generated twice (so it has a previous run to compare with, as
# out/ does after a second make); done once, by the runner or by a suite
# run alone.
gg_setup_data() {
	mkdir -p "$tmp_root"
	bin="$tmp_root/gpuguide-frozen"
	{
		echo '#!/bin/sh'
		echo '# gpuguide on the frozen editions unless the call names its own --data'
		echo 'for a in "$@"; do [ "$a" = --data ] && exec "'"$real_bin"'" "$@"; done'
		echo 'exec "'"$real_bin"'" --data "'"$data_dir"'" "$@"'
	} >"$bin"
	chmod +x "$bin"
	rm -rf "$out_dir"
	# shellcheck disable=SC2086
	"$bin" -q ${GPUGUIDE_FLAGS:-} --out "$out_dir" >"$tmp_root/out.log" 2>&1 &&
		"$bin" -q ${GPUGUIDE_FLAGS:-} --out "$out_dir" >>"$tmp_root/out.log" 2>&1 ||
		fail "the frozen editions generate ($(head -c 300 "$tmp_root/out.log"))"
}
bin=${bin:-$tmp_root/gpuguide-frozen}

# rules_off_out: prints the output folder of one generation of the
# frozen current edition without the use cases' rules (use_cases.csv's
# requires column left out), made once per suite.  Its 4x pick is then a
# GeForce build that needs risers, a second power supply and electrical
# work: the suites check the invoice lines such builds carry on its
# request.
rules_off_out() {
	if [ ! -d "$tmp/rules-off/out" ]; then
		rm -rf "$tmp/rules-off" && mkdir -p "$tmp/rules-off" &&
		cp -r "$data_dir/current" "$tmp/rules-off/current" &&
		python3 -c '
import csv, sys
path = sys.argv[1]
with open(path, newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
names = [n for n in rows[0] if n != "requires"]
with open(path, "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, names, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
' "$tmp/rules-off/current/use_cases.csv" &&
		"$bin" -q --data "$tmp/rules-off/current" \
		    --out "$tmp/rules-off/out" >/dev/null 2>&1
	fi
	echo "$tmp/rules-off/out"
}

# bought_out: prints the output folder of one generation of the frozen
# current edition without the use cases' stated use (use_cases.csv's
# utilization column left out), made once per suite.  No use case is
# then decided for renting, so every use case buys a build (its 4x pick
# is the four-GPU research machine's): the suites check what a bought
# multi-GPU build carries (its request, its sensitivity per GPU, its
# cloud rows) there, whatever the frozen data decides to rent.
bought_out() {
	if [ ! -d "$tmp/bought/out" ]; then
		rm -rf "$tmp/bought" && mkdir -p "$tmp/bought" &&
		cp -r "$data_dir/current" "$tmp/bought/current" &&
		python3 -c '
import csv, sys
path = sys.argv[1]
with open(path, newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
names = [n for n in rows[0] if n != "utilization"]
with open(path, "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, names, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
' "$tmp/bought/current/use_cases.csv" &&
		"$bin" -q --data "$tmp/bought/current" \
		    --out "$tmp/bought/out" >/dev/null 2>&1
	fi
	echo "$tmp/bought/out"
}

# gg_suite_begin NAME: this suite's scratch folder.  gg_suite_end NAME:
# its line "suite NAME: N passed, M failed" (the runner adds them up; a
# suite that counted nothing checked nothing and fails).
gg_suite_begin() {
	tmp="$tmp_root/suite-$1"
	rm -rf "$tmp" && mkdir -p "$tmp"
}
gg_suite_end() {
	if [ $((passed + failed)) -eq 0 ]; then
		fail "suite $1 ran no checks"
	fi
	echo "suite $1: $passed passed, $failed failed"
}

# A suite run alone: `sh tests/suites/NAME.sh` (from the top folder).
gg_alone() {
	gg_name=$(basename "$1" .sh)
	[ -x "$real_bin" ] || { echo "build first: make" >&2; exit 2; }
	[ -f "$out_dir/.gpuguide" ] && [ -x "$bin" ] || gg_setup_data
	gg_suite_begin "$gg_name"
	trap 'gg_suite_end "$gg_name"; [ "$failed" -eq 0 ] || exit 1' EXIT
}
