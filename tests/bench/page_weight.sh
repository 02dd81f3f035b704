#!/bin/sh
# Page weight of the generated site: HTML + CSS + JS + first-screen charts
# of each edition page at 375 and 1280 px, beside its baseline (see
# page_weight.py; page_weight_baseline.txt).
# Usage: sh tests/bench/page_weight.sh [OUTDIR]   (default: out)
exec python3 "$(dirname "$0")/page_weight.py" "${1:-out}"
