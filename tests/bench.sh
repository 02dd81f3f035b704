#!/bin/sh
# `make bench`: how fast gpuguide is, against what (a benchmark, not a
# test: nothing here fails on a number).  Prints, as medians of RUNS runs
# (default 5) of wall time, CPU time (user + system, workers included) and
# peak memory (the largest process):
#   1. a full generation of every edition and language (default --jobs,
#      then --jobs 1 for comparison);
#   2. the peer pipeline (/work/shared/bench/peer.py or BENCH_PEER: pandoc,
#      matplotlib, weasyprint) on the same out/, BENCH_PEER_RUNS runs
#      (default 3), and the ratios; skipped with a note when its tools are
#      missing and tools/check-deps.sh bench cannot install them;
#   3. the floor of the libraries (tests/bench/floor.c: process start and
#      font set-up, the same charts rasterized and PNG-encoded, cmark-gfm
#      on the same Markdown, one Pango layout pass of each guide into a
#      PDF) and gpuguide's ratio to it;
#   4. scaling on synthetic editions (tests/synth/make_edition.py, GPUs :
#      prices : benchmark rows = 1 : 10 : 5, every GPU measured, five
#      chip families): --check and a full generation at BENCH_SIZES GPUs
#      (default 1000 3000 10000; medians of BENCH_SCALE_RUNS runs, default
#      1; the stages' times from the median run), time per 1,000 rows,
#      the growth per tripling of the size ((t2 / t1) ^ (ln 3 / ln(n2 /
#      n1)) between neighbouring sizes), each run stopped after
#      BENCH_TIMEOUT seconds (default 300), and the 10,000-GPU full
#      generation against its targets (5 s wall, 300 MB);
#   5. tests/bench/page_weight.sh OUT, when that file exists.
# Usage: sh tests/bench.sh [RUNS] [BIN]   (from the top folder;
# BENCH_SCALE_ONLY=1 runs section 4 alone)
set -eu
runs=${1:-5}
bin=${2:-./gen/gpuguide}
peer=${BENCH_PEER:-/work/shared/bench/peer.py}
peer_runs=${BENCH_PEER_RUNS:-3}
py=${BENCH_PYTHON:-/usr/bin/python3} # the system's, where apt installs
[ -x "$py" ] || py=python3
sizes=${BENCH_SIZES:-1000 3000 10000}
scale_runs=${BENCH_SCALE_RUNS:-1}
limit=${BENCH_TIMEOUT:-300}
peer_limit=${BENCH_PEER_TIMEOUT:-1800}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
site="$work/site"
rec="$work/rec" # timings: one file per measured command
mkdir -p "$rec"

if [ ! -x /usr/bin/time ]; then
	sh tools/check-deps.sh bench || true
fi
if [ ! -x /usr/bin/time ]; then
	echo "make bench needs GNU time (apt-get install time)" >&2
	exit 2
fi

# run NAME CMD...: one timed run; appends "wall cpu rss_kb status" to
# $rec/NAME and keeps the command's stderr in $rec/NAME.err.
run() {
	name=$1
	shift
	status=0
	/usr/bin/time -f '%e %U %S %M' -o "$work/time" \
		timeout "${run_limit:-$limit}" "$@" >/dev/null 2>"$rec/$name.err" || status=$?
	awk -v s="$status" '{ printf "%s %.3f %s %s\n", $1, $2 + $3, $4, s }' \
		"$work/time" >>"$rec/$name"
	return 0
}

