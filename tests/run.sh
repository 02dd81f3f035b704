#!/bin/sh
# Runs every test of gpuguide and ends with "N passed, M failed".
# Called by `make test` from the top folder, after the build.
#
# The unit tests, then every suite of tests/suites/ in its own process
# (TEST_JOBS at once, default one per processor), each with the helpers of
# tests/lib.sh and a scratch folder of its own; their counts are added up
# in the order of the suites.  The suites test the program on the frozen
# editions of tests/regress/frozen (data_dir) and on their output
# (out_dir), generated here once; tests/suites/live.sh checks data/current
# and out/ with what holds for any valid data.
#
# TEST_SUITES="charts site": only those suites.  TEST_SUITE_DIR: another
# folder of suites (the runner's own test).  GPUGUIDE_BIN, GPUGUIDE_UNIT,
# GPUGUIDE_TEST_TMP: another program, unit binary or scratch folder.
set -u
top=$(pwd)
real_bin="${GPUGUIDE_BIN:-$top/gen/gpuguide}"
unit="${GPUGUIDE_UNIT:-$top/tests/unit/run-unit}"
tmp_root="${GPUGUIDE_TEST_TMP:-$top/tests/tmp}"
data_dir="$top/tests/regress/frozen/data"
out_dir="$tmp_root/out"
bin="$tmp_root/gpuguide-frozen"
suite_dir="${TEST_SUITE_DIR:-$top/tests/suites}"
rm -rf "$tmp_root" && mkdir -p "$tmp_root"
export top real_bin tmp_root data_dir out_dir bin
. "$top/tests/lib.sh"
tmp=$tmp_root

# progress NAME: one line on stderr as each part ends (the counts stay
# on stdout, the "N passed, M failed" line last).
progress() { printf 'tests: %s (%d passed, %d failed so far)\n' "$1" "$passed" "$failed" >&2; }

# ---- the suites to run ----------------------------------------------------
suites=""
for suite in "$suite_dir"/*.sh; do
	name=$(basename "$suite" .sh)
	if [ -n "${TEST_SUITES:-}" ]; then
		case " $TEST_SUITES " in
		*" $name "*) ;;
		*) continue ;;
		esac
	fi
	suites="$suites $name"
done
# the frozen editions' output, for the real suites (stand-ins need none)
if [ -z "${TEST_SUITE_DIR:-}" ] && [ -n "$suites" ]; then
	gg_setup_data
fi

# ---- suites, in parallel with the unit tests --------------------------------
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
printf '%s\n' $suites | xargs -P "$jobs" -I{} sh -c '
	. "$top/tests/lib.sh"
	gg_suite_begin "$1"
	. "$2/$1.sh" >"$tmp_root/$1.log" 2>&1
	gg_suite_end "$1" >>"$tmp_root/$1.log"
' sh {} "$suite_dir" &
suites_pid=$!

# ---- unit tests (C) ------------------------------------------------------
unit_out=$("$unit" 2>&1)
unit_status=$?
printf '%s\n' "$unit_out" | grep '^FAIL' || true
up=$(printf '%s\n' "$unit_out" | sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
uf=$(printf '%s\n' "$unit_out" | sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
if [ -z "$up" ]; then
	fail "unit tests did not finish (status $unit_status)"
	printf '%s\n' "$unit_out" | tail -5
else
	passed=$((passed + up)); failed=$((failed + uf))
	# a summary is not enough: a crash after it, or a failed check
	# miscounted, still fails the run
	if [ "$unit_status" -ne 0 ] && [ "$uf" -eq 0 ]; then
		fail "unit tests exited with status $unit_status after \"$up passed, 0 failed\""
	fi
	if [ "$up" -eq 0 ]; then
		fail "unit tests ran no checks"
	fi
fi
progress unit

# ---- the suites' counts, in order -------------------------------------------
wait "$suites_pid"
for name in $suites; do
	log="$tmp_root/$name.log"
	grep '^FAIL\|^  ' "$log" 2>/dev/null | grep -v '^suite ' || true
	sp=$(sed -n "s/^suite $name: \([0-9]*\) passed, \([0-9]*\) failed\$/\1/p" "$log" 2>/dev/null)
	sf=$(sed -n "s/^suite $name: \([0-9]*\) passed, \([0-9]*\) failed\$/\2/p" "$log" 2>/dev/null)
	if [ -z "$sp" ]; then
		fail "suite $name did not finish"
		tail -5 "$log" 2>/dev/null
	else
		passed=$((passed + sp)); failed=$((failed + sf))
	fi
	progress "$name"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
