#!/bin/sh
# Builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan).
# Usage: sh tests/fuzz/build.sh [TARGET...]   (from anywhere; default: all)
# Targets: fuzz_csv fuzz_edition fuzz_template fuzz_names -> tests/fuzz/fuzz_X
set -eu
cd "$(dirname "$0")/../.."

CC=${FUZZ_CC:-clang}
PKGS="libcmark-gfm pangocairo cairo-pdf cairo-svg cairo-png fontconfig"
if ! command -v "$CC" >/dev/null 2>&1; then
	echo "build.sh: $CC not found (apt-get install -y clang)" >&2
	exit 2
fi
# libFuzzer's runtime ships separately from clang on Debian.
if ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){(void)d;(void)n;return 0;}' \
    | "$CC" -x c -fsanitize=fuzzer -o /dev/null - 2>/dev/null; then
	echo "build.sh: libFuzzer runtime missing" \
	     "(apt-get install -y libclang-rt-14-dev)" >&2
	exit 2
fi
# shellcheck disable=SC2086 # PKGS is a word list
PKG_CFLAGS=$(pkg-config --cflags $PKGS)
# shellcheck disable=SC2086
PKG_LIBS=$(pkg-config --libs $PKGS)
CFLAGS="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
-std=c11 -D_POSIX_C_SOURCE=200809L $(for d in gen/*/; do printf -- "-iquote %s " "$d"; done) -iquote tests/fuzz"

sources() {
	case $1 in
	# and the reference it is checked against (libcsv, -lcsv below)
	fuzz_csv) echo gen/data/csvload.c gen/util/util.c tests/fuzz/csv_libcsv.c ;;
	# the data stage is several files (data.c, data_rows.c, data_cell.c,
	# edition.c, ...): all of gen/data and the ground it stands on
	fuzz_edition) echo gen/data/*.c gen/util/util.c gen/util/validate.c ;;
	fuzz_names) echo gen/util/validate.c gen/util/util.c ;;
	# template.c calls chart_free and chart_alt_text (the chart module
	# may be split over several gen/chart/chart*.c files) and checks the
	# author's Markdown (template_markup.c, markdown.c).
	fuzz_template) echo gen/doc/template.c gen/doc/template_markup.c gen/doc/markdown.c gen/chart/chart*.c gen/util/text.c gen/util/util.c gen/util/paths.c ;;
	*) echo "build.sh: unknown target $1" >&2; return 1 ;;
	esac
}

targets=${*:-fuzz_csv fuzz_edition fuzz_template fuzz_names}
for t in $targets; do
	src=$(sources "$t")
	echo "build.sh: $t"
	# shellcheck disable=SC2086
	if $CC $CFLAGS $PKG_CFLAGS "tests/fuzz/$t.c" $src $PKG_LIBS -lcsv -lm \
	    -o "tests/fuzz/$t" 2>"tests/fuzz/.build-$t.log"; then
		rm -f "tests/fuzz/.build-$t.log"
	else
		cat "tests/fuzz/.build-$t.log" >&2
		exit 1
	fi
done
