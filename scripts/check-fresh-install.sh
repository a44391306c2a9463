#!/usr/bin/env bash
# What `make demo` and `make test` install on a fresh Debian 12: a minimal Debian (debootstrap
# --variant=minbase, which has even less than a machine with Swift) in a scratch folder, then
# scripts/install-deps.sh run inside it as make demo runs it, then as make test does; each timed,
# and apt's own log (/var/log/apt/history.log) read back: make demo must install no browser,
# X server or test server.
#   scripts/check-fresh-install.sh [FOLDER]     root, network to the Debian mirror; FOLDER is
#                                                removed first (default /tmp/gallery-fresh)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="${1:-/tmp/gallery-fresh}"
suite=bookworm
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
[ "$(id -u)" -eq 0 ] || { echo "check-fresh-install: needs root (debootstrap, chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null

cleanup() { umount "$root/proc" 2>/dev/null || true; }
trap cleanup EXIT
cleanup
rm -rf "$root"
start=$(date +%s)
debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$root.debootstrap.log" 2>&1 \
  || { echo "debootstrap failed: see $root.debootstrap.log" >&2; exit 1; }
echo "minimal Debian $suite in $root: $(( $(date +%s) - start )) s"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# A host whose TLS goes through its own certificate authority (PyPI for make test's S3 server).
cp /etc/ssl/certs/ca-certificates.crt "$root/root/host-ca.crt"
mkdir -p "$root/root/gallery/scripts"
cp "$here/scripts/install-deps.sh" "$root/root/gallery/scripts/"

run() {  # run MODE-ARGUMENTS...: install-deps.sh in the fresh system; prints seconds, packages, MB
  local log="$root/root/deps$1.log" before after seconds
  before=$(du -sm "$root/var/cache/apt/archives" | cut -f1)
  local began=$(date +%s)
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root PIP_CERT=/root/host-ca.crt \
    bash -c "cd /root/gallery && scripts/install-deps.sh $1" > "$log" 2>&1 \
    || { echo "install-deps.sh $1 failed in the fresh system: $log" >&2; tail -5 "$log" >&2; exit 1; }
  seconds=$(( $(date +%s) - began ))
  after=$(du -sm "$root/var/cache/apt/archives" | cut -f1)
  echo "$seconds $(( after - before ))"
}
read -r demo_seconds demo_mb < <(run "")
demo_packages=$(grep '^Install:' "$root/var/log/apt/history.log" | tail -1 | tr ',' '\n' | grep -c .)
installed_by_demo=$(grep '^Install:' "$root/var/log/apt/history.log" | tail -1)
browsers=$(echo "$installed_by_demo" | tr ',' '\n' | grep -oE '(chromium|firefox-esr|webkit2gtk-driver|libwebkit2gtk[^ :]*|xvfb|gstreamer1\.0-[a-z-]+|seaweedfs)' | sort -u | tr '\n' ' ' || true)
echo "make demo's packages: ${demo_seconds} s, ${demo_packages} packages, ${demo_mb} MB downloaded; browsers, X or test servers among them: ${browsers:-none}"
read -r test_seconds test_mb < <(run "--test")
test_packages=$(grep '^Install:' "$root/var/log/apt/history.log" | tail -1 | tr ',' '\n' | grep -c .)
echo "make test's additions: ${test_seconds} s, ${test_packages} more packages, ${test_mb} MB downloaded, and the S3 server from PyPI"
[ -z "$browsers" ] || { echo "make demo installed test tools: $browsers" >&2; exit 1; }
