#!/usr/bin/env bash
# Installs the Debian packages gallery needs, and only those that are missing, so a machine that
# has them all runs no apt at all. Called by `make deps` (and so by demo, test and bench).
set -euo pipefail

packages=(
  libjpeg-dev       # libjpeg-turbo: JPEG encode/decode (Sources/CJPEG)
  libsqlite3-dev    # SQLite, through GRDB
  zlib1g-dev        # PNG writing (Sources/CZlib)
  libpng-dev        # PNG reading (Sources/CPNG)
  libharfbuzz-dev   # text shaping and font subsetting (Sources/CHarfBuzz)
  libicu-dev        # line breaking, graphemes, scripts, bidi (Sources/CTextSegmentation)
  fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji  # the gallery's fonts (TextMetrics.GalleryTextStyles)
  chromium          # the real browser the tests compare against
)
if [ "${1:-}" = "--bench" ]; then
  packages+=(python3-venv time libvips-tools wrk curl)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
