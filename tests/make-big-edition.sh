#!/bin/sh
# Writes a synthetic edition with N GPUs into DIR: the mini edition
# (tests/data/mini) plus N-5 copies of its RTX 3080 row under unique names,
# each with a price and a benchmark, for scale tests (`--check` time, bars
# per chart).  Nothing it writes is committed.
# Usage: sh tests/make-big-edition.sh N DIR   (from the top folder)
set -eu
n=$1 dir=$2
mini=tests/data/mini
rm -rf "$dir" && mkdir -p "$dir" && cp "$mini"/*.csv "$dir/"
extra=$((n - 5))
awk -F, -v OFS=, -v n="$extra" 'NR == 2 { for (i = 1; i <= n; i++) {
	$1 = sprintf("Synthetic GPU %06d", i); $11 = 5 + (i % 7);
	print } }' "$mini/gpus.csv" >>"$dir/gpus.csv"
awk -F, -v OFS=, -v n="$extra" 'NR == 2 { for (i = 1; i <= n; i++) {
	$1 = sprintf("Synthetic GPU %06d", i); $3 = 300 + (i % 997);
	print } }' "$mini/prices.csv" >>"$dir/prices.csv"
awk -F, -v OFS=, -v n="$extra" 'NR == 2 { for (i = 1; i <= n; i++) {
	$1 = sprintf("Synthetic GPU %06d", i); $8 = 500 + (i % 401);
	print } }' "$mini/benchmarks.csv" >>"$dir/benchmarks.csv"
