#!/bin/sh
# Runs every test of gpuguide and ends with "N passed, M failed".
# Called by `make test` from the top folder, after the build.
set -u
top=$(pwd)
bin="${GPUGUIDE_BIN:-$top/gen/gpuguide}"
unit="${GPUGUIDE_UNIT:-$top/tests/unit/run-unit}"
tmp="${GPUGUIDE_TEST_TMP:-$top/tests/tmp}"
rm -rf "$tmp" && mkdir -p "$tmp"
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

# progress NAME: one line on stderr as each part starts (the counts stay
# on stdout, the "N passed, M failed" line last).
progress() { printf 'tests: %s (%d passed, %d failed so far)\n' "$1" "$passed" "$failed" >&2; }

# ---- unit tests (C) ------------------------------------------------------
progress unit
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

# rules_off_out: prints the output folder of one generation of
# data/current without the use cases' rules (use_cases.csv's requires column
# left out), made once per run.  Its 4x pick is then a GeForce build that
# needs risers, a second power supply and electrical work: the suites check
# the invoice lines such builds carry on its request.
rules_off_out() {
	if [ ! -d "$tmp/rules-off/out" ]; then
		rm -rf "$tmp/rules-off" && mkdir -p "$tmp/rules-off" &&
		cp -r "$top/data/current" "$tmp/rules-off/current" &&
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

# ---- shell suites --------------------------------------------------------
# TEST_SUITES="charts site" runs only those suites (a quicker loop while
# working on one part; `make test` without it runs everything).
# TEST_SUITE_DIR: another folder of suites (the runner's own test).
for suite in "${TEST_SUITE_DIR:-$top/tests/suites}"/*.sh; do
	if [ -n "${TEST_SUITES:-}" ]; then
		case " $TEST_SUITES " in
		*" $(basename "$suite" .sh) "*) ;;
		*) continue ;;
		esac
	fi
	progress "$(basename "$suite" .sh)"
	suite_before=$((passed + failed))
	. "$suite"
	# a suite that counted nothing checked nothing
	if [ $((passed + failed)) -eq "$suite_before" ]; then
		fail "suite $(basename "$suite" .sh) ran no checks"
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
