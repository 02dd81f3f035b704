#!/bin/sh
# Runs the error paths of gpuguide under the valgrind command given as $1:
# bad CSV, bad template, refused output folder.  Exit status 3 is what
# valgrind returns on an error or leak; the program's own 1 and 2 are fine.
set -u
vg=$1 bin=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r tests/data/mini "$tmp/ed"
printf 'RTX 3080,new,"699,USD\n' >>"$tmp/ed/prices.csv"
status=0
for args in "--data $tmp/ed --out $tmp/out" "--data tests/data/mini --out /" "--frobnicate" \
	"--data tests/data/mini --templates tests/bad/templates/unclosed --out $tmp/out2"; do
	# shellcheck disable=SC2086
	$vg $bin -q $args >/dev/null 2>"$tmp/err"
	rc=$?
	if [ "$rc" -eq 3 ]; then
		echo "valgrind found a problem with: $args"
		cat "$tmp/err"
		status=1
	fi
done
exit $status
