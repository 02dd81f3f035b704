#!/bin/sh
# Expected-output tests on frozen inputs (make regress; make regress-bless).
#
# Every folder tests/regress/NAME/ with a data/ folder is a fixture: a
# folder of editions frozen for the purpose, beside expected/, the output
# it must give in English: guide.md, data/*.csv and the text of each
# purchase request (pdftotext -layout), for every edition.  The runner
# generates each fixture at a fixed SOURCE_DATE_EPOCH into TMP and
# compares file by file (diff -u of the first lines of a difference;
# missing and extra files count too), then prints "regress: N passed,
# M failed".
#
#   sh tests/regress/run.sh BIN TMP            compare
#   sh tests/regress/run.sh BIN TMP --bless    show the diff, then
#                                              rewrite expected/
# Bless only after reading the diff: expected/ is what the program must
# say about these inputs.
set -u
bin=$1
tmp=$2
bless=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
passed=0
failed=0
# 2026-12-06: after every row of the fixtures, fixed so output is stable
SOURCE_DATE_EPOCH=${REGRESS_EPOCH:-1796515200}
export SOURCE_DATE_EPOCH

# collect OUT DEST: the files of a generated tree that expected/ holds
collect() {
	rm -rf "$2" && mkdir -p "$2"
	(cd "$1" && find . -name guide.md -o -path '*/data/*.csv' \
	    -o -path '*/requests/*.pdf' | grep -v '^\./zh-CN/' | sort) |
	while read -r f; do
		mkdir -p "$2/$(dirname "$f")"
		case $f in
		*.pdf) pdftotext -layout "$1/$f" "$2/${f%.pdf}.txt" ;;
		*) cp "$1/$f" "$2/$f" ;;
		esac
	done
}

for fixture in "$here"/*/; do
	[ -d "$fixture/data" ] || continue
	name=$(basename "$fixture")
	out="$tmp/regress-$name"
	rm -rf "$out"
	if ! "$bin" -q --lang en --data "$fixture/data" --out "$out" \
	    >"$tmp/regress-$name.err" 2>&1; then
		failed=$((failed + 1))
		echo "FAIL regress $name: the fixture does not generate"
		sed 's/^/  /' "$tmp/regress-$name.err" | head -5
		continue
	fi
	collect "$out" "$out.got"
	if [ "$bless" = --bless ]; then
		diff -ru "$fixture/expected" "$out.got" | head -200
		rm -rf "$fixture/expected"
		cp -r "$out.got" "$fixture/expected"
		echo "regress: $name blessed ($(find "$fixture/expected" -type f | wc -l) files)"
		continue
	fi
	list="$tmp/regress-$name.files"
	( (cd "$fixture/expected" 2>/dev/null && find . -type f);
	  (cd "$out.got" && find . -type f) ) | sort -u >"$list"
	while read -r f; do
		if [ ! -f "$fixture/expected/$f" ]; then
			failed=$((failed + 1))
			echo "FAIL regress $name: $f is new (not in expected/)"
		elif [ ! -f "$out.got/$f" ]; then
			failed=$((failed + 1))
			echo "FAIL regress $name: $f is no longer written"
		elif cmp -s "$fixture/expected/$f" "$out.got/$f"; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
			echo "FAIL regress $name: $f differs"
			diff -u "$fixture/expected/$f" "$out.got/$f" | sed -n '3,14p' | sed 's/^/  /'
		fi
	done <"$list"
	rm -rf "$out" "$out.got"
done
echo "regress: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
