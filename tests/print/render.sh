#!/bin/sh
# Renders the reference pages (tests/print/pages.txt) of an output folder
# to PNG at 50 dpi: NAME.png, NAME from the PDF's path and the page.
# usage: tests/print/render.sh OUT_DIR DEST_DIR
set -eu
out=$1
dest=$2
mkdir -p "$dest"
grep -v '^#' "$(dirname "$0")/pages.txt" | while read -r pdf page; do
	[ -n "$pdf" ] || continue
	if [ ! -f "$out/$pdf" ]; then
		echo "render.sh: $out/$pdf is missing" >&2
		continue
	fi
	name=$(printf '%s-p%s' "$pdf" "$page" | tr '/' '_' | sed 's/\.pdf//')
	pdftoppm -png -r 50 -f "$page" -l "$page" -singlefile \
		"$out/$pdf" "$dest/$name"
done
