[ -n "${GG_LIB:-}" ] || { . "$(dirname "$0")/../lib.sh"; gg_alone "$0"; }
# Run by tests/run.sh (or alone: sh tests/suites/runner.sh): the runner itself cannot pass by checking
# nothing (issue 28, item 7).  Nested runs in their own temporary folder,
# with stand-ins for the unit binary and a folder of stand-in suites.
rn_dir="$tmp/runner-nested"
rm -rf "$rn_dir" && mkdir -p "$rn_dir/suites" "$rn_dir/none"
printf '#!/bin/sh\necho "unit: 3 passed, 0 failed"\nexit 1\n' >"$rn_dir/unit-crash"
printf '#!/bin/sh\necho "unit: 0 passed, 0 failed"\n' >"$rn_dir/unit-empty"
printf '#!/bin/sh\necho "unit: 3 passed, 0 failed"\n' >"$rn_dir/unit-ok"
chmod +x "$rn_dir"/unit-*
printf 'pass\n' >"$rn_dir/suites/one.sh"
printf '# checks nothing\n: \n' >"$rn_dir/none/empty.sh"
# rn_run UNIT SUITES: status of a nested run
rn_run() {
	(cd "$top" && GPUGUIDE_TEST_TMP="$rn_dir/tmp" GPUGUIDE_UNIT="$rn_dir/$1" \
		TEST_SUITE_DIR="$rn_dir/$2" TEST_SUITES= sh tests/run.sh >"$rn_dir/out" 2>&1)
}
rn_run unit-ok suites
check "runner: unit and one suite that checks something pass" [ $? -eq 0 ]
rn_run unit-crash suites
rn_st=$?
check "runner: unit exit status 1 after a clean summary fails the run" [ "$rn_st" -ne 0 ]
check "runner: ... and says so" grep -q 'unit tests exited with status 1' "$rn_dir/out"
rn_run unit-empty suites
check "runner: unit tests that ran no checks fail the run" [ $? -ne 0 ]
rn_run unit-ok none
rn_st=$?
check "runner: a suite that ran no checks fails the run" [ "$rn_st" -ne 0 ]
check "runner: ... naming it" grep -q 'suite empty ran no checks' "$rn_dir/out"
rm -rf "$rn_dir"
