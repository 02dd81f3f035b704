#!/bin/sh
# Runs the Pages workflow's build job as GitHub would, here: the job's
# `run:` steps from .github/workflows/pages.yml, in order, inside a clean
# Debian 12 (bookworm) root made with debootstrap, on a copy of the
# committed tree.  The `uses:` steps are stood in for: checkout is the copy,
# configure-pages gives a sample base URL, the upload needs out/index.html.
# A broken deploy (a missing package, a step that fails on a clean Debian)
# is caught here before it reaches GitHub.
# Usage: sh .ci/pages-job.sh   (root; needs debootstrap, installs it if it may)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
workflow="$top/.github/workflows/pages.yml"
base_url="https://example.github.io/gpuguide"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

die() { echo "pages-job: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "must run as root (chroot)"

# ---- the build job's steps ------------------------------------------------
# The job is the block from "  build:" to the next two-space key.  Each run
# step must be one line, so that what runs here is the text GitHub runs.
steps=$(awk '
	/^  build:/ { inside = 1; next }
	inside && /^  [a-z]/ { inside = 0 }
	inside { print }' "$workflow")
[ -n "$steps" ] || die "$workflow: no build job"
printf '%s\n' "$steps" | grep -q '^    container: debian:12$' ||
	die "$workflow: the build job must run in container debian:12 (what make supports)"
if printf '%s\n' "$steps" | grep -Eq '^ +(- )?run: *[|>]'; then
	die "$workflow: multi-line run steps are not checked here; keep each run step on one line"
fi
runs=$(printf '%s\n' "$steps" | sed -n 's/^ *-\{0,1\} *run: *//p' |
	sed "s|\${{ steps.pages.outputs.base_url }}|$base_url|g")
case "$runs" in *'${{'*) die "$workflow: an expression this check cannot stand in for: $(printf '%s\n' "$runs" | grep -F '${{' | head -1)" ;; esac
[ -n "$runs" ] || die "$workflow: the build job has no run steps"

# ---- a clean Debian 12 ------------------------------------------------------
command -v debootstrap >/dev/null 2>&1 ||
	{ apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; } ||
	die "debootstrap is missing and could not be installed"
root=$(mktemp -d /tmp/gpuguide-pages.XXXXXX)
cleanup() {
	for m in dev/pts dev/shm dev proc sys; do
		mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"
	done
	# Never delete through a mount that is still there.
	if findmnt -rn -o TARGET | grep -q "^$root"; then
		echo "pages-job: $root still has mounts; left in place" >&2
	else
		rm -rf "$root"
	fi
}
trap cleanup EXIT INT TERM HUP
echo "pages-job: debootstrap bookworm into $root" >&2
# Exit 77 (skipped, said so) only when the Debian mirror cannot be reached.
if ! debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1; then
	tail -20 "$root.log" >&2
	if grep -qi "failed getting release file\|could not resolve\|temporary failure" "$root.log"; then
		rm -f "$root.log"; echo "pages-job: SKIPPED: the Debian mirror $mirror cannot be reached" >&2; exit 77
	fi
	rm -f "$root.log"; die "debootstrap failed"
fi
rm -f "$root.log"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount -t sysfs -o ro sysfs "$root/sys"
# A private /dev: only the device nodes a build and a browser need.
mount -t tmpfs -o mode=755 tmpfs "$root/dev"
for n in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
	mknod -m 666 "$root/dev/${n%%:*}" c "$(echo "$n" | cut -d: -f2)" "${n##*:}"
done
mkdir -p "$root/dev/shm" "$root/dev/pts"
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
ln -s /proc/self/fd "$root/dev/fd"

# ---- checkout: the committed tree ------------------------------------------
mkdir -p "$root/github/workspace"
git -C "$top" archive HEAD | tar -x -C "$root/github/workspace"

# ---- the run steps, in order -------------------------------------------------
printf '%s\n' "$runs" | while IFS= read -r cmd; do
	echo "pages-job: run: $cmd" >&2
	chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		CI=true GITHUB_ACTIONS=true DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 \
		/bin/sh -c "cd /github/workspace && $cmd" || die "step failed: $cmd"
done

# ---- upload-pages-artifact: the site must be there ---------------------------
[ -f "$root/github/workspace/out/index.html" ] || die "no out/index.html to upload"
grep -q "$base_url/" "$root/github/workspace/out/index.html" ||
	die "out/index.html does not use the base URL the workflow passes"
echo "pages-job: the Pages build job passed in a clean Debian 12" >&2