# median NAME COLUMN: the median of a column of $rec/NAME.
median() {
	cut -d' ' -f"$2" "$rec/$1" | sort -n | awk '{ v[NR] = $1 }
		END { if (NR % 2) print v[(NR + 1) / 2];
		      else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'; }

# repeat NAME N CMD...: N timed runs.
repeat() {
	name=$1 n=$2
	shift 2
	i=0
	while [ "$i" -lt "$n" ]; do
		run "$name" "$@"
		i=$((i + 1))
	done
}

summary() {
	printf '  %-34s wall %6.2f s   CPU %6.2f s   peak %4s MB\n' "$1" \
		"$(median "$2" 1)" "$(median "$2" 2)" "$(mb "$(median "$2" 3)")"
}

cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "gpuguide bench on $(nproc) cores ($cpu_model), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; medians of $runs runs"

# BENCH_SCALE_ONLY=1: section 4 alone
if [ "${BENCH_SCALE_ONLY:-0}" != 1 ]; then

# ---- 1. full generation -------------------------------------------------
repeat full "$runs" "$bin" -q --full --out "$site"
has_jobs=false
if "$bin" --help 2>/dev/null | grep -q -- --jobs; then
	has_jobs=true
	repeat serial "$runs" "$bin" -q --full --jobs 1 --out "$work/serial"
fi
files=$(find "$site" -type f | wc -l)
echo
echo "1. full generation of every edition and language ($files files, $(du -sh "$site" | cut -f1))"
if $has_jobs; then
	summary "gpuguide (--jobs $(nproc))" full
	summary "gpuguide --jobs 1" serial
else
	summary "gpuguide" full
fi
our_cpu=$(median full 2)
our_rss=$(median full 3)

# ---- 1b. regenerating after a one-price edit ------------------------------
# A copy of data/ generated once, then per run one used USD price of the
# current edition moved by a dollar: the older edition is taken over and
# the current one generated (its unchanged chart PNGs taken over too).
# Against full runs (--full) of the same copy.
idata="$work/idata" inc="$work/inc"
cp -R data "$idata"
"$bin" -q --data "$idata" --out "$inc" >/dev/null 2>&1
repeat incfull "$runs" "$bin" -q --full --data "$idata" --out "$inc"
i=0
while [ "$i" -lt "$runs" ]; do
	python3 - "$idata/current/prices.csv" <<'PY'
import csv, sys
path = sys.argv[1]
with open(path, newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
for r in rows[1:]:
    if r[1] == "used" and r[3] == "USD":
        r[2] = str(int(float(r[2])) + 1)
        break
with open(path, "w", newline="", encoding="utf-8") as f:
    csv.writer(f, lineterminator="\n").writerows(rows)
PY
	run incr "$bin" --data "$idata" --out "$inc"
	i=$((i + 1))
done
echo
echo "1b. after a one-price edit of data/current (the older edition taken over: $(grep -c 'reused' "$rec/incr.err") of its languages in the last run)"
summary "gpuguide --full (same data)" incfull
summary "gpuguide after the edit" incr
echo "  the incremental run takes $(awk -v a="$(median incr 2)" -v b="$(median incfull 2)" 'BEGIN { printf "%.2f", a / b }') of a full run's CPU and $(awk -v a="$(median incr 1)" -v b="$(median incfull 1)" 'BEGIN { printf "%.2f", a / b }') of its wall time (goal: under 0.5)"

# ---- 2. the peer pipeline ----------------------------------------------
echo
peer_ok=false
if [ ! -f "$peer" ]; then
	echo "2. peer pipeline: skipped ($peer is not there; set BENCH_PEER)"
elif ! command -v pandoc >/dev/null 2>&1 \
     || ! "$py" -c 'import matplotlib, weasyprint' >/dev/null 2>&1; then
	sh tools/check-deps.sh bench >&2 || true
fi
if [ -f "$peer" ] && command -v pandoc >/dev/null 2>&1 \
   && "$py" -c 'import matplotlib, weasyprint' >/dev/null 2>&1; then
	run_limit=$peer_limit
	repeat peer "$peer_runs" "$py" "$peer" "$site" "$work/peer"
	run_limit=
	if ! awk '$4 != 0 { bad = 1 } END { exit bad }' "$rec/peer"; then
		echo "2. peer pipeline: failed (status $(awk '$4 != 0 { print $4; exit }' "$rec/peer"); 124 = over $peer_limit s):"
		tail -3 "$rec/peer.err"
	else
		peer_ok=true
		echo "2. peer pipeline (pandoc + matplotlib + weasyprint) on the same out/, medians of $peer_runs runs"
		summary "peer.py" peer
		summary "gpuguide" full
		echo "  gpuguide uses $(ratio "$(median peer 2)" "$our_cpu")x less CPU, $(ratio "$(median peer 1)" "$(median full 1)")x less wall time, $(ratio "$(median peer 3)" "$our_rss")x less peak memory"
		if $has_jobs; then
			echo "  with --jobs 1 (no two workers sharing a core): $(ratio "$(median peer 2)" "$(median serial 2)")x less CPU, $(ratio "$(median peer 1)" "$(median serial 1)")x less wall time"
		fi
	fi
elif [ -f "$peer" ]; then
	echo "2. peer pipeline: skipped (needs pandoc, python3-matplotlib and weasyprint; tools/check-deps.sh bench could not install them here)"
fi

# ---- 3. the floor of the libraries ---------------------------------------
echo
floor="$work/floor"
# shellcheck disable=SC2046
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -o "$floor" tests/bench/floor.c \
	$(pkg-config --cflags --libs libcmark-gfm pangocairo cairo-pdf cairo-png libpng) \
	-lcmark-gfm-extensions
font_of() { sed -n 's/^font\.sans,\([^,]*\).*/\1/p' "templates/$1/strings.csv" | head -1; }
# Each language's guides: en (the first) at the top, the others in a
# folder of their code.
langs=$(for d in templates/*/strings.csv; do basename "$(dirname "$d")"; done)
guides_of() {
	if [ "$1" = en ]; then
		find "$site" -name guide.md | grep -v -E "^$site/($(echo "$langs" | grep -v '^en$' | tr '\n' '|' | sed 's/|$//'))/"
	else
		find "$site/$1" -name guide.md
	fi
}
i=0
while [ "$i" -lt "$runs" ]; do
	run floor_start "$floor" start "$(font_of en)"
	# shellcheck disable=SC2046
	"$floor" png $(find "$site" -name '*.png' | sort) | cut -d' ' -f2 >>"$rec/floor_png"
	# shellcheck disable=SC2046
	"$floor" md $(find "$site" -name guide.md | sort) | cut -d' ' -f2 >>"$rec/floor_md"
	t=0
	for l in $langs; do
		# shellcheck disable=SC2046
		s=$("$floor" pdf "$(font_of "$l")" $(guides_of "$l") | cut -d' ' -f2)
		t=$(awk -v a="$t" -v b="$s" 'BEGIN { print a + b }')
	done
	echo "$t" >>"$rec/floor_pdf"
	i=$((i + 1))
done
f_start=$(median floor_start 2)
f_png=$(median floor_png 1)
f_md=$(median floor_md 1)
f_pdf=$(median floor_pdf 1)
f_all=$(awk -v a="$f_start" -v b="$f_png" -v c="$f_md" -v d="$f_pdf" 'BEGIN { printf "%.3f", a + b + c + d }')
echo "3. floor of the libraries (CPU s, medians of $runs runs; tests/bench/floor.c)"
printf '  %-58s %7.3f s\n' "process start, fontconfig and a first layout" "$f_start"
printf '  %-58s %7.3f s\n' "$(find "$site" -name '*.png' | wc -l) PNG charts rasterized and encoded (libpng, zlib 1)" "$f_png"
printf '  %-58s %7.3f s\n' "cmark-gfm parse and HTML of $(find "$site" -name guide.md | wc -l) guide.md" "$f_md"
printf '  %-58s %7.3f s\n' "one Pango layout pass of each guide into a PDF" "$f_pdf"
printf '  %-58s %7.3f s\n' "floor" "$f_all"
echo "  gpuguide CPU $our_cpu s = $(ratio "$our_cpu" "$f_all")x the floor"
if $peer_ok; then
	echo "  peer CPU $(median peer 2) s = $(ratio "$(median peer 2)" "$f_all")x the floor"
fi

fi # BENCH_SCALE_ONLY

# ---- 4. scaling ------------------------------------------------------------
echo
rows_of() { # data rows of gpus, prices and benchmarks
	cat "$1/gpus.csv" "$1/prices.csv" "$1/benchmarks.csv" | python3 -c '
import csv, sys
print(sum(1 for r in csv.reader(sys.stdin) if r and r[0] not in ("name", "gpu")))'
}
stage_ms() { # NAME STAGE: summed CPU ms of a stage in the progress lines
	# ("gpuguide: STAGE WHAT  W ms, CPU C ms"; older: "... W ms", wall)
	awk -v s="$2" '$1 == "gpuguide:" && $2 == s { t += $(NF - 1) } END { printf "%.0f", t }' "$rec/$1.err"
}
# growth A B NA NB: how much B exceeds A per tripling of the size
# (NA -> NB), (B / A) ^ (ln 3 / ln(NB / NA)); "-" without both.
growth() {
	awk -v a="$1" -v b="$2" -v na="$3" -v nb="$4" 'BEGIN {
		if (a > 0 && b > 0 && nb > na) printf "%.2fx", exp(log(b / a) * log(3) / log(nb / na));
		else print "-" }'
}
stages="results market data template charts html pdf requests"
echo "4. scaling on synthetic editions (tests/synth/make_edition.py: GPUs : prices : benchmark rows = 1 : 10 : 5, every GPU measured, five chip families; medians of $scale_runs runs; stopped after $limit s)"
printf '  %6s %7s  %-8s %8s %8s %7s %11s   %s\n' GPUs rows run wall CPU peak "CPU/1k rows" "stage CPU ms per 1k rows: $stages"
prev_n= prev=
for size in $sizes; do
	python3 tests/synth/make_edition.py --gpus "$size" --prices $((size * 10)) \
		--benchmarks $((size * 5)) "$work/syn$size"
	rows=$(rows_of "$work/syn$size/current")
	repeat "chk$size" "$scale_runs" "$bin" --check --data "$work/syn$size/current"
	i=0
	while [ "$i" -lt "$scale_runs" ]; do
		rm -rf "$work/syn$size-out"
		run "syn$size" "$bin" --data "$work/syn$size/current" --out "$work/syn$size-out"
		cp "$rec/syn$size.err" "$rec/syn$size.err.$(wc -l <"$rec/syn$size")"
		i=$((i + 1))
	done
	cur=
	for kind in chk syn; do
		name=$kind$size
		label=$([ "$kind" = chk ] && echo "--check" || echo "full")
		if awk '$4 != 0 { bad = 1 } END { exit !bad }' "$rec/$name"; then
			printf '  %6s %7s  %-8s did not finish (status %s; 124 = over %s s): %s\n' "$size" "$rows" "$label" \
				"$(awk '$4 != 0 { print $4; exit }' "$rec/$name")" "$limit" \
				"$(grep -v '^  \|^gpuguide: ' "$rec/$name.err" | tail -n 1)"
			cur="$cur - - -"
			continue
		fi
		wall=$(median "$name" 1) cpu=$(median "$name" 2) peak=$(median "$name" 3)
		cur="$cur $wall $cpu $peak"
		per=$(awk -v c="$cpu" -v r="$rows" 'BEGIN { printf "%.3f s", c / r * 1000 }')
		st=""
		if [ "$kind" = syn ]; then
			# the stages of the run whose CPU time is the median
			k=$(awk -v c="$cpu" '{ d = $2 - c; if (d < 0) d = -d;
				if (NR == 1 || d < best) { best = d; k = NR } } END { print k }' "$rec/$name")
			cp "$rec/$name.err.$k" "$rec/$name.err"
			for s in $stages; do
				st="$st $(awk -v m="$(stage_ms "$name" "$s")" -v r="$rows" 'BEGIN { printf "%.0f", m / r * 1000 }')"
			done
			if [ "$size" = 10000 ]; then
				target_line="  10,000 GPUs against the targets: full generation wall $wall s (under 5 s: $(awk -v w="$wall" 'BEGIN { print (w < 5 ? "met" : "not met") }')), peak $(mb "$peak") MB (under 300 MB: $(awk -v p="$peak" 'BEGIN { print (p < 300 * 1024 ? "met" : "not met") }'))"
			fi
		fi
		printf '  %6s %7s  %-8s %7.2fs %7.2fs %4sMB %11s  %s\n' "$size" "$rows" "$label" "$wall" "$cpu" "$(mb "$peak")" "$per" "$st"
	done
	if [ -n "$prev_n" ]; then
		set -- $prev
		pw1=$1 pc1=$2 pm1=$3 fw1=$4 fc1=$5 fm1=$6
		set -- $cur
		printf '  %6s growth per tripling from %s GPUs: --check wall %s, CPU %s, peak %s; full wall %s, CPU %s, peak %s\n' "" "$prev_n" \
			"$(growth "$pw1" "$1" "$prev_n" "$size")" "$(growth "$pc1" "$2" "$prev_n" "$size")" \
			"$(growth "$pm1" "$3" "$prev_n" "$size")" "$(growth "$fw1" "$4" "$prev_n" "$size")" \
			"$(growth "$fc1" "$5" "$prev_n" "$size")" "$(growth "$fm1" "$6" "$prev_n" "$size")"
	fi
	prev_n=$size prev=$cur
	rm -rf "$work/syn$size-out" "$work/syn$size"
done
if [ -n "${target_line:-}" ]; then
	echo "$target_line"
fi
echo "  (n log n grows 3.4x per tripling at these sizes; linear 3.0x)"

# ---- 5. page weight ----------------------------------------------------------
if [ "${BENCH_SCALE_ONLY:-0}" != 1 ] && [ -f tests/bench/page_weight.sh ]; then
	echo
	if command -v chromium >/dev/null 2>&1; then
		sh tests/bench/page_weight.sh "$site"
	else
		echo "5. page weight: skipped (needs chromium; tools/check-deps.sh bench could not install it here)"
	fi
fi
