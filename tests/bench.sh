#!/bin/sh
# Benchmark: regenerates the whole site N times (default 5) into a scratch
# folder and reports the wall time (min and median) and the peak memory.
# Usage: sh tests/bench.sh [N] [BIN]
set -eu
n=${1:-5}
bin=${2:-./gen/gpuguide}
out=$(mktemp -d)/site
times=""
rss=0
i=0
while [ "$i" -lt "$n" ]; do
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%e %M' -o "$out.time" "$bin" -q --out "$out"
		set -- $(cat "$out.time")
		t=$1
		[ "$2" -gt "$rss" ] && rss=$2
	else
		start=$(date +%s.%N)
		"$bin" -q --out "$out"
		t=$(echo "$(date +%s.%N) - $start" | bc)
	fi
	times="$times $t"
	i=$((i + 1))
done
echo "$times" | tr ' ' '\n' | sed '/^$/d' | sort -n | awk -v n="$n" -v rss="$rss" '
	{ v[NR] = $1 }
	END {
		printf "gpuguide bench: %d runs of a full generation (both editions)\n", n
		printf "  wall time: min %.2f s, median %.2f s\n", v[1], v[int((NR + 1) / 2)]
		if (rss > 0) printf "  peak memory: %.1f MB\n", rss / 1024
	}'
echo "  output: $(du -sh "$out" | cut -f1), $(find "$out" -type f | wc -l) files"
rm -rf "$(dirname "$out")"
