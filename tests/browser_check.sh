#!/bin/sh
# Opens the generated site in headless Chromium (Debian's /usr/bin/chromium)
# from file:// URLs: takes screenshots and looks for console messages and
# files that fail to load.
#
# Usage: sh tests/browser_check.sh OUTDIR SHOTDIR
#
# Pages: every .html file at the top of OUTDIR and one folder down
# (index.html, 2020-09/index.html, 404.html, ...). For each page P.html:
#   - SHOTDIR/P-1280.png and SHOTDIR/P-390.png, screenshots of a 1280x2000
#     and a 390x2000 window (so 2020-09/index.html gives
#     SHOTDIR/2020-09/index-1280.png);
#   - one --dump-dom run with --enable-logging=stderr --v=0, whose stderr is
#     searched for console lines. Chromium logs a web page's console messages
#     at INFO whatever their level ("INFO:CONSOLE:1] "boom"" for
#     console.error("boom")), so the level cannot be told apart: every
#     CONSOLE line is reported (uncaught exceptions, console.error, "Failed
#     to load resource", and also console.log: the site's one script,
#     assets/picker.js, logs nothing, so any console output is unexpected);
#   - the same run logs every file:// URL the page loads (--vmodule for
#     file_url_loader_factory); each must be an existing file inside OUTDIR.
#     This catches what the page itself loads, images or url() in CSS, which
#     Chromium does not report on the console for file:// pages.
# Exit status: 0 all fine (prints "browser ok: ..."), 1 problems (one line
# each, "browser: PAGE: message"), 2 usage error or no Chromium.
# Each Chromium run is limited to 60 s. Works as root (--no-sandbox).
# CHROMIUM=/path/to/chromium overrides the browser.
set -u

if [ $# -ne 2 ]; then
	echo "usage: sh tests/browser_check.sh OUTDIR SHOTDIR" >&2
	exit 2
fi
if [ ! -d "$1" ]; then
	echo "browser_check: $1: not a folder" >&2
	exit 2
fi
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "browser_check: $chromium not found; install it with: apt-get install -y chromium" >&2
	exit 2
fi
mkdir -p "$2" || exit 2
outabs=$(cd "$1" && pwd -P) || exit 2
shotabs=$(cd "$2" && pwd -P) || exit 2

work=$(mktemp -d "${TMPDIR:-/tmp}/browser_check.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

problems=0
runs=0
shots=0
pages=0
started=$(date +%s)

problem() {
	problems=$((problems + 1))
	printf 'browser: %s\n' "$*"
}

# file_url PATH: the file:// URL of an absolute path.
file_url() {
	printf 'file://%s\n' "$1" | sed -e 's/%/%25/g' -e 's/ /%20/g' -e 's/#/%23/g' -e 's/?/%3F/g'
}

# url_path URL: the path of a file:// URL, without query and fragment,
# percent-decoded.
url_path() {
	printf '%s\n' "$1" | sed -e 's|^file://||' -e 's/[?#].*$//' | awk '
		function hex(h,   i, n) {
			n = 0; h = toupper(h)
			for (i = 1; i <= 2; i++) n = n * 16 + index("0123456789ABCDEF", substr(h, i, 1)) - 1
			return n
		}
		{
			out = ""; s = $0
			while (match(s, /%[0-9A-Fa-f][0-9A-Fa-f]/)) {
				out = out substr(s, 1, RSTART - 1) sprintf("%c", hex(substr(s, RSTART + 1, 2)))
				s = substr(s, RSTART + 3)
			}
			print out s
		}'
}

# chrome STDOUT STDERR ARGS...: one headless Chromium run with a fresh
# profile; returns Chromium's status (124 or 137 when it timed out).
chrome() {
	c_out=$1; c_err=$2; shift 2
	runs=$((runs + 1))
	c_profile="$work/profile-$runs"
	mkdir "$c_profile"
	timeout -k 5 60 "$chromium" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$c_profile" --hide-scrollbars "$@" \
		>"$c_out" 2>"$c_err" </dev/null
	c_status=$?
	rm -rf "$c_profile"
	return $c_status
}

# status_message STATUS: why a Chromium run failed.
status_message() {
	case $1 in
	124 | 137) echo "Chromium timed out after 60 s" ;;
	*) echo "Chromium exited with status $1" ;;
	esac
}

page_list="$work/pages"
(cd "$outabs" && find . -maxdepth 2 -type f -name '*.html' | sed 's|^\./||' | sort) >"$page_list"
if [ ! -s "$page_list" ]; then
	problem "$1: no .html page"
	exit 1
fi

while IFS= read -r page; do
	pages=$((pages + 1))
	url=$(file_url "$outabs/$page")
	base=${page%.html}
	mkdir -p "$shotabs/$(dirname "$page")"

	# (a) screenshots
	for width in 1280 390; do
		shot="$shotabs/$base-$width.png"
		rm -f "$shot"
		chrome "$work/out" "$work/err" --screenshot="$shot" --window-size="$width,2000" "$url"
		status=$?
		if [ "$status" -ne 0 ]; then
			problem "$page: screenshot at $width px: $(status_message "$status")"
			tail -n 5 "$work/err" | sed 's/^/    /'
		elif [ ! -s "$shot" ]; then
			problem "$page: screenshot at $width px: no image written"
		else
			shots=$((shots + 1))
		fi
	done

	# (b) console messages and files that fail to load
	chrome "$work/dom" "$work/log" --enable-logging=stderr --v=0 \
		--vmodule=file_url_loader_factory=1 --window-size=1280,2000 \
		--dump-dom "$url"
	status=$?
	if [ "$status" -ne 0 ]; then
		problem "$page: --dump-dom: $(status_message "$status")"
		tail -n 5 "$work/log" | sed 's/^/    /'
		continue
	fi
	if ! grep -qi '</html>' "$work/dom"; then
		problem "$page: --dump-dom printed no document"
	fi
	grep 'CONSOLE' "$work/log" | sed 's/^\[[^]]*\] *//' >"$work/console"
	while IFS= read -r line; do
		problem "$page: console: $line"
	done <"$work/console"
	sed -n 's/.*FileURLLoader::Start: \(file:[^ ]*\).*/\1/p' "$work/log" | sort -u >"$work/loads"
	while IFS= read -r loaded; do
		path=$(url_path "$loaded")
		case $path in
		"$outabs"/*) ;;
		*)
			problem "$page: loads $loaded, outside $1"
			continue
			;;
		esac
		if [ ! -f "$path" ]; then
			problem "$page: failed to load ${path#"$outabs"/} (no such file)"
		fi
	done <"$work/loads"
done <"$page_list"

elapsed=$(($(date +%s) - started))
if [ "$problems" -ne 0 ]; then
	echo "browser: $problems problems ($pages pages, $runs Chromium runs, ${elapsed}s)"
	exit 1
fi
echo "browser ok: $pages pages, $shots screenshots, $runs Chromium runs, ${elapsed}s"
exit 0
