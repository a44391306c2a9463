#!/usr/bin/env bash
# make test-install (CI runs it): what a person who only wants the gallery gets.
# 1. `make demo`'s and `make install`'s packages pull in no browser, X server or test tool,
#    however deep apt's dependencies go (the test set does, so this check can tell them apart).
# 2. `make install` into a scratch DESTDIR, then the installed binary is used from elsewhere, as
#    a user would: it builds sample-data/'s site (its migrations, page scripts and styles are in
#    the binary, not the source tree), `--version` answers, the man page renders, and bash
#    completes a subcommand from the installed completion script.
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"

# apt's package lists may have been cleaned away (container images do): the closure needs them.
if ! apt-cache show chromium >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
fi
closure() {
  apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
    --no-replaces --no-enhances "$@" 2>/dev/null | grep -v '^ ' | sort -u
}
test_only='^(chromium|firefox-esr|libwebkit2gtk-.*|webkit2gtk-driver|xvfb|gstreamer1\.0-.*|imagemagick|libimage-exiftool-perl|ffmpeg)$'
mapfile -t gallery_packages < <(scripts/install-deps.sh --print)
gallery_closure="$(closure "${gallery_packages[@]}")"
pulled="$(grep -E "$test_only" <<< "$gallery_closure" || true)"
if [ -n "$pulled" ]; then
  echo "check-install: make demo would install test tools: $(echo $pulled)" >&2
  exit 1
fi
mapfile -t test_packages < <(scripts/install-deps.sh --test --print)
# Into a variable first: grep -q stops reading early, and apt-cache's broken pipe would fail the
# pipeline under pipefail.
test_closure="$(closure "${test_packages[@]}")"
grep -qx chromium <<< "$test_closure" || { echo "check-install: the closure check found no chromium even in the test set: it checks nothing" >&2; exit 1; }
echo "check-install: make demo installs ${#gallery_packages[@]} packages, none of them a browser or test tool"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
make --no-print-directory install DESTDIR="$scratch/root" PREFIX=/usr/local
prefix="$scratch/root/usr/local"
installed="$prefix/bin/gallery"

cd "$scratch"
cp -r "$repository/sample-data" photos
"$installed" --version
"$installed" build photos --db library.db --out site --quiet
for file in site/index.html site/gallery.js site/gallery.css; do
  [ -s "$file" ] || { echo "check-install: the installed gallery wrote no $file" >&2; exit 1; }
done
MANWIDTH=80 man -l "$prefix/share/man/man1/gallery.1" 2>/dev/null | grep -q "gallery build" \
  || { echo "check-install: the man page does not render or lacks 'gallery build'" >&2; exit 1; }
completed="$(bash -c '
  source "$1"
  COMP_WORDS=(gallery exp); COMP_CWORD=1; COMP_LINE="gallery exp"; COMP_POINT=${#COMP_LINE}
  _gallery gallery exp gallery >/dev/null 2>&1 || true
  printf "%s\n" "${COMPREPLY[@]}"' _ "$prefix/share/bash-completion/completions/gallery")"
[ "$completed" = "export" ] || { echo "check-install: bash completed 'gallery exp' as '$completed', not 'export'" >&2; exit 1; }
for file in share/zsh/site-functions/_gallery share/fish/vendor_completions.d/gallery.fish; do
  grep -q "export" "$prefix/$file" || { echo "check-install: $file has no subcommands" >&2; exit 1; }
done
echo "check-install: installed $(du -h "$installed" | cut -f1) binary, man page and bash/zsh/fish completions; the installed gallery built sample-data's site"
