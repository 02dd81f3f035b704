#!/bin/sh
# Checks what gpuguide needs to build and run; installs the missing Debian
# packages when apt-get may run (root, or sudo without a password).
# Usage: tools/check-deps.sh [build|test|browser|bench]   Exit 0 when all is there, 2 when
# something is missing and cannot be installed here.
set -u
need="${1:-build}"
missing_pkgs=""

add() { case " $missing_pkgs " in *" $1 "*) ;; *) missing_pkgs="$missing_pkgs $1" ;; esac; }

command -v pkg-config >/dev/null 2>&1 || add pkg-config
command -v cc >/dev/null 2>&1 || add gcc
command -v make >/dev/null 2>&1 || add make
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists libcmark-gfm 2>/dev/null || { add libcmark-gfm-dev; add libcmark-gfm-extensions-dev; }
	pkg-config --exists cairo-pdf cairo-svg cairo-png 2>/dev/null || add libcairo2-dev
	pkg-config --exists pangocairo 2>/dev/null || add libpango1.0-dev
	pkg-config --exists fontconfig 2>/dev/null || add libfontconfig-dev
	pkg-config --exists libcrypto 2>/dev/null || add libssl-dev
else
	add libcmark-gfm-dev; add libcmark-gfm-extensions-dev; add libcairo2-dev; add libpango1.0-dev; add libssl-dev
fi
[ -f /usr/include/cmark-gfm-core-extensions.h ] || add libcmark-gfm-extensions-dev
[ -f /usr/include/csv.h ] || add libcsv-dev
if ! fc-list 2>/dev/null | grep -q 'DejaVuSans.ttf'; then add fonts-dejavu-core; fi
if ! fc-list 2>/dev/null | grep -q 'NotoSansCJK'; then add fonts-noto-cjk; fi
# The Chinese PDFs use WenQuanYi Micro Hei: TrueType outlines, which cairo
# 1.16 subsets correctly (it draws some Noto CJK CFF glyphs blank, e.g. 如).
if ! fc-list 2>/dev/null | grep -q 'wqy-microhei'; then add fonts-wqy-microhei; fi
if [ "$need" = browser ] || [ "$need" = test ] || [ "$need" = bench ]; then
	command -v chromium >/dev/null 2>&1 || add chromium
fi
if [ "$need" = test ]; then
	command -v pdfinfo >/dev/null 2>&1 || add poppler-utils
	command -v python3 >/dev/null 2>&1 || add python3
	command -v mutool >/dev/null 2>&1 || add mupdf-tools
fi

# make bench: GNU time, the floor program's libpng, and the peer pipeline
# it compares with (pandoc, matplotlib, weasyprint), for the system's
# python3 (the one apt installs into; the peer script names it).
if [ "$need" = bench ]; then
	py=/usr/bin/python3
	[ -x "$py" ] || py=python3
	[ -x /usr/bin/time ] || add time
	pkg-config --exists libpng 2>/dev/null || add libpng-dev
	command -v pandoc >/dev/null 2>&1 || add pandoc
	"$py" -c 'import matplotlib' >/dev/null 2>&1 || add python3-matplotlib
	"$py" -c 'import weasyprint' >/dev/null 2>&1 || add weasyprint
fi

[ -z "$missing_pkgs" ] && exit 0

cmd="apt-get install -y --no-install-recommends$missing_pkgs"
if [ "$(id -u)" = 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo="sudo -n"
else
	echo "gpuguide needs these Debian packages:$missing_pkgs" >&2
	echo "Install them with:  sudo apt-get update && sudo $cmd" >&2
	exit 2
fi
echo "Installing:$missing_pkgs" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2 && $sudo $cmd >&2 || {
	echo "gpuguide: installing failed; run: sudo apt-get update && sudo $cmd" >&2
	exit 2
}
exit 0
