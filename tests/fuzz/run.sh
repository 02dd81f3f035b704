#!/bin/sh
# Builds the libFuzzer targets and fuzzes each for SECONDS seconds.
# Usage: sh tests/fuzz/run.sh SECONDS [TARGET...]   (from anywhere)
#   TARGET: fuzz_csv fuzz_edition fuzz_template fuzz_names (default: all)
#   FUZZ_PARALLEL=N  run up to N targets at once (default 1: one by one)
#   FUZZ_TIMEOUT=S   a single input running longer than S seconds is a
#                    finding (default 10)
# Each target runs on a copy of tests/fuzz/corpus/<name>/ in a temporary
# folder (the seed corpus is never modified), with -max_len=65536 and
# -rss_limit_mb=2048.  Crash, leak, UBSan, timeout and out-of-memory inputs
# are written to tests/fuzz/findings/; the full logs to tests/fuzz/logs/.
# Prints one line per target: executions, final cov/ft, and the verdict.
# Exit status: 0 when no target found anything, 1 when one did, 2 on a
# usage or build error.
set -u
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)

if [ $# -lt 1 ] || ! [ "$1" -gt 0 ] 2>/dev/null; then
	echo "usage: sh tests/fuzz/run.sh SECONDS [TARGET...]" >&2
	exit 2
fi
secs=$1
shift
targets=${*:-fuzz_csv fuzz_edition fuzz_template fuzz_names}
parallel=${FUZZ_PARALLEL:-1}
timeout=${FUZZ_TIMEOUT:-10}

# shellcheck disable=SC2086 # targets is a word list
sh tests/fuzz/build.sh $targets || exit 2

findings="$top/tests/fuzz/findings"
logs="$top/tests/fuzz/logs"
mkdir -p "$findings" "$logs" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# Sanitizers: stop at the first error of any kind, with a stack trace.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:symbolize=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
if [ -s tests/fuzz/lsan.supp ]; then
	export LSAN_OPTIONS="suppressions=$top/tests/fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi
export G_SLICE=always-malloc G_DEBUG=gc-friendly
export GPUGUIDE_MINI="$top/tests/data/mini"

corpus_of() { echo "${1#fuzz_}"; }

# run_one TARGET: fuzzes TARGET; leaves its log in $logs/TARGET.log and its
# exit status in $tmp/TARGET.rc.
run_one() {
	t=$1
	name=$(corpus_of "$t")
	mkdir -p "$tmp/$t/corpus" "$tmp/$t/tmp"
	cp -R "tests/fuzz/corpus/$name/." "$tmp/$t/corpus/" 2>/dev/null
	dict=
	[ -f "tests/fuzz/$name.dict" ] && dict="-dict=tests/fuzz/$name.dict"
	# shellcheck disable=SC2086
	TMPDIR="$tmp/$t/tmp" "./tests/fuzz/$t" \
	    -max_total_time="$secs" -max_len=65536 -rss_limit_mb=2048 \
	    -timeout="$timeout" -print_final_stats=1 $dict \
	    -artifact_prefix="$findings/$t-" \
	    "$tmp/$t/corpus" >"$logs/$t.log" 2>&1
	echo $? >"$tmp/$t.rc"
}

running=0
for t in $targets; do
	echo "run.sh: fuzzing $t for ${secs}s (log: tests/fuzz/logs/$t.log)"
	run_one "$t" &
	running=$((running + 1))
	if [ "$running" -ge "$parallel" ]; then
		wait
		running=0
	fi
done
wait

status=0
printf '%-14s %12s %8s %8s  %s\n' target executions cov ft result
for t in $targets; do
	log="$logs/$t.log"
	rc=$(cat "$tmp/$t.rc" 2>/dev/null || echo 99)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	last=$(grep -E '^#[0-9]+[[:space:]]' "$log" | grep ' cov: ' | tail -1)
	[ -n "$execs" ] || execs=$(printf '%s\n' "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
	cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
	kind=$(grep -m1 -oE 'ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)[^(]*|runtime error:.*|deadly signal' "$log")
	if [ "$rc" -eq 0 ] && [ -z "$artifact" ]; then
		result=ok
	else
		result="CRASHED (rc=$rc${kind:+: $kind}${artifact:+; input: ${artifact#"$top"/}})"
		status=1
	fi
	printf '%-14s %12s %8s %8s  %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit $status
