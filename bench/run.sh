#!/usr/bin/env bash
# make bench: release build, then each benchmark against its peer in the same run.
# Figures are printed and appended to bench/RESULTS.md. Work files live in bench/work/ (ignored).
# bench/run.sh large-album runs only the large-album pages and serve (issue 13);
# bench/run.sh phone-formats only the HEIC/WebP probe, HEIC thumbnails and metadata (issue 15);
# bench/run.sh live-preview only the live preview's edit-to-reload time (issue 16);
# bench/run.sh phones only the phone, tablet and desktop pages and the lightbox's gestures (issue 24);
# bench/run.sh publish only gallery publish against rclone, both into a local SeaweedFS (issue 26);
# bench/run.sh videos only the video probe against ffprobe and renditions against ffmpeg (issue 25);
# bench/run.sh descriptions only XMP/IPTC import cost and reading against exiftool (issue 37);
# bench/run.sh agreement only photos --json against exiftool on files from outside (issue 37);
# bench/run.sh find only search, the date scrubber and the map on 100,000 photos, with Pagefind (issue 38);
# bench/run.sh private only the export of a private album against the same album public, and its first screen after the password (issue 39);
# bench/run.sh tiff only TIFF thumbnails against vipsthumbnail and a 400 MP scan's peak RSS (issue 40);
# bench/run.sh export only import + export of 200 photos of 6 and of 24 MP against sigal and vipsthumbnail (issue 40);
# bench/run.sh serve only gallery serve under 32 clients: /api/photos, a page, a large image, /api/layout (issue 49; SERVE_BEFORE=BINARY adds an older build);
# bench/run.sh changes only what one caption edited and 50 photos added cost a rebuild and a publish, at 10,000 photos (CHANGES_SIZES="10000 100000": also 100,000) (issue 51);
# bench/run.sh animations only animated GIFs made looping web videos against the ffmpeg command (issue 50);
# bench/run.sh raws only camera raws (PiDNG-made DNGs of 24 MP) against LibRaw's simple_dcraw/dcraw_emu + vipsthumbnail, and a 60 MP raw's peak RSS (issue 50);
# bench/run.sh install only what make demo and make test install on a fresh Debian 12 (root, the mirror; not in all).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --bench

work=bench/work
mkdir -p "$work"
swift build -c release --product gallery >/dev/null
swift build -c release --product make-sample-data >/dev/null
swift build -c release --product gallery-bench >/dev/null
gallery=.build/release/gallery
make_sample=.build/release/make-sample-data

# Pillow, the probe peer, in a venv of our own.
if [ ! -x "$work/venv/bin/python" ]; then
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install -q --disable-pip-version-check pillow
fi
[ -x "$work/venv/bin/sigal" ] || "$work/venv/bin/pip" install -q --disable-pip-version-check "sigal==2.6.1"
# Pagefind (its binary, as PyPI builds it), the search peer.
"$work/venv/bin/python" -c 'import pagefind' 2>/dev/null || "$work/venv/bin/pip" install -q --disable-pip-version-check "pagefind[bin]==1.5.2"
pillow_version=$("$work/venv/bin/python" -c 'import PIL; print(PIL.__version__)')

machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB"
stamp=$(date -u +%Y-%m-%dT%H:%MZ)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
results=()
record() { echo "$1"; results+=("$1"); }
# Debian's wallpaper packages' photos (Ubuntu's and Kylin's contest photos, MATE's nature set),
# fetched with apt-get download (nothing installed), unpacked in $work/walls/x: real
# photographs for the phone's page and the export's fine detail.
fetch_walls() {
  [ -d "$work/walls/x/usr/share/backgrounds" ] && return
  rm -rf "$work/walls" && mkdir -p "$work/walls"
  (cd "$work/walls" && apt-get download ukui-wallpapers lomiri-wallpapers-20.04 lomiri-wallpapers-16.04 mate-backgrounds >/dev/null 2>&1)
  for deb in "$work"/walls/*.deb; do dpkg -x "$deb" "$work/walls/x"; done
}

# A local SeaweedFS with S3 (the tests' server, signatures checked), and rclone configured for
# it as "bench": sets $weed (its pid) and $endpoint, exports the credentials.
start_weed() {
  tools=.build-tools/s3
  weed_dir=$work/weed && rm -rf "$weed_dir" && mkdir -p "$weed_dir/data"
  echo '{"identities": [{"name": "bench", "credentials": [{"accessKey": "benchKey", "secretKey": "benchSecret"}], "actions": ["Admin", "Read", "List", "Tagging", "Write"]}]}' > "$weed_dir/s3.json"
  read -r -a wp <<< "$(python3 -c 'import socket; s=[socket.socket() for _ in range(8)]; [x.bind(("127.0.0.1", 0)) for x in s]; print(" ".join(str(x.getsockname()[1]) for x in s))')"
  "$tools/bin/weed" server -dir="$weed_dir/data" -ip=127.0.0.1 -ip.bind=127.0.0.1 -master.port="${wp[0]}" -master.port.grpc="${wp[1]}" \
    -volume.port="${wp[2]}" -volume.port.grpc="${wp[3]}" -filer.port="${wp[4]}" -filer.port.grpc="${wp[5]}" -s3 -s3.port="${wp[6]}" \
    -s3.port.grpc="${wp[7]}" -s3.port.iceberg=0 -s3.port.lance=0 -s3.config="$weed_dir/s3.json" -master.volumeSizeLimitMB=256 -volume.max=0 \
    > "$weed_dir/weed.log" 2>&1 &
  weed=$!
  endpoint="http://127.0.0.1:${wp[6]}"
  export AWS_ACCESS_KEY_ID=benchKey AWS_SECRET_ACCESS_KEY=benchSecret
  export RCLONE_CONFIG_BENCH_TYPE=s3 RCLONE_CONFIG_BENCH_PROVIDER=SeaweedFS RCLONE_CONFIG_BENCH_ENDPOINT="$endpoint" \
    RCLONE_CONFIG_BENCH_ACCESS_KEY_ID=benchKey RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY=benchSecret
  for _ in $(seq 1 600); do env -u AWS_CA_BUNDLE rclone mkdir bench:ready >/dev/null 2>&1 && break; sleep 0.2; done
}

only=${1:-all}
if [ "$only" = all ]; then
# MARK: probe rate, 2,000 JPEGs (640x480, a quarter with orientation 6 or 8), warm cache, one core
if [ ! -d "$work/probe-2000" ]; then
  "$make_sample" --many 2000 --size 640x480 "$work/probe-2000" >/dev/null
fi
find "$work/probe-2000" -name '*.jpg' | sort > "$work/probe-files.txt"
ours=0
for _ in 1 2 3 4 5; do
  rate=$(xargs -a "$work/probe-files.txt" "$gallery" probe --stats | sed -E 's/.*: ([0-9]+) files\/s/\1/')
  [ "$rate" -gt "$ours" ] && ours=$rate
done
pillow=$("$work/venv/bin/python" bench/probe_pillow.py 5 "$work/probe-files.txt")
ratio=$(awk -v a="$ours" -v b="$pillow" 'BEGIN { printf "%.1f", a / b }')
record "| $stamp | $commit | probe, 2,000 JPEGs, 1 core, best of 5 | gallery probe: $ours files/s | Pillow $pillow_version open+size+getexif: $pillow files/s | ${ratio}× (goal ≥ 2×) |"

# MARK: import of 10,000 files: peak RSS (goal < 150 MB) and rate, all cores
if [ ! -d "$work/import-10000" ]; then
  "$make_sample" --many 10000 --size 160x120 "$work/import-10000" >/dev/null
fi
rm -f "$work/import.db" "$work/import.db-wal" "$work/import.db-shm"
/usr/bin/time -f '%M %e' -o "$work/import-time.txt" "$gallery" import "$work/import-10000" --db "$work/import.db" --quiet >/dev/null
read -r rss_kb seconds < "$work/import-time.txt"
rss_mb=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')
rate=$(awk -v s="$seconds" 'BEGIN { printf "%.0f", 10000 / s }')
record "| $stamp | $commit | import, 10,000 JPEGs (160x120), $(nproc) jobs, new database | peak RSS $rss_mb MB, ${seconds} s ($rate files/s) | — | goal < 150 MB |"
/usr/bin/time -f '%M %e' -o "$work/import-time.txt" "$gallery" import "$work/import-10000" --db "$work/import.db" --quiet >/dev/null
read -r rss_kb seconds < "$work/import-time.txt"
rss_mb=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')
record "| $stamp | $commit | rerun on the same 10,000 (all unchanged) | peak RSS $rss_mb MB, ${seconds} s | — | — |"

# MARK: text metrics: ~120-character comments per second, one core, cold and warm cache
measure=$(taskset -c 0 .build/release/gallery-bench measure)
cold=$(echo "$measure" | awk '/measure_cold/ {print $2}')
warm=$(echo "$measure" | awk '/measure_warm/ {print $2}')
record "| $stamp | $commit | measure 5,000 comments of 120 characters (8 scripts), 1 core | warm cache: $warm texts/s; cold: $cold texts/s | — | goal ≥ 200,000/s warm |"

# MARK: masonry engine at 1,000,000 items (1280 px, 5 columns), one core; persistence and SQLite viewport queries
layout=$(taskset -c 0 .build/release/gallery-bench layout)
compute=$(echo "$layout" | awk '/layout_compute_ns_per_item/ {print $2}')
compute_rr=$(echo "$layout" | awk '/layout_compute_round_robin_ns_per_item/ {print $2}')
rect_us=$(echo "$layout" | awk '/layout_rect_query_us/ {print $2}')
index_ms=$(echo "$layout" | awk '/layout_index_build_ms/ {print $2}')
persist=$(echo "$layout" | awk '/layout_persist_1m_s/ {print $2}')
sqlite_ms=$(echo "$layout" | awk '/layout_sqlite_query_ms/ {print $2 " ms median, " $5 " ms p99"}')
record "| $stamp | $commit | masonry compute, 1,000,000 items, 1 core | shortest: $compute ns/item; round-robin: $compute_rr ns/item | Immich justified layout (published): 4.8 ns/box | goal ≤ 5 ns/item |"
record "| $stamp | $commit | masonry viewport query (1280×2000) in memory, 1,000,000 items | $rect_us µs (the first query builds the column index: $index_ms ms) | — | goal ≤ 2 µs |"
record "| $stamp | $commit | persist a 1,000,000-item layout (SQLite, one transaction) | $persist s | — | goal ≤ 1 s |"
record "| $stamp | $commit | viewport query from SQLite (R*Tree over 256-item chunks), 1,000,000 items | $sqlite_ms | — | goal ≤ 1 ms |"

# MARK: export: 200 photos of 6 megapixels (3000x2000, grain like a camera's, ~2 MB each,
# a quarter with orientation 6 or 8), against vipsthumbnail and sigal in the same run
if [ ! -d "$work/six-200" ]; then
  "$make_sample" --many 200 --size 3000x2000 --grain "$work/six-200" >/dev/null
fi
rm -rf "$work/vips-out" "$work/ours-out" && mkdir -p "$work/vips-out"
find "$work/six-200" -name '*.jpg' | sort > "$work/six-files.txt"
split -n l/2 -d "$work/six-files.txt" "$work/six-half-"
start=$(date +%s.%N)
xargs -a "$work/six-half-00" vipsthumbnail --size 400x -o "$PWD/$work/vips-out/%s-a.jpg" &
xargs -a "$work/six-half-01" vipsthumbnail --size 400x -o "$PWD/$work/vips-out/%s-b.jpg" &
wait
vips_rate=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", 200 / (e - s) }')
ours_rate=$(.build/release/gallery-bench thumbs "$work/six-200" "$work/ours-out" 2 | sed -E 's/.*: ([0-9.]+) files\/s/\1/')
ratio=$(awk -v a="$ours_rate" -v b="$vips_rate" 'BEGIN { printf "%.2f", a / b }')
record "| $stamp | $commit | thumbnails 400 px, 200 JPEGs of 6 MP, 2 workers | $ours_rate files/s | vipsthumbnail $(vipsthumbnail --vips-version | head -1 | awk '{print $2}') (2 processes): $vips_rate files/s | ${ratio}× (goal ≥ 1.0×) |"

rm -rf "$work/e2e.db"* "$work/e2e-site" "$work/sigal-out"
/usr/bin/time -f '%M %e' -o "$work/e2e-time.txt" "$gallery" build "$work/six-200" --db "$work/e2e.db" --out "$work/e2e-site" --quiet >/dev/null
read -r ours_rss ours_seconds < "$work/e2e-time.txt"
/usr/bin/time -f '%M %e' -o "$work/sigal-time.txt" "$work/venv/bin/sigal" build -c bench/sigal.conf.py -n "$(nproc)" "$work/six-200" "$work/sigal-out" >/dev/null 2>&1
read -r sigal_rss sigal_seconds < "$work/sigal-time.txt"
ratio=$(awk -v a="$ours_seconds" -v b="$sigal_seconds" 'BEGIN { printf "%.1f", b / a }')
record "| $stamp | $commit | import + export, 200 JPEGs of 6 MP (3 image sizes each, 8 layouts per album) | ${ours_seconds} s, peak RSS $((ours_rss / 1024)) MB | sigal 2.6.1 build (400 px thumbs, 1600 px images, $(nproc) processes): ${sigal_seconds} s | ${ratio}× faster (goal ≥ 3×) |"

if [ ! -d "$work/six-2000" ]; then
  python3 bench/uniquify.py "$work/six-200" "$work/six-2000" 10
fi
rm -rf "$work/e2e2000.db"* "$work/e2e2000-site"
/usr/bin/time -f '%M %e' -o "$work/e2e2000-time.txt" "$gallery" build "$work/six-2000" --db "$work/e2e2000.db" --out "$work/e2e2000-site" --quiet >/dev/null
read -r rss2000 seconds2000 < "$work/e2e2000-time.txt"
record "| $stamp | $commit | peak RSS of import + export: 200 vs 2,000 photos of 6 MP | $((ours_rss / 1024)) MB vs $((rss2000 / 1024)) MB (2,000 took ${seconds2000} s) | — | goal: flat |"

# MARK: gallery serve: wrk on loopback, 20 s, 10,000-photo library (the import-10000 set)
rm -f "$work/serve.db" "$work/serve.db-wal" "$work/serve.db-shm"
"$gallery" import "$work/import-10000" --db "$work/serve.db" --quiet >/dev/null
"$gallery" serve --db "$work/serve.db" --port 0 > "$work/serve.out" 2> "$work/serve.log" &
server=$!
for _ in $(seq 1 100); do grep -q '^serving ' "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^serving //p' "$work/serve.out")
curl -s -o /dev/null "${url}api/layout?width=1280&rect=0,0,1280,2000"  # computes and stores the layout
fixed=$(wrk -t2 -c32 -d20s --latency "${url}api/layout?width=1280&rect=0,0,1280,2000")
random=$(wrk -t2 -c32 -d20s --latency -s bench/random-viewport.lua "$url")
kill -TERM "$server"; wait "$server" 2>/dev/null || true
summary() { echo "$1" | awk '/Requests\/sec/ {r=$2} / 99%/ {p=$2} /Non-2xx|Socket errors/ {e=e $0 "; "} END {printf "%s req/s, p99 %s, errors: %s", r, p, (e == "" ? "0" : e)}'; }
record "| $stamp | $commit | gallery serve, /api/layout?width=1280&rect=0,0,1280,2000, wrk 2 threads 32 connections 20 s, 10,000 photos | $(summary "$fixed") | — | goal ≥ 10,000 req/s, p99 ≤ 10 ms |"
record "| $stamp | $commit | same, a random viewport per request (response cache missed) | $(summary "$random") | — | — |"

fi

if [ "$only" = all ] || [ "$only" = phone-formats ]; then
# MARK: phone formats and metadata (issue 15). Peers in the same run: Pillow with pillow-heif
# (probe), vipsthumbnail with libvips' HEIF loader (thumbnails of HEIC).
[ -x "$work/venv/bin/python" ] && "$work/venv/bin/python" -c 'import pillow_heif' 2>/dev/null \
  || "$work/venv/bin/pip" install -q --disable-pip-version-check "pillow-heif==0.18.0"
# A mixed folder of 2,000: 500 each of JPEG, PNG (both from make-sample-data), HEIC (heif-enc,
# x265) and WebP (cwebp), 640x480.
if [ ! -d "$work/mixed-2000" ]; then
  "$make_sample" --many 1000 --size 640x480 "$work/mixed-src" >/dev/null
  mkdir -p "$work/mixed-2000"
  find "$work/mixed-src" -name '*.jpg' | sort | head -1000 > "$work/mixed-src.txt"
  n=0
  while read -r file; do
    case $((n % 4)) in
      0) cp "$file" "$work/mixed-2000/$n.jpg" ;;
      1) "$work/venv/bin/python" -c "import sys; from PIL import Image; Image.open(sys.argv[1]).save(sys.argv[2])" "$file" "$work/mixed-2000/$n.png" ;;
      2) heif-enc -q 70 -o "$work/mixed-2000/$n.heic" "$file" >/dev/null 2>&1 ;;
      3) cwebp -quiet -q 75 -metadata exif "$file" -o "$work/mixed-2000/$n.webp" ;;
    esac
    n=$((n + 1))
  done < "$work/mixed-src.txt"
  # Twice as many files: each again under another name (the probe reads headers only).
  for f in "$work"/mixed-2000/*; do cp "$f" "${f%.*}-b.${f##*.}"; done
fi
find "$work/mixed-2000" -type f | sort > "$work/mixed-files.txt"
ours=0
for _ in 1 2 3 4 5; do
  rate=$(xargs -a "$work/mixed-files.txt" "$gallery" probe --stats | sed -E 's/.*: ([0-9]+) files\/s/\1/')
  [ "$rate" -gt "$ours" ] && ours=$rate
done
pillow=$("$work/venv/bin/python" bench/probe_pillow.py 5 "$work/mixed-files.txt" --heif)
ratio=$(awk -v a="$ours" -v b="$pillow" 'BEGIN { printf "%.1f", a / b }')
record "| $stamp | $commit | probe, 2,000 mixed files (JPEG, PNG, HEIC, WebP; 640x480), 1 core, best of 5 | gallery probe: $ours files/s | Pillow $pillow_version + pillow-heif, open+size+getexif: $pillow files/s | ${ratio}× (goal ≥ 2×) |"

# Thumbnails of 12 MP HEIC (4000x3000, grain like a camera's), 2 workers each side.
if [ ! -d "$work/heic-12mp" ]; then
  "$make_sample" --many 24 --size 4000x3000 --grain "$work/heic-12mp-src" >/dev/null
  mkdir -p "$work/heic-12mp"
  for f in $(find "$work/heic-12mp-src" -name '*.jpg' | sort); do
    heif-enc -q 80 -o "$work/heic-12mp/$(basename "${f%.jpg}").heic" "$f" >/dev/null 2>&1
  done
fi
rm -rf "$work/vips-heic-out" "$work/ours-heic-out" && mkdir -p "$work/vips-heic-out"
find "$work/heic-12mp" -name '*.heic' | sort > "$work/heic-files.txt"
count=$(wc -l < "$work/heic-files.txt")
split -n l/2 -d "$work/heic-files.txt" "$work/heic-half-"
start=$(date +%s.%N)
xargs -a "$work/heic-half-00" vipsthumbnail --size 400x -o "$PWD/$work/vips-heic-out/%s-a.jpg" &
xargs -a "$work/heic-half-01" vipsthumbnail --size 400x -o "$PWD/$work/vips-heic-out/%s-b.jpg" &
wait
vips_rate=$(awk -v s="$start" -v e="$(date +%s.%N)" -v n="$count" 'BEGIN { printf "%.2f", n / (e - s) }')
ours_rate=$(.build/release/gallery-bench thumbs "$work/heic-12mp" "$work/ours-heic-out" 2 | sed -E 's/.*: ([0-9.]+) files\/s/\1/')
ratio=$(awk -v a="$ours_rate" -v b="$vips_rate" 'BEGIN { printf "%.2f", a / b }')
record "| $stamp | $commit | thumbnails 400 px, $count HEIC of 12 MP, 2 workers | $ours_rate files/s | vipsthumbnail (libvips HEIF loader, 2 processes): $vips_rate files/s | ${ratio}× (goal ≥ 1.0×) |"

# The EXIF reader alone against libexif (what the import used before), one core, same run, on
# the real cameras' files of the tests (20-60 KB of EXIF with maker notes).
exif_real=$(.build/release/gallery-bench exif Tests/ImagingTests/Fixtures/real-exif/*.jpg)
record "| $stamp | $commit | EXIF read, 9 real cameras' blocks (maker notes included), 1 core, best of 5 | $(echo "$exif_real" | sed -E 's/.*ours ([0-9.]+ µs\/block).*/\1/') | libexif: $(echo "$exif_real" | sed -E 's/.*libexif ([0-9.]+ µs\/block).*/\1/') | $(echo "$exif_real" | sed -E 's/.* ([0-9.]+× faster); ([0-9]+) disagree.*/\1, \2 values disagree/') |"

# Metadata read: import of 10,000 JPEGs whose EXIF is a camera's whole block (date, camera,
# exposure, GPS) against the same pictures with orientation only, alternating, best of 5.
[ -d "$work/import-10000" ] || "$make_sample" --many 10000 --size 160x120 "$work/import-10000" >/dev/null
if [ ! -d "$work/import-10000-camera" ]; then
  "$make_sample" --many 10000 --size 160x120 --camera "$work/import-10000-camera" >/dev/null
fi
plain_best=999999; camera_best=999999
for _ in 1 2 3 4 5; do
  for set in import-10000 import-10000-camera; do
    rm -f "$work/meta.db" "$work/meta.db-wal" "$work/meta.db-shm"
    /usr/bin/time -f '%e' -o "$work/meta-time.txt" "$gallery" import "$work/$set" --db "$work/meta.db" --quiet >/dev/null 2>&1
    seconds=$(cat "$work/meta-time.txt")
    if [ "$set" = import-10000 ]; then
      plain_best=$(awk -v a="$plain_best" -v b="$seconds" 'BEGIN { print (b < a ? b : a) }')
    else
      camera_best=$(awk -v a="$camera_best" -v b="$seconds" 'BEGIN { print (b < a ? b : a) }')
    fi
  done
done
overhead=$(awk -v a="$camera_best" -v b="$plain_best" 'BEGIN { printf "%+.1f", (a / b - 1) * 100 }')
record "| $stamp | $commit | import of 10,000 JPEGs with a camera's whole EXIF vs orientation only, best of 5, alternating | ${camera_best} s vs ${plain_best} s | — | ${overhead} % (goal ≤ +10 %) |"
fi

if [ "$only" = all ] || [ "$only" = large-album ]; then
# MARK: large albums in the browser (issue 13): a generated album of 100,000 photos (varied
# shapes, captions and comments), exported and opened from file:// at 1280x900 in headless
# Chromium over the DevTools protocol (bench/page_metrics.py). Peers on 10,000 photos, in the
# same run: the page this project wrote before the virtualized page (commit c73f871, built
# once into bench/work/old-page) and sigal 2.6.1's album page.
if [ ! -d "$work/album-100000" ]; then
  "$make_sample" --album 100000 "$work/album-100000" >/dev/null
fi
rm -rf "$work/large.db"* "$work/large-site"
"$gallery" import "$work/album-100000" --db "$work/large.db" --quiet >/dev/null
/usr/bin/time -f '%M %e' -o "$work/large-time.txt" "$gallery" export --db "$work/large.db" --out "$work/large-site" --quiet >/dev/null
read -r large_rss large_seconds < "$work/large-time.txt"
# The id of the middle photo of the album whose index is $1 (data/STEM.index.js), from its
# groups' ids files (AlbumData.Index: a file a group, the last group's in runs).
middle_id() { python3 - "$1" <<'PY'
import json, os, sys
def read(path):
    text = open(path).read()
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])
index = read(sys.argv[1])
site = os.path.dirname(os.path.dirname(sys.argv[1]))
groups, chunks, ids = index["groups"], index["chunkIDs"], []
for g, first in enumerate(groups):
    end = groups[g + 1] if g + 1 < len(groups) else len(chunks)
    for count in (index["lastGroupRuns"] if g == len(groups) - 1 else [end - first]):
        ids += read(os.path.join(site, index["files"]["ids"].replace("{n}", "%d-%d" % (chunks[first], count))))["ids"]
        first += count
print(ids[len(ids) // 2])
PY
}
metric() { echo "$1" | python3 -c 'import json, sys; v = json.load(sys.stdin).get(sys.argv[1]); print("—" if v is None else v)' "$2"; }
large=$(python3 bench/page_metrics.py "file://$PWD/$work/large-site/index.html" --deep "$(middle_id "$work/large-site/data/index.index.js")")
record "| $stamp | $commit | album page of 100,000 photos from file://, 1280×900, headless Chromium | $(metric "$large" page_kb) KB; FCP $(metric "$large" fcp_ms) ms, DOMContentLoaded $(metric "$large" dcl_ms) ms; DOM elements $(metric "$large" elements_top) at the top, at most $(metric "$large" elements_scrolling) scrolling, $(metric "$large" elements_resized) after a resize; scroll 50,000 px one step a frame: frame median $(metric "$large" frame_median_ms) ms, p95 $(metric "$large" frame_p95_ms) ms; JS heap $(metric "$large" js_heap_mb) MB; deep link to the middle photo drawn at $(metric "$large" deep_link_ms) ms | — | goals: ≤ 100 KB, FCP and DCL ≤ 500 ms, ≤ 2,000 elements, p95 ≤ 20 ms, heap ≤ 50 MB, deep link ≤ 300 ms |"

# A slideshow through the same album on a phone (issue 52: memory flat over 100,000 photos):
# the play button with each turn shortened to 5 ms, the JS heap after garbage collection as
# it goes (bench/slideshow_memory.py). Over HTTP, as visitors load it (from file://, DevTools
# keeps every data script's source). Before: the whole album's data stayed loaded.
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$work/large-site" > "$work/large-http.out" 2>&1 &
http_server=$!
for _ in $(seq 1 100); do grep -q 'port [0-9]' "$work/large-http.out" 2>/dev/null && break; sleep 0.1; done
http_port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$work/large-http.out" | head -1)
slideshow=$(python3 bench/slideshow_memory.py "http://127.0.0.1:$http_port/index.html" --at 2000,6000,12000)
kill -TERM "$http_server"; wait "$http_server" 2>/dev/null || true
record "| $stamp | $commit | slideshow through the album of 100,000 photos, 390×844 at 3×, headless Chromium over HTTP | JS heap $(metric "$slideshow" heap_mb) MB after $(metric "$slideshow" shown) photos shown ($(metric "$slideshow" seconds) s); DOM elements $(metric "$slideshow" elements) | — | goal: flat (was 7.6, 18.2, 32.6 MB at 2,000, 6,000, 12,000: every data file kept) |"

# gallery serve on the same library, cold (no site folder yet): the first album page, then
# the grid images of its first screen (made on demand, 20 at once).
rm -rf "$work/large.db.site"
"$gallery" serve --db "$work/large.db" --port 0 > "$work/large-serve.out" 2> "$work/large-serve.log" &
server=$!
for _ in $(seq 1 100); do grep -q '^serving ' "$work/large-serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^serving //p' "$work/large-serve.out")
first_page=$(curl -s -o "$work/large-first.html" -w '%{time_total}' "$url")
grep -o 'src="thumbs/[^"]*"' "$work/large-first.html" | head -20 | sed -E 's/src="(.*)"/\1/' > "$work/large-first-images.txt"
start=$(date +%s.%N)
xargs -a "$work/large-first-images.txt" -P 20 -I{} curl -s -o /dev/null "$url{}"
images=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
kill -TERM "$server"; wait "$server" 2>/dev/null || true
record "| $stamp | $commit | gallery serve, cold 100,000-photo library: first album page, then its first screen's $(wc -l < "$work/large-first-images.txt") images | page ${first_page} s; images ${images} s | — | goal: page ≤ 0.2 s |"

if [ ! -d "$work/album-10000" ]; then
  "$make_sample" --album 10000 "$work/album-10000" >/dev/null
fi
rm -rf "$work/ten.db"* "$work/ten-site"
/usr/bin/time -f '%M %e' -o "$work/ten-time.txt" "$gallery" build "$work/album-10000" --db "$work/ten.db" --out "$work/ten-site" --quiet >/dev/null
read -r ten_rss ten_seconds < "$work/ten-time.txt"
record "| $stamp | $commit | export of 100,000 photos (pages, data files, 300,000 images) | ${large_seconds} s, peak RSS $((large_rss / 1024)) MB (10,000 photos, import + export: ${ten_seconds} s, $((ten_rss / 1024)) MB) | — | report; RSS flat in N |"
old=$work/old-page
if [ ! -x "$old/.build/release/gallery" ]; then
  git worktree add -f "$old" c73f871 >/dev/null 2>&1 || true
  (cd "$old" && swift build -c release --product gallery >/dev/null)
fi
rm -rf "$work/ten-old.db"* "$work/ten-old-site" "$work/ten-sigal"
"$old/.build/release/gallery" build "$work/album-10000" --db "$work/ten-old.db" --out "$work/ten-old-site" --quiet >/dev/null
"$work/venv/bin/sigal" build -c bench/sigal.conf.py -n "$(nproc)" "$work/album-10000" "$work/ten-sigal" >/dev/null 2>&1
ten_middle=$(middle_id "$work/ten-site/data/index.index.js")
ours_ten=$(python3 bench/page_metrics.py "file://$PWD/$work/ten-site/index.html" --deep "$ten_middle")
old_ten=$(python3 bench/page_metrics.py "file://$PWD/$work/ten-old-site/index.html" --deep "$ten_middle")
sigal_page=$(find "$work/ten-sigal" -name index.html -path '*big*' | head -1)
sigal_ten=$(python3 bench/page_metrics.py "file://$PWD/$sigal_page")
page_row() { echo "$(metric "$1" page_kb) KB, DCL $(metric "$1" dcl_ms) ms, FCP $(metric "$1" fcp_ms) ms, $(metric "$1" elements_top) elements, frame p95 $(metric "$1" frame_p95_ms) ms, heap $(metric "$1" js_heap_mb) MB"; }
record "| $stamp | $commit | album page of 10,000 photos from file://, 1280×900 | $(page_row "$ours_ten") | before this change (c73f871): $(page_row "$old_ten"); sigal 2.6.1: $(page_row "$sigal_ten") | — |"
fi

if [ "$only" = all ] || [ "$only" = live-preview ]; then
# MARK: live preview (issue 16): `gallery serve FOLDER` on the sample photos; the time from a
# caption saved, or a photo copied in, to the version open pages poll (/__gallery/version)
# going up, i.e. the library caught up and pages reload. 10 rounds each, median and slowest.
rm -rf "$work/live" && cp -r sample-data "$work/live"
"$gallery" serve "$work/live" --port 0 > "$work/live-serve.out" 2> "$work/live-serve.log" &
live_server=$!
for _ in $(seq 1 200); do grep -q '^serving ' "$work/live-serve.out" 2>/dev/null && break; sleep 0.1; done
live_url=$(sed -n 's/^serving //p' "$work/live-serve.out")
# Prints the seconds from running "$@" until the version changes.
until_reload() {
  local before now start
  before=$(curl -s "${live_url}__gallery/version")
  start=$(date +%s.%N)
  "$@"
  for _ in $(seq 1 1000); do
    now=$(curl -s "${live_url}__gallery/version")
    [ "$now" != "$before" ] && break
    sleep 0.01
  done
  awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f\n", e - s }'
}
edit_caption() { python3 -c 'import json, sys; p = sys.argv[1]; d = json.load(open(p)); d[0]["caption"] = "Harbour at dusk " + sys.argv[2]; json.dump(d, open(p + ".tmp", "w")); import os; os.replace(p + ".tmp", p)' "$work/live/annotations.json" "$1"; }
captions=(); added=()
for n in $(seq 1 10); do
  captions+=("$(until_reload edit_caption "$n")")
  sleep 0.3
  added+=("$(until_reload cp "$work/live/coast/03-last-light.jpg" "$work/live/coast/new-$n.jpg")")
  sleep 0.3
done
kill -TERM "$live_server"; wait "$live_server" 2>/dev/null || true
stats() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { printf "median %.2f s, slowest %.2f s", a[int((NR + 1) / 2)], a[NR] }'; }
record "| $stamp | $commit | live preview of the sample photos: caption saved → open pages told to reload, 10 times | $(stats "${captions[@]}") | — | goal ≤ 1 s |"
record "| $stamp | $commit | live preview: a photo copied into an album → open pages told to reload, 10 times | $(stats "${added[@]}") | — | goal ≤ 1 s |"
fi

if [ "$only" = all ] || [ "$only" = phones ]; then
# MARK: phones first (issue 24), in headless Chromium (bench/phone_metrics.py): 48 camera
# photos of 12 MP with captions and comments, exported by this commit and by the page before
# the issue's work (c9c96e4, built once into bench/work/before-phones); the lightbox's gestures
# against PhotoSwipe 5.4 (sigal 2.6.1's photoswipe theme) over the same photos.
if [ ! -f "$work/phone-48/album-00/annotations.json" ]; then
  "$make_sample" --many 48 --size 4032x3024 --grain --camera "$work/phone-48" >/dev/null
  python3 bench/annotate.py "$work/phone-48"
fi
before=$work/before-phones
if [ ! -x "$before/.build/release/gallery" ]; then
  git worktree add -f "$before" c9c96e4 >/dev/null 2>&1 || true
  (cd "$before" && swift build -c release --product gallery >/dev/null)
fi
rm -rf "$work/phone.db"* "$work/phone-site" "$work/phone-before.db"* "$work/phone-before-site" "$work/phone-sigal"
"$gallery" build "$work/phone-48" --db "$work/phone.db" --out "$work/phone-site" --quiet >/dev/null
"$before/.build/release/gallery" build "$work/phone-48" --db "$work/phone-before.db" --out "$work/phone-before-site" --quiet >/dev/null
"$work/venv/bin/sigal" build -c bench/sigal-photoswipe.conf.py -n "$(nproc)" "$work/phone-48" "$work/phone-sigal" >/dev/null 2>&1
phone() { python3 bench/phone_metrics.py "$@" 2>/dev/null; }
devices_row() { echo "$1" | python3 -c 'import json, sys; d = json.load(sys.stdin); print("fill %.3f–%.3f, columns %d–%d, image pixels %.2f–%.2f of the screen'"'"'s" % (min(r["fill"] for r in d["devices"]), max(r["fill"] for r in d["devices"]), min(r["columns"] for r in d["devices"]), max(r["columns"] for r in d["devices"]), min(r["sharpness"] for r in d["devices"]), max(r["sharpness"] for r in d["devices"])))'; }
ours_devices=$(phone devices "$work/phone-site" index.html)
before_devices=$(phone devices "$work/phone-before-site" index.html)
record "| $stamp | $commit | 48 camera photos, album page on 12 devices (phones 320–430 px at 2–3×, tablets 600–1024 px at 2×, desktops 1280–1920 px), first screen | $(devices_row "$ours_devices") | before issue 24 (c9c96e4): $(devices_row "$before_devices") | goals: fill ≥ 0.94, ≥ 2 columns, pixels ≥ 0.95 |"
# The throttled phone, ours and the page before alternating, three runs each (median).
lcp_ours=(); lcp_before=(); cls=0
for _ in 1 2 3; do
  lcp_ours+=("$(phone throttled "$work/phone-site" index.html --runs 1)")
  lcp_before+=("$(phone throttled "$work/phone-before-site" index.html --runs 1)")
done
throttled_row() { printf '%s\n' "$@" | python3 -c 'import json, sys; runs = sorted((json.loads(l) for l in sys.stdin if l.strip()), key=lambda r: r["lcp_ms"]); m = runs[len(runs) // 2]; print("LCP %d ms (runs %s), FCP %d ms, layout shift %g, %.0f KB before the largest paint (%.0f KB loaded)" % (m["lcp_ms"], "/".join(str(r["lcp_ms"]) for r in runs), m["fcp_ms"], max(r["cls"] for r in runs), m["bytes_before_lcp"] / 1024, m["bytes_loaded"] / 1024))'; }
record "| $stamp | $commit | the throttled phone: 390×844 at 3×, CPU 4× slower, 1.6 Mbit/s, 150 ms round trip, nothing cached; album page over HTTP | $(throttled_row "${lcp_ours[@]}") | before issue 24 (c9c96e4): $(throttled_row "${lcp_before[@]}") | goals: LCP ≤ 2,500 ms, layout shift 0 |"
# The same phone on real photographs: the photos of Debian's wallpaper packages (Ubuntu's and
# Kylin's contest photos, MATE's nature set; 36 of 1,365 to 6,028 px, landscapes and
# portraits), fetched with apt-get download (nothing installed), with seeded captions.
if [ ! -f "$work/phone-real/album-00/annotations.json" ]; then
  fetch_walls
  mkdir -p "$work/phone-real/album-00"
  find "$work/walls/x" -iname '*.jpg' -size +250k -exec cp {} "$work/phone-real/album-00/" \;
  python3 bench/annotate.py "$work/phone-real"
fi
rm -rf "$work/real.db"* "$work/real-site" "$work/real-jpeg.db"* "$work/real-jpeg-site"
"$gallery" build "$work/phone-real" --db "$work/real.db" --out "$work/real-site" --quiet >/dev/null 2>&1
printf '[content]\nthumbnail_format = "jpeg"\n' > "$work/jpeg-grid.toml"
"$gallery" build "$work/phone-real" --db "$work/real-jpeg.db" --out "$work/real-jpeg-site" --config "$work/jpeg-grid.toml" --quiet >/dev/null 2>&1
lcp_real=(); lcp_real_jpeg=()
for _ in 1 2 3; do
  lcp_real+=("$(phone throttled "$work/real-site" index.html --runs 1)")
  lcp_real_jpeg+=("$(phone throttled "$work/real-jpeg-site" index.html --runs 1)")
done
grid_bytes() { find "$1/thumbs" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%.2f MB", s / 1e6 }'; }
record "| $stamp | $commit | the throttled phone on 36 real photographs (Debian's wallpaper photos), album page over HTTP | WebP grid images ($(grid_bytes "$work/real-site")): $(throttled_row "${lcp_real[@]}") | the same site with thumbnail_format = \"jpeg\" ($(grid_bytes "$work/real-jpeg-site")): $(throttled_row "${lcp_real_jpeg[@]}") | goals: LCP ≤ 2,500 ms, layout shift 0 |"
# The sample site's index (album cards, its first covers eager) and an album page on the same
# phone (issue 52: the first screen given to the photos, LCP and layout shift no worse).
rm -rf "$work/sample.db"* "$work/sample-site"
"$gallery" build sample-data --db "$work/sample.db" --out "$work/sample-site" --quiet >/dev/null 2>&1
lcp_index=(); lcp_album=()
for _ in 1 2 3; do
  lcp_index+=("$(phone throttled "$work/sample-site" index.html --runs 1)")
  lcp_album+=("$(phone throttled "$work/sample-site" album-coast.html --runs 1)")
done
record "| $stamp | $commit | the throttled phone on sample-data: the index page, and the coast album's page | index: $(throttled_row "${lcp_index[@]}") | album: $(throttled_row "${lcp_album[@]}") | goals: LCP ≤ 2,500 ms, layout shift 0; no worse than before issue 52 |"
gesture_row() { echo "$1" | python3 -c 'import json, sys; g = json.load(sys.stdin); print("swipe p95 %.1f ms (median %.1f, %d touch moves), pinch p95 %.1f ms (median %.1f)" % (g["swipe_p95_ms"], g["swipe_median_ms"], g["swipe_touch_moves"], g["pinch_p95_ms"], g["pinch_median_ms"]))'; }
for throttle in 1 4; do
  ours_g=$(phone gestures "$work/phone-site" index.html --open '.grid .cell-link' --shown '.lightbox:not([hidden])' --throttle "$throttle")
  pswp_g=$(phone gestures "$work/phone-sigal" album-00/index.html --open '.gallery a' --shown '.pswp--open' --throttle "$throttle")
  goal=$([ "$throttle" = 1 ] && echo 17 || echo 33)
  record "| $stamp | $commit | lightbox at 390×844 at 3×, real touch: a swipe to the next photo and a pinch, frame intervals until at rest, CPU ${throttle}× slower | $(gesture_row "$ours_g") | PhotoSwipe 5.4 (sigal 2.6.1 photoswipe theme): $(gesture_row "$pswp_g") | goal p95 ≤ $goal ms |"
done
# A fast fling down the 100,000-photo album (the large-album section's site), 100 px a frame.
if [ ! -f "$work/large-site/index.html" ]; then
  [ -d "$work/album-100000" ] || "$make_sample" --album 100000 "$work/album-100000" >/dev/null
  rm -rf "$work/large.db"* "$work/large-site"
  "$gallery" build "$work/album-100000" --db "$work/large.db" --out "$work/large-site" --quiet >/dev/null
fi
fling_phone=$(python3 bench/page_metrics.py "file://$PWD/$work/large-site/index.html" --width 390 --height 844 --scale 3 --scroll 50000)
fling_desktop=$(python3 bench/page_metrics.py "file://$PWD/$work/large-site/index.html" --width 1280 --height 900 --scroll 50000)
fling() { echo "$1" | python3 -c 'import json, sys; m = json.load(sys.stdin); print("p95 %.1f ms, median %.1f ms (%d frames, %d px)" % (m["frame_p95_ms"], m["frame_median_ms"], m["frames"], m["scroll_px"]))'; }
record "| $stamp | $commit | fling down the 100,000-photo album, 100 px a frame | 390×844 at 3×: $(fling "$fling_phone"); 1280×900: $(fling "$fling_desktop") | — | goal p95 ≤ 17 ms |"
fi

if [ "$only" = all ] || [ "$only" = publish ]; then
# MARK: gallery publish (issue 26) against rclone (`rclone sync --checksum`, 8 transfers as our
# 8 jobs), both into a local SeaweedFS (the tests' server, signatures checked): first upload, a
# rerun with nothing changed, and after one photo is removed and the site built again.
start_weed
seconds() { local start; start=$(date +%s.%N); "$@" > "$work/publish-last.out" 2>&1; awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }'; }
ours() { "$gallery" publish "$1" "s3://$2/site" --endpoint "$endpoint" --quiet; }
# (rclone's S3 client refuses an AWS_CA_BUNDLE that some machines set; the store is plain HTTP.)
theirs() { env -u AWS_CA_BUNDLE rclone sync --checksum --transfers 8 --stats 0 --stats-log-level NOTICE -v "$1" "bench:$2/site"; }
# sample-data and 300 photos of 1600x1200 in a second album; and the 10,000-photo album.
if [ ! -d "$work/publish-300" ]; then
  cp -r sample-data "$work/publish-300"
  "$make_sample" --many 300 --size 1600x1200 "$work/publish-300-many" >/dev/null
  mv "$work/publish-300-many/album-00" "$work/publish-300/many"
fi
[ -d "$work/album-10000" ] || "$make_sample" --album 10000 "$work/album-10000" >/dev/null
for set in publish-300 album-10000; do
  folder=$work/$set site=$work/$set-site
  rm -rf "$work/$set.db"* "$site"
  "$gallery" build "$folder" --db "$work/$set.db" --out "$site" --quiet >/dev/null
  files=$(find "$site" -type f -not -name '.*' | wc -l)
  bytes=$(du -sm "$site" | cut -f1)
  # First uploads three times each, alternating who goes first (a new bucket is slower to write
  # to at first: the store makes its volumes; and a run here varies by a fifth), the best of
  # each tool's three counted.
  b0="warm-ours-$set-$(date +%s)" b9="warm-rclone-$set-$(date +%s)" b1="ours-$set-$(date +%s)" b2="rclone-$set-$(date +%s)"
  b3="third-ours-$set-$(date +%s)" b4="third-rclone-$set-$(date +%s)"
  for bucket in "$b0" "$b9" "$b1" "$b2" "$b3" "$b4"; do env -u AWS_CA_BUNDLE rclone mkdir "bench:$bucket"; done
  first_ours_a=$(seconds ours "$site" "$b0"); first_theirs_a=$(seconds theirs "$site" "$b9")
  first_theirs=$(seconds theirs "$site" "$b2"); first_ours=$(seconds ours "$site" "$b1")
  first_ours_c=$(seconds ours "$site" "$b3"); first_theirs_c=$(seconds theirs "$site" "$b4")
  first_ours=$(awk -v a="$first_ours" -v b="$first_ours_a" -v c="$first_ours_c" 'BEGIN { m = a < b ? a : b; print (m < c ? m : c) }')
  first_theirs=$(awk -v a="$first_theirs" -v b="$first_theirs_a" -v c="$first_theirs_c" 'BEGIN { m = a < b ? a : b; print (m < c ? m : c) }')
  rerun_theirs=$(seconds theirs "$site" "$b2"); rerun_ours=$(seconds ours "$site" "$b1")
  # One photo removed (the first in the folder's order), the site built again.
  photo=$(find "$folder" -name '*.jpg' | sort | sed -n 1p)
  mv "$photo" "$work/publish-removed.jpg"
  trap 'mv "$work/publish-removed.jpg" "$photo"' EXIT
  "$gallery" build "$folder" --db "$work/$set.db" --out "$site" --quiet >/dev/null 2>&1
  change_ours=$(seconds ours "$site" "$b1"); ours_line=$(tail -1 "$work/publish-last.out")
  change_theirs=$(seconds theirs "$site" "$b2")
  theirs_line="$(grep -c ': Copied' "$work/publish-last.out" || true) uploaded, $(grep -c ': Deleted' "$work/publish-last.out" || true) deleted"
  mv "$work/publish-removed.jpg" "$photo" && trap - EXIT
  ratio1=$(awk -v a="$first_ours" -v b="$first_theirs" 'BEGIN { printf "%.2f", a / b }')
  ratio2=$(awk -v a="$rerun_ours" -v b="$rerun_theirs" 'BEGIN { printf "%.2f", a / b }')
  record "| $stamp | $commit | publish $set's site ($files files, $bytes MB) to a local SeaweedFS: first upload (best of three, alternating); rerun, nothing changed | ${first_ours} s; rerun ${rerun_ours} s | rclone $(rclone version | head -1 | awk '{print $2}') sync --checksum, 8 transfers: ${first_theirs} s; rerun ${rerun_theirs} s | ${ratio1}× and ${ratio2}× rclone's time (goal ≤ 1) |"
  record "| $stamp | $commit | publish $set's site after one photo removed and the site built again | ${change_ours} s: ${ours_line#*: } | rclone: ${change_theirs} s, ${theirs_line} | report |"
done
kill "$weed" 2>/dev/null; wait "$weed" 2>/dev/null || true
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY
fi

if [ "$only" = all ] || [ "$only" = videos ]; then
# MARK: videos (issue 25). Probe: 120 phone-like clips (H.264 MP4, HEVC MOV turned by its display
# matrix, VP9 WebM; 2 s each) read by `gallery probe` against `ffprobe -show_format
# -show_streams` run per file, as a script would; runs alternate, best of 3 each.
clips="$work/video-clips"
if [ ! -f "$clips/.done" ]; then
  rm -rf "$clips" && mkdir -p "$clips"
  for i in $(seq -w 1 40); do
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=640x360:rate=30:duration=2" -f lavfi -i "sine=frequency=440:duration=2" \
      -c:v libx264 -preset ultrafast -c:a aac -shortest "$clips/VID_$i.mp4"
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=640x360:rate=30:duration=2" -f lavfi -i "sine=frequency=440:duration=2" \
      -c:v libx265 -preset ultrafast -tag:v hvc1 -c:a aac -shortest -x265-params log-level=none "$clips/raw_$i.mov"
    ffmpeg -v error -nostdin -y -i "$clips/raw_$i.mov" -c copy -metadata:s:v:0 rotate=270 "$clips/IMG_$i.MOV" && rm "$clips/raw_$i.mov"
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=640x360:rate=30:duration=2" -c:v libvpx-vp9 -deadline realtime -b:v 300k "$clips/clip_$i.webm"
  done
  touch "$clips/.done"
fi
find "$clips" -type f ! -name '.done' | sort > "$work/video-files.txt"
count=$(wc -l < "$work/video-files.txt")
ours=0; theirs=0
for _ in 1 2 3; do
  rate=$(xargs -a "$work/video-files.txt" "$gallery" probe --stats | sed -E 's/.*: ([0-9]+) files\/s/\1/')
  [ "$rate" -gt "$ours" ] && ours=$rate
  start=$(date +%s.%N)
  while read -r f; do ffprobe -v error -show_format -show_streams "$f" > /dev/null; done < "$work/video-files.txt"
  rate=$(awk -v s="$start" -v e="$(date +%s.%N)" -v n="$count" 'BEGIN { printf "%.0f", n / (e - s) }')
  [ "$rate" -gt "$theirs" ] && theirs=$rate
done
ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.1f", a / b }')
record "| $stamp | $commit | probe, $count video clips (MP4, MOV turned, WebM), best of 3, alternating | gallery probe: $ours files/s | ffprobe $(ffprobe -version | head -1 | awk '{print $3}') -show_format -show_streams per file: $theirs files/s | ${ratio}× (goal ≥ 10×) |"

# Renditions: 8 phone clips of 1080p, 4 s (4 HEVC upright MOV, 4 H.264 MP4), built into a site
# (posters, grid images, web versions) against the plain ffmpeg command with the same settings
# (copy what is already H.264/AAC within 1080p, else libx264 -preset fast -crf 23, AAC 128k,
# faststart), one clip at a time on all cores; runs alternate, better of 2 each.
phone="$work/video-phone"
if [ ! -f "$phone/.v2" ]; then
  rm -rf "$phone" && mkdir -p "$phone"
  for i in 1 2 3 4; do
    # Each clip its own colours: the same bytes twice would be one photo to the library.
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=4" -f lavfi -i "sine=frequency=440:duration=4" \
      -vf "hue=h=$((i * 40))" -c:v libx265 -preset ultrafast -tag:v hvc1 -c:a aac -shortest -x265-params log-level=none "$phone/raw_$i.mov"
    ffmpeg -v error -nostdin -y -i "$phone/raw_$i.mov" -c copy -metadata:s:v:0 rotate=270 "$phone/IMG_10$i.MOV" && rm "$phone/raw_$i.mov"
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=4" -f lavfi -i "sine=frequency=440:duration=4" \
      -vf "hue=h=$((i * 40 + 20))" -c:v libx264 -preset veryfast -c:a aac -shortest "$phone/VID_20$i.mp4"
  done
  touch "$phone/.v2"
fi
ours_best=""; theirs_best=""; sigal_best=""
for _ in 1 2; do
  rm -rf "$work/video-sigal"
  start=$(date +%s.%N)
  "$work/venv/bin/sigal" build -c bench/sigal-video.conf.py -n "$(nproc)" "$phone" "$work/video-sigal" >/dev/null 2>&1
  t=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  [ -z "$sigal_best" ] || awk -v a="$t" -v b="$sigal_best" 'BEGIN { exit !(a < b) }' && sigal_best=$t
  rm -rf "$work/video-site" "$work/video.db" "$work/video.db-wal" "$work/video.db-shm"
  start=$(date +%s.%N)
  "$gallery" build "$phone" --db "$work/video.db" --out "$work/video-site" --quiet > /dev/null
  t=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  [ -z "$ours_best" ] || awk -v a="$t" -v b="$ours_best" 'BEGIN { exit !(a < b) }' && ours_best=$t
  rm -rf "$work/video-ffmpeg" && mkdir -p "$work/video-ffmpeg"
  start=$(date +%s.%N)
  for f in "$phone"/*.MOV; do
    ffmpeg -v error -nostdin -y -i "$f" -map 0:v:0 -map 0:a:0 -map_metadata -1 -vf "scale='if(gte(iw,ih),-2,min(1080,iw))':'if(gte(iw,ih),min(1080,ih),-2)':flags=bicubic,setsar=1,format=yuv420p" \
      -c:v libx264 -preset fast -crf 23 -profile:v high -c:a aac -b:a 128k -movflags +faststart "$work/video-ffmpeg/$(basename "$f").mp4"
  done
  for f in "$phone"/*.mp4; do
    ffmpeg -v error -nostdin -y -i "$f" -map 0:v:0 -map 0:a:0 -map_metadata -1 -c copy -movflags +faststart "$work/video-ffmpeg/$(basename "$f")"
  done
  t=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  [ -z "$theirs_best" ] || awk -v a="$t" -v b="$theirs_best" 'BEGIN { exit !(a < b) }' && theirs_best=$t
done
ours_mb=$(du -cb "$work/video-site/videos"/*.mp4 | tail -1 | awk '{ printf "%.1f", $1 / 1e6 }')
theirs_mb=$(du -cb "$work/video-ffmpeg"/*.mp4 | tail -1 | awk '{ printf "%.1f", $1 / 1e6 }')
minutes=$(awk 'BEGIN { printf "%.4f", 8 * 4 / 60 }')
per_minute=$(awk -v b="$ours_mb" -v m="$minutes" 'BEGIN { printf "%.1f", b / m }')
ratio=$(awk -v a="$ours_best" -v b="$theirs_best" 'BEGIN { printf "%.2f", a / b }')
record "| $stamp | $commit | build a site of 8 phone clips, 1080p × 4 s (4 HEVC turned: encoded; 4 H.264/AAC: copied), better of 2, alternating | ${ours_best} s with posters and grid images, renditions ${ours_mb} MB ($per_minute MB per minute of video) | ffmpeg, same settings, renditions only: ${theirs_best} s, ${theirs_mb} MB | ${ratio}× ffmpeg's time (goal ≤ 1.1×) |"
sigal_mb=$(find "$work/video-sigal" -name '*.mp4' -print0 | du -cb --files0-from=- | tail -1 | awk '{ printf "%.1f", $1 / 1e6 }')
sigal_ratio=$(awk -v a="$ours_best" -v b="$sigal_best" 'BEGIN { printf "%.2f", a / b }')
record "| $stamp | $commit | the same site of 8 phone clips against sigal, better of 2, alternating | ${ours_best} s, renditions ${ours_mb} MB | sigal 2.6.1 build (video_format mp4, video_size 1920×1920, $(nproc) processes, its posters and thumbnails): ${sigal_best} s, ${sigal_mb} MB | ${sigal_ratio}× sigal's time (goal ≤ 1×) |"

# Posters: clips that open on black (a fade in), or flat (a grey card, then the scene), and
# clips shorter than a second, where a frame from a fixed offset is uniform or past the end.
# Counted: posters (the large image: what the lightbox and the grid show) whose frame is
# uniform (grey-level standard deviation under 4), against sigal 2.6.1's video thumbnails
# (its defaults: the first frame, no retry on black) over the same clips.
posters="$work/video-posters"
if [ ! -f "$posters/.done" ]; then
  rm -rf "$posters" && mkdir -p "$posters"
  for i in 1 2 3 4; do
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=640x360:rate=30:duration=4" -vf "hue=h=$((i * 50)),fade=in:0:$((i * 15))" \
      -c:v libx264 -preset ultrafast "$posters/fade_$i.mp4"
    ffmpeg -v error -nostdin -y -f lavfi -i "color=c=gray:size=640x360:rate=30:duration=$i" -f lavfi -i "testsrc2=size=640x360:rate=30:duration=3" \
      -filter_complex "[1:v]hue=h=$((i * 50 + 25))[s];[0:v][s]concat=n=2:v=1" -c:v libx264 -preset ultrafast "$posters/card_$i.mp4"
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=640x360:rate=30:duration=0.$((i + 2))" -vf "hue=h=$((i * 50 + 10))" \
      -c:v libx264 -preset ultrafast "$posters/short_$i.mp4"
  done
  touch "$posters/.done"
fi
rm -rf "$work/posters-site" "$work/posters.db"* "$work/posters-sigal"
"$gallery" build "$posters" --db "$work/posters.db" --out "$work/posters-site" --quiet > /dev/null
"$work/venv/bin/sigal" build -c bench/sigal-video.conf.py -n "$(nproc)" "$posters" "$work/posters-sigal" >/dev/null 2>&1
uniform() {
  "$work/venv/bin/python" - "$@" <<'PY'
import sys
from PIL import Image, ImageStat
files = sys.argv[1:]
flat = sum(1 for f in files if ImageStat.Stat(Image.open(f).convert("L")).stddev[0] < 4)
print(f"{flat} of {len(files)}")
PY
}
clips=$(find "$posters" -name '*.mp4' | wc -l)
ours_flat=$(uniform "$work/posters-site"/large/*.jpg)
sigal_thumbs=$(find "$work/posters-sigal" -path '*thumbnails*' -name '*.jpg' | sort)
sigal_flat=$(uniform $sigal_thumbs)
record "| $stamp | $commit | posters of $clips clips that open black (fade in) or flat (a grey card first), or last under a second | uniform posters: $ours_flat | sigal 2.6.1 video thumbnails (its defaults): uniform $sigal_flat | goal: none uniform |"
fi

if [ "$only" = all ] || [ "$only" = descriptions ]; then
# MARK: 10,000 JPEGs with XMP + IPTC (title, description, keywords, people, rating, place; as
# Lightroom writes both) against the same files without: import time (goal ≤ +10 %), and
# reading those fields in-process against exiftool -j over the same folder (goal ≥ 20×).
plain="$work/import-10000"
described="$work/import-10000-described"
if [ ! -d "$plain" ]; then "$make_sample" --many 10000 --size 160x120 "$plain" >/dev/null; fi
if [ ! -d "$described" ]; then
  cp -r "$plain" "$described.partial"
  exiftool -q -q -r -overwrite_original -ext jpg -XMP-dc:Title='Harbour at dusk' '-XMP-dc:Description<FileName' \
    -XMP-dc:Subject=boats -XMP-dc:Subject=harbour '-XMP-lr:HierarchicalSubject=Places|Brittany|Concarneau' \
    -XMP-iptcExt:PersonInImage='Anna Berg' -XMP-xmp:Rating=4 -XMP-photoshop:City=Concarneau -XMP-photoshop:Country=France \
    -IPTC:CodedCharacterSet=UTF8 -IPTC:ObjectName='Harbour at dusk' '-IPTC:Caption-Abstract<FileName' -IPTC:Keywords=boats \
    -IPTC:Keywords=harbour -IPTC:City=Concarneau -IPTC:Country-PrimaryLocationName=France "$described.partial"
  mv "$described.partial" "$described"
fi
# The same captions and comments given by annotations.json to the files without metadata:
# what reading XMP + IPTC costs, apart from measuring and laying out 10,000 distinct texts.
annotated="$work/import-10000-annotated"
if [ ! -d "$annotated" ]; then
  cp -r "$plain" "$annotated.partial"
  python3 - "$annotated.partial" <<'PY'
import json, os, sys
root = sys.argv[1]
entries = [{"photo": f"{album}/{name}", "caption": "Harbour at dusk", "comment": name}
           for album in sorted(os.listdir(root)) if os.path.isdir(os.path.join(root, album))
           for name in sorted(os.listdir(os.path.join(root, album))) if name.endswith(".jpg")]
json.dump(entries, open(os.path.join(root, "annotations.json"), "w"))
PY
  mv "$annotated.partial" "$annotated"
fi
declare -A best=([plain]=999999 [annotated]=999999 [described]=999999)
for _ in 1 2; do
  for kind in plain annotated described; do
    folder="$work/import-10000"; [ "$kind" = plain ] || folder="$work/import-10000-$kind"
    rm -f "$work/descriptions.db" "$work/descriptions.db-wal" "$work/descriptions.db-shm"
    /usr/bin/time -f '%e' -o "$work/descriptions-time.txt" "$gallery" import "$folder" --db "$work/descriptions.db" --quiet >/dev/null
    best[$kind]=$(awk -v a="$(cat "$work/descriptions-time.txt")" -v b="${best[$kind]}" 'BEGIN { print (a < b ? a : b) }')
  done
done
extra=$(awk -v a="${best[described]}" -v b="${best[annotated]}" 'BEGIN { printf "%+.1f", (a / b - 1) * 100 }')
texts=$(awk -v a="${best[annotated]}" -v b="${best[plain]}" 'BEGIN { printf "%+.0f", (a / b - 1) * 100 }')
record "| $stamp | $commit | import of 10,000 JPEGs whose captions, comments, keywords, people, rating and place are in XMP + IPTC, vs the same captions and comments from annotations.json, $(nproc) jobs, best of 2 alternating | ${best[described]} s from XMP + IPTC, ${best[annotated]} s from annotations.json (${extra} %) | without any text: ${best[plain]} s (10,000 distinct texts cost ${texts} %) | goal ≤ +10 % |"
reading=$(taskset -c 0 .build/release/gallery-bench descriptions "$described")
ours_rate=$(echo "$reading" | sed -E 's/.*: ([0-9]+) files\/s/\1/')
start=$(date +%s.%N)
taskset -c 0 exiftool -q -q -j -r -ext jpg -XMP-dc:Title -XMP-dc:Description -XMP-dc:Subject -XMP-lr:HierarchicalSubject \
  -XMP-iptcExt:PersonInImage -XMP-xmp:Rating -XMP-photoshop:City -XMP-photoshop:Country -IPTC:all "$described" > "$work/exiftool-descriptions.json"
end=$(date +%s.%N)
exiftool_rate=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", 10000 / (e - s) }')
ratio=$(awk -v a="$ours_rate" -v b="$exiftool_rate" 'BEGIN { printf "%.1f", a / b }')
exiftool_version=$(exiftool -ver)
record "| $stamp | $commit | reading title, description, keywords, people, rating, place of 10,000 JPEGs (XMP + IPTC), 1 core | $ours_rate files/s | exiftool $exiftool_version -j: $exiftool_rate files/s | ${ratio}× (goal ≥ 20×) |"
fi

if [ "$only" = all ] || [ "$only" = descriptions ] || [ "$only" = agreement ]; then
# MARK: what files from outside say of themselves, ours against exiftool's reading under the
# README's rules (goal ≥ 98 % of the fields either gives): the sample images of exiftool's and
# exiv2's own test suites (cameras, Lightroom, Photo Mechanic, FotoStation, ImageMagick, and
# the damaged files of their bug reports), from Debian's source archive.
outside="$work/outside"
if [ ! -d "$outside/corpus" ]; then
  rm -rf "$outside" && mkdir -p "$outside/corpus/exiftool" "$outside/corpus/exiv2"
  pool=http://deb.debian.org/debian/pool/main
  curl -fsS -o "$outside/exiftool.tar.xz" "$pool/libi/libimage-exiftool-perl/libimage-exiftool-perl_12.57+dfsg.orig.tar.xz"
  curl -fsS -o "$outside/exiv2.tar.gz" "$pool/e/exiv2/exiv2_0.27.6.orig.tar.gz"
  tar -xJf "$outside/exiftool.tar.xz" -C "$outside" && tar -xzf "$outside/exiv2.tar.gz" -C "$outside"
  find "$outside"/Image-ExifTool-*/t/images -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.png' -o -iname '*.webp' -o -iname '*.heic' \) -exec cp {} "$outside/corpus/exiftool/" \;
  find "$outside"/exiv2-*/test/data -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.webp' -o -iname '*.heic' \) -exec cp {} "$outside/corpus/exiv2/" \;
fi
agreement=$(python3 bench/description_agreement.py "$gallery" "$outside/corpus")
record "| $stamp | $commit | what $(echo "$agreement" | python3 -c 'import json, sys; print(json.load(sys.stdin)["files"])') files from outside say of themselves (exiftool's and exiv2's test images, from Debian's sources): caption, comment, keywords, people, rating, place | $(echo "$agreement" | python3 -c 'import json, sys; r = json.load(sys.stdin); print("%d of %d fields agree (%.1f %%)" % (r["agreeing"], r["fields"], 100 * r["agreeing"] / r["fields"]))') | exiftool $(exiftool -ver) under the README's rules | goal ≥ 98 % |"
fi

if [ "$only" = all ] || [ "$only" = find ]; then
# MARK: finding photos (issue 38): the generated album of 100,000 photos (dated over twenty
# years, taken near a dozen towns, captions and comments from a small vocabulary) exported with
# --publish-location, opened over HTTP from 127.0.0.1 in headless Chromium (bench/find_metrics.py):
# search typed at 1280x900 and on the throttled phone (390x844 at 3x, CPU 4x slower), the
# date scrubber's taps, the map's first draw; the same queries with Pagefind 1.5.2 over the same
# records (bench/pagefind_site.py), in the same run.
if [ ! -d "$work/album-100000" ]; then
  "$make_sample" --album 100000 "$work/album-100000" >/dev/null
fi
# FIND_REUSE_SITE=1: the site exported by an earlier run, with this tree's page script (the
# same gallery.js for every site): for changes to the page alone, without the minutes of export.
if [ "${FIND_REUSE_SITE:-0}" = 1 ] && [ -f "$work/find-site/search.html" ]; then
  rm -rf "$work/script-site" "$work/script.db"*
  "$gallery" import sample-data --db "$work/script.db" --quiet >/dev/null
  "$gallery" export --db "$work/script.db" --out "$work/script-site" --quiet >/dev/null
  cp "$work/script-site/gallery.js" "$work/find-site/gallery.js"
else
  rm -rf "$work/find.db"* "$work/find-site"
  "$gallery" import "$work/album-100000" --db "$work/find.db" --quiet >/dev/null
  "$gallery" export --db "$work/find.db" --out "$work/find-site" --publish-location --quiet >/dev/null
fi
queries="harbour winter bridge market 2015 july"
summary() {
  python3 -c '
import json, sys
r = json.loads(sys.argv[1]); q = r["queries"]; ms = sorted(x["ms"] for x in q)
print("median %.0f ms, slowest %.0f ms (%s); first query fetches %.0f KB of index at most (%s)" % (
  ms[len(ms) // 2], ms[-1], ", ".join("%s: %d found" % (x["query"], x["found"]) for x in q),
  max(x["indexBytes"] for x in q) / 1024, ", ".join("%.0f" % (x["indexBytes"] / 1024) for x in q)))' "$1"
}
desk=$(python3 bench/find_metrics.py search "$work/find-site" $queries)
phone=$(python3 bench/find_metrics.py search "$work/find-site" $queries --width 390 --height 844 --scale 3 --cpu 4)
"$gallery" photos --db "$work/find.db" --json > "$work/find-photos.json"
python3 bench/pagefind_site.py "$work/find-photos.json" "$work/pagefind-site" --python "$work/venv/bin/python"
peer=$(python3 bench/find_metrics.py pagefind "$work/pagefind-site" $queries)
share=$(echo "$desk" | python3 -c 'import json, sys; r = json.load(sys.stdin); print("%.1f MB, %.1f %% of the pages and data files (%.0f MB)" % (r["index_bytes"] / 1e6, 100 * r["index_share"], r["pages_and_data_bytes"] / 1e6))')
peer_size=$(echo "$peer" | python3 -c 'import json, sys; print("%.1f MB" % (json.load(sys.stdin)["index_bytes"] / 1e6))')
record "| $stamp | $commit | search on 100,000 photos, keystroke to drawn results, 1280×900 over HTTP, nothing cached | $(summary "$desk") | Pagefind 1.5.2 search + first 20 results' data: $(summary "$peer") | goals ≤ 100 ms, ≤ 300 KB |"
record "| $stamp | $commit | the same on the throttled phone (390×844 at 3×, CPU 4× slower) | $(summary "$phone") | — | goal ≤ 300 ms |"
record "| $stamp | $commit | the search index of 100,000 photos | $share | Pagefind's index of the same records: $peer_size | goal ≤ 20 % |"
scrub=$(python3 bench/find_metrics.py scrubber "$work/find-site" --jumps 20)
record "| $stamp | $commit | date scrubber on 100,000 photos (240 months), 20 taps down the rail, tap to the grid drawn there, 1280×900 | $(echo "$scrub" | python3 -c 'import json, sys; r = json.load(sys.stdin); print("median %.0f ms, slowest %.0f ms" % (r["median_ms"], r["max_ms"]))') | — | goal ≤ 100 ms |"
map=$(python3 bench/find_metrics.py map "$work/find-site")
record "| $stamp | $commit | map of 100,000 points, navigation to the first clusters drawn (computed by the export), 1280×900 | $(echo "$map" | python3 -c 'import json, sys; r = json.load(sys.stdin); print("%.0f ms (%d points, %d clusters drawn, %d elements)" % (r["drawn_ms"], r["points"], r["clusters"], r["elements"]))') | — | goal ≤ 1,000 ms |"
fi

if [ "$only" = all ] || [ "$only" = private ]; then
# MARK: a private album (issue 39): import + export of 1,000 photos as one private album (its own
# site made beside the library, every file sealed) against the very same photos public; fresh
# libraries each time, alternating, best of two.
if [ ! -f "$work/private-1000/family/photo-000999.jpg" ]; then
  rm -rf "$work/private-1000"
  "$make_sample" --many 1000 --size 1600x1067 "$work/private-1000/family" >/dev/null
  # One album of 1,000: the generator makes folders of 500.
  mv "$work"/private-1000/family/album-*/*.jpg "$work/private-1000/family/" && rmdir "$work"/private-1000/family/album-*
fi
rm -rf "$work/public-1000" && mkdir -p "$work/public-1000" && cp -r "$work/private-1000/family" "$work/public-1000/family"
rm -f "$work/public-1000/family/album.toml"
printf 'access = "private"\n' > "$work/private-1000/family/album.toml"
best_public=""; best_private=""
for round in 1 2; do
  for kind in public private; do
    rm -rf "$work/$kind.db"* "$work/$kind-site"
    GALLERY_ALBUM_PASSWORD_FAMILY="a bench pass phrase" /usr/bin/time -f '%M %e' -o "$work/$kind-time.txt" \
      "$gallery" build "$work/$kind-1000" --db "$work/$kind.db" --out "$work/$kind-site" --quiet >/dev/null
    read -r rss seconds < "$work/$kind-time.txt"
    if [ "$kind" = public ]; then
      best_public=$(awk -v a="$seconds" -v b="${best_public:-1e9}" 'BEGIN { print (a < b ? a : b) }'); rss_public=$rss
    else
      best_private=$(awk -v a="$seconds" -v b="${best_private:-1e9}" 'BEGIN { print (a < b ? a : b) }'); rss_private=$rss
    fi
  done
done
ratio=$(awk -v a="$best_private" -v b="$best_public" 'BEGIN { printf "%.2f", a / b }')
sealed=$(find "$work/private-site/private" -type f | wc -l)
[ "$sealed" -gt 3000 ] || { echo "the private album was not sealed ($sealed files)" >&2; exit 1; }
record "| $stamp | $commit | import + export of 1,000 photos (1600×1067) as one private album (its own site, $sealed files sealed), best of 2, alternating | ${best_private} s, peak RSS $((rss_private / 1024)) MB | the same album public: ${best_public} s, peak RSS $((rss_public / 1024)) MB | ${ratio}× (goal ≤ 1.3×) |"
# A visitor's first screen on the throttled phone: from the password's submit to the album's
# first screen drawn (key unwrapped, every file fetched sealed over the same slow line and opened
# by the service worker), against the same album public from its navigation; alternating, medians of 3.
private_page=$(cd "$work/private-site" && ls album-family-*.html)
first=$(python3 bench/private_metrics.py "$work/public-site" index.html "$work/private-site" "$private_page" "a bench pass phrase" --runs 3 2>/dev/null)
record "| $stamp | $commit | a visitor's first screen of the 1,000-photo private album on the throttled phone (390×844 at 3×, CPU 4× slower, 1.6 Mbit/s, 150 ms round trip, nothing cached; the worker's fetches throttled too), from the password's submit | $(echo "$first" | python3 -c 'import json, sys; r = json.load(sys.stdin); print("%d ms (runs %s), %+d ms against public" % (r["private_ms"], "/".join(map(str, r["private_runs"])), r["more_ms"]))') | the same album public, from its navigation: $(echo "$first" | python3 -c 'import json, sys; r = json.load(sys.stdin); print("%d ms (runs %s)" % (r["public_ms"], "/".join(map(str, r["public_runs"]))))') | goal ≤ +1,000 ms |"
fi

# MARK: export against sigal (issue 40): import + export of 200 JPEGs of 6 MP and of 24 MP
# (grain like a camera's, a quarter turned by EXIF), and of 200 real photographs of 6 MP with
# fine detail (issue 51: crops of Debian's wallpaper photos, bench/detail_crops.py), ours and
# sigal alternating, twice each, best of two; and vipsthumbnail making the same four images a
# photo (236, 472, 708 px WebP and the 1500 px large JPEG, quality 82; a process per size and
# half of the files, 2 at a time).
if [ "$only" = all ] || [ "$only" = export ]; then
[ -d "$work/six-200" ] || "$make_sample" --many 200 --size 3000x2000 --grain "$work/six-200" >/dev/null
if [ ! -f "$work/twentyfour-200/.done" ]; then
  rm -rf "$work/twentyfour-200"
  "$make_sample" --many 200 --size 6000x4000 --grain "$work/twentyfour-200" >/dev/null
  touch "$work/twentyfour-200/.done"
fi
if [ ! -f "$work/detail-200/.done" ]; then
  fetch_walls
  rm -rf "$work/detail-200"
  "$work/venv/bin/python" bench/detail_crops.py "$work/walls/x" "$work/detail-200"
  touch "$work/detail-200/.done"
fi
for set in six-200:6:JPEGs twentyfour-200:24:JPEGs detail-200:6:"real photographs (fine detail)"; do
  folder=${set%%:*}; rest=${set#*:}; megapixels=${rest%%:*}; kind=${rest#*:}
  best_ours=0; best_sigal=0; rss_ours=0
  for _ in 1 2; do
    rm -rf "$work/export.db"* "$work/export-site"
    /usr/bin/time -f '%M %e' -o "$work/export-time.txt" "$gallery" build "$work/$folder" --db "$work/export.db" --out "$work/export-site" --quiet >/dev/null
    read -r rss seconds < "$work/export-time.txt"
    best_ours=$(awk -v a="$seconds" -v b="$best_ours" 'BEGIN { print (b == 0 || a < b ? a : b) }')
    rss_ours=$(( rss > rss_ours ? rss : rss_ours ))
    rm -rf "$work/sigal-out"
    /usr/bin/time -f '%M %e' -o "$work/sigal-time.txt" "$work/venv/bin/sigal" build -c bench/sigal.conf.py -n "$(nproc)" "$work/$folder" "$work/sigal-out" >/dev/null 2>&1
    read -r _ seconds < "$work/sigal-time.txt"
    best_sigal=$(awk -v a="$seconds" -v b="$best_sigal" 'BEGIN { print (b == 0 || a < b ? a : b) }')
  done
  find "$work/$folder" -name '*.jpg' | sort > "$work/export-files.txt"
  split -n l/2 -d "$work/export-files.txt" "$work/export-half-"
  rm -rf "$work/vips-four" && mkdir -p "$work/vips-four"
  start=$(date +%s.%N)
  for half in 00 01; do
    (for size in 236 472 708; do
       xargs -a "$work/export-half-$half" vipsthumbnail --size "${size}x" -o "$PWD/$work/vips-four/%s-$size.webp[Q=82]"
     done
     xargs -a "$work/export-half-$half" vipsthumbnail --size 1500x1500 -o "$PWD/$work/vips-four/%s-large.jpg[Q=82,strip]") &
  done
  wait
  vips_seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  ratio=$(awk -v a="$best_ours" -v b="$best_sigal" 'BEGIN { printf "%.2f", b / a }')
  record "| $stamp | $commit | import + export, 200 $kind of $megapixels MP (four images a photo: 236/472/708 px WebP + the large JPEG), best of 2, alternating with sigal | ${best_ours} s, peak RSS $((rss_ours / 1024)) MB | sigal 2.6.1 build (400 px thumbs, 1600 px images, $(nproc) processes): ${best_sigal} s; vipsthumbnail, the same four images a photo (2 processes): ${vips_seconds} s | ${ratio}× sigal's speed (goal ≥ 3×) |"
done
fi

# MARK: TIFF (issue 40): 51 TIFFs of 6 MP written by libvips from the export bench's photos, a
# third each 8-bit LZW strips, 8-bit LZW 256 px tiles and 16-bit LZW tiles (what scanners,
# Lightroom and Capture One write): 400 px thumbnails, 2 workers, against vipsthumbnail; then a
# 20,000 × 20,000 scan (400 MP, LZW tiles) through gallery build, for its peak RSS (≤ 150 MB).
if [ "$only" = all ] || [ "$only" = tiff ]; then
if [ ! -f "$work/tiff-51/.done" ]; then
  [ -d "$work/six-200" ] || "$make_sample" --many 200 --size 3000x2000 --grain "$work/six-200" >/dev/null
  rm -rf "$work/tiff-51" && mkdir -p "$work/tiff-51"
  i=0
  for jpg in $(find "$work/six-200" -name '*.jpg' | sort | head -51); do
    case $((i % 3)) in
      0) vips copy "$jpg" "$work/tiff-51/$i.tif[compression=lzw]" ;;
      1) vips copy "$jpg" "$work/tiff-51/$i.tif[compression=lzw,tile,tile-width=256,tile-height=256]" ;;
      2) vips colourspace "$jpg" "$work/tiff-51/$i.tif[compression=lzw,tile,tile-width=256,tile-height=256]" rgb16 ;;
    esac
    i=$((i + 1))
  done
  touch "$work/tiff-51/.done"
fi
find "$work/tiff-51" -name '*.tif' | sort > "$work/tiff-files.txt"
split -n l/2 -d "$work/tiff-files.txt" "$work/tiff-half-"
best_vips=0; best_ours=0
for _ in 1 2; do
  rm -rf "$work/vips-tiff-out" "$work/ours-tiff-out" && mkdir -p "$work/vips-tiff-out"
  start=$(date +%s.%N)
  xargs -a "$work/tiff-half-00" vipsthumbnail --size 400x -o "$PWD/$work/vips-tiff-out/%s-a.jpg" &
  xargs -a "$work/tiff-half-01" vipsthumbnail --size 400x -o "$PWD/$work/vips-tiff-out/%s-b.jpg" &
  wait
  rate=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", 51 / (e - s) }')
  best_vips=$(awk -v a="$rate" -v b="$best_vips" 'BEGIN { print (a > b ? a : b) }')
  rate=$(.build/release/gallery-bench thumbs "$work/tiff-51" "$work/ours-tiff-out" 2 | sed -E 's/.*: ([0-9.]+) files\/s/\1/')
  best_ours=$(awk -v a="$rate" -v b="$best_ours" 'BEGIN { print (a > b ? a : b) }')
done
[ "$(find "$work/ours-tiff-out" -name '*.jpg' | wc -l)" -eq 51 ] || { echo "gallery-bench made no thumbnail of some TIFFs" >&2; exit 1; }
ratio=$(awk -v a="$best_ours" -v b="$best_vips" 'BEGIN { printf "%.2f", a / b }')
record "| $stamp | $commit | thumbnails 400 px, 51 TIFFs of 6 MP (8-bit strips, 8-bit tiles, 16-bit tiles; LZW), 2 workers, best of 2, alternating | $best_ours files/s | vipsthumbnail (2 processes): $best_vips files/s | ${ratio}× (goal ≥ 1×) |"

if [ ! -f "$work/scan-400mp/scan.tif" ]; then
  mkdir -p "$work/scan-400mp"
  vips sines "$work/scan-sines.v" 20000 20000 --hfreq 37 --vfreq 23
  vips linear "$work/scan-sines.v" "$work/scan-grey.v" 100 128 --uchar
  vips bandjoin "$work/scan-grey.v $work/scan-grey.v $work/scan-grey.v" "$work/scan-400mp/scan.tif[compression=lzw,tile,tile-width=512,tile-height=512]"
  rm -f "$work/scan-sines.v" "$work/scan-grey.v"
fi
rm -rf "$work/scan.db"* "$work/scan-site"
/usr/bin/time -f '%M %e' -o "$work/scan-time.txt" "$gallery" build "$work/scan-400mp" --db "$work/scan.db" --out "$work/scan-site" --quiet >/dev/null
read -r scan_rss scan_seconds < "$work/scan-time.txt"
start=$(date +%s.%N)
vipsthumbnail --size 400x -o "$PWD/$work/scan-vips.jpg" "$work/scan-400mp/scan.tif"
vips_scan=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
record "| $stamp | $commit | a 20,000 × 20,000 scan (400 MP, $(du -m "$work/scan-400mp/scan.tif" | cut -f1) MB, LZW tiles) through gallery build: import, every image size, pages | ${scan_seconds} s, peak RSS $((scan_rss / 1024)) MB (goal ≤ 150 MB) | vipsthumbnail, one 400 px thumbnail: ${vips_scan} s | — |"
fi

# MARK: install: what make demo and make test install on a fresh Debian 12 (debootstrap
# minbase in a scratch folder; root and the mirror needed, so only by name, not in `all`)
if [ "$only" = all ] || [ "$only" = serve ]; then
# MARK: gallery serve under 32 concurrent clients (issue 49): /api/photos, an album page, a large
# image and /api/layout on the 10,000-photo library; SERVE_BEFORE=BINARY (an older release build)
# is measured in the same run, alternating, best of two rounds each.
if [ ! -d "$work/import-10000" ]; then
  "$make_sample" --many 10000 --size 160x120 "$work/import-10000" >/dev/null
fi
bins=("$PWD/$gallery")
[ -n "${SERVE_BEFORE:-}" ] && bins=("$SERVE_BEFORE" "$PWD/$gallery")
bench/serve_load.sh "$work" "$work/import-10000" "${bins[@]}" | tee "$work/serve-load.txt"
while read -r name route; do
  best=$(awk -v n="$name" -v r="$route" '$2 == n && $3 == r' "$work/serve-load.txt" | sort -k4 -g -r | head -1)
  record "| $stamp | $commit | gallery serve ($name), GET /$route, wrk 2 threads 32 connections 10 s, 10,000 photos, best of 2 | $(echo "$best" | awk '{printf "%s req/s, p99 %s, errors: %s", $4, $5, $6}') | — | issue 49: no worse at p99 |"
done < <(awk '{print $2, $3}' "$work/serve-load.txt" | sort -u)
fi

if [ "$only" = all ] || [ "$only" = changes ]; then
# MARK: a small change costs a small rebuild (issue 51). The generated album (keywords, people,
# places and ratings in XMP, captions in annotations.json) with every browse kind and
# --publish-location: the first build, then one caption edited, one with characters new to the
# site, 50 photos of one new day, 50 photos scattered over the years, each followed by `gallery build` (time, files and bytes it
# rewrote, bytes `gallery publish --dry-run` would upload to the bucket the last build was
# published to, a local SeaweedFS). CHANGES_SIZES="10000 100000" also runs the 100,000.
start_weed
for n in ${CHANGES_SIZES:-10000}; do
  [ -d "$work/album-$n" ] || "$make_sample" --album "$n" "$work/album-$n" >/dev/null
  lib=$work/changes-$n site=$work/changes-$n-site db=$work/changes-$n.db bucket="changes-$n-$(date +%s)"
  rm -rf "$lib" "$site" "$db"* && cp -r "$work/album-$n" "$lib"
  env -u AWS_CA_BUNDLE rclone mkdir "bench:$bucket"
  build() {
    /usr/bin/time -f '%M %e' -o "$work/changes-time.txt" "$gallery" build "$lib" --db "$db" --out "$site" --publish-location --quiet >/dev/null
    read -r rss_kb build_seconds < "$work/changes-time.txt"
  }
  publish() { "$gallery" publish "$site" "s3://$bucket/site" --endpoint "$endpoint" --quiet "$@"; }
  # Builds, and records what the build rewrote and what publish would upload; then publishes.
  change_row() {
    python3 bench/site_changes.py state "$site" "$work/changes-before.json"
    build
    read -r files bytes image_files image_bytes removed <<< "$(python3 bench/site_changes.py diff "$work/changes-before.json" "$site")"
    # What it rewrote, by part, printed (and the state kept: changes-N-STEP.json for more).
    step=$((step + 1)); cp "$work/changes-before.json" "$work/changes-$n-$step.json"
    echo "$1 ($n photos), pages and data rewritten by part:"; python3 bench/site_changes.py parts "$work/changes-before.json" "$site"
    upload=$(publish --dry-run | tail -1 | sed -E 's/^would upload ([0-9]+) files \(([^)]*)\).*/\1 files, \2/')
    publish >/dev/null
    record "| $stamp | $commit | $1, then gallery build ($n photos, every browse kind, --publish-location) | ${build_seconds} s, peak RSS $((rss_kb / 1024)) MB; rewrote $files files, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }') MB (pages and data: $((files - image_files)) files, $(awk -v b="$bytes" -v i="$image_bytes" 'BEGIN { printf "%.1f", (b - i) / 1048576 }') MB), removed $removed; publish would upload $upload | — | $2 |"
  }
  step=0
  build
  files=$(find "$site" -type f -not -name '.*' | wc -l)
  data_bytes=$(find "$site" -type f -not -name '.*' -not -path '*/thumbs/*' -not -path '*/large/*' -not -path '*/videos/*' -not -path '*/originals/*' -printf '%s\n' | awk '{ s += $1 } END { print s }')
  record "| $stamp | $commit | first build of $n photos (every browse kind, --publish-location) | ${build_seconds} s, peak RSS $((rss_kb / 1024)) MB; $files files; pages and data $(awk -v b="$data_bytes" 'BEGIN { printf "%.1f", b / 1048576 }') MB = $(awk -v b="$data_bytes" -v n="$n" 'BEGIN { printf "%.1f", b / n / 1024 }') KB a photo | — | goal at 100,000: ≤ 10 min beyond the images; ≤ 15 KB a photo |"
  publish >/dev/null
  # One caption, of the photo in the middle of the album's file order.
  python3 - "$lib/annotations.json" <<'PY'
import json, sys
path = sys.argv[1]
entries = json.load(open(path))
entry = entries[len(entries) // 2]
entry["caption"] = (entry["caption"] + " — edited, and long enough now to take another line").strip(" —")
json.dump(entries, open(path, "w"), indent=1, ensure_ascii=False)
PY
  change_row "one caption edited (annotations.json)" "goal at 100,000: ≤ 10 s, ≤ 2 MB"
  # A caption bringing the site's first characters outside the fonts' fixed base (ł, ź): the
  # style sheet and one font file change, no page beyond the caption's own.
  python3 - "$lib/annotations.json" <<'PY'
import json, sys
path = sys.argv[1]
entries = json.load(open(path))
entry = entries[len(entries) // 2 + 7]
entry["caption"] = (entry["caption"] + " — on the way to Łódź").strip(" —")
json.dump(entries, open(path, "w"), indent=1, ensure_ascii=False)
PY
  change_row "a caption with characters new to the site (Łódź)" "as one caption: goal at 100,000 ≤ 10 s, ≤ 2 MB"
  # 50 photos of one new day, after every other; then 50 scattered over the album's years.
  rm -rf "$work/changes-new" && "$make_sample" --album 100 "$work/changes-new" >/dev/null
  album=$(cd "$lib" && find . -mindepth 1 -maxdepth 1 -type d | sort | head -1)
  # A new photo's date: PREFIX "new-day" (one day after every other) or "old-card" (over 20 years).
  date_of() {
    case $1 in
      new-day) printf '2031:06:15 %02d:%02d:00' $((8 + $2 / 6)) $(($2 * 7 % 60)) ;;
      old-card) printf '%d:%02d:%02d 12:00:00' $((2004 + $2 % 20)) $((1 + $2 % 12)) $((1 + $2 * 3 % 28)) ;;
    esac
  }
  # Puts 50 of the new photos ($1: head or tail of them) into the album as $2-N.jpg, dated.
  add_photos() {
    local i=0 photo
    for photo in $(find "$work/changes-new" -name '*.jpg' | sort | "$1" -50); do
      exiftool -q -overwrite_original "-AllDates=$(date_of "$2" "$i")" "$photo"
      mv "$photo" "$lib/$album/$2-$i.jpg"; i=$((i + 1))
    done
  }
  add_photos head new-day
  change_row "50 photos of one new day added" "goal at 100,000: ≤ 30 s beyond their images, ≤ 5 MB of pages and data"
  add_photos tail old-card
  change_row "50 photos scattered over 20 years added (an old memory card)" "goal at 100,000: ≤ 60 s beyond their images, ≤ 20 MB"
done
kill "$weed" 2>/dev/null; wait "$weed" 2>/dev/null || true
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY
fi

if [ "$only" = all ] || [ "$only" = animations ]; then
# MARK: animations (issue 50): 8 GIFs of 100 frames, 480×270, 10 fps (ffmpeg's palettegen, each
# its own colours), built into a site (stills, grid images, looping web videos) against the
# plain ffmpeg command making the same videos with the same settings (transparency on the
# still's grey, libx264 -preset fast -crf 23 without B-frames, faststart), one at a time on all
# cores; runs alternate, better of 2 each.
gifs="$work/animations-gif"
if [ ! -f "$gifs/.done" ]; then
  rm -rf "$gifs" && mkdir -p "$gifs"
  for i in 1 2 3 4 5 6 7 8; do
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=480x270:rate=10:duration=10" \
      -vf "hue=h=$((i * 40)),split[a][b];[a]palettegen[p];[b][p]paletteuse" -loop 0 "$gifs/anim_$i.gif"
  done
  touch "$gifs/.done"
fi
ours_best=""; theirs_best=""
for _ in 1 2; do
  rm -rf "$work/animations-site" "$work/animations.db" "$work/animations.db-wal" "$work/animations.db-shm"
  start=$(date +%s.%N)
  "$gallery" build "$gifs" --db "$work/animations.db" --out "$work/animations-site" --quiet > /dev/null
  t=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  [ -z "$ours_best" ] || awk -v a="$t" -v b="$ours_best" 'BEGIN { exit !(a < b) }' && ours_best=$t
  rm -rf "$work/animations-ffmpeg" && mkdir -p "$work/animations-ffmpeg"
  start=$(date +%s.%N)
  for f in "$gifs"/*.gif; do
    ffmpeg -v error -nostdin -y -i "$f" -filter_complex "split[p][g];[g]lutrgb=r=236:g=234:b=230:a=255[b];[b][p]overlay=format=rgb,scale=480:270:flags=bicubic,setsar=1,format=yuv420p" \
      -c:v libx264 -preset fast -crf 23 -profile:v high -bf 0 -movflags +faststart "$work/animations-ffmpeg/$(basename "$f").mp4"
  done
  t=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  [ -z "$theirs_best" ] || awk -v a="$t" -v b="$theirs_best" 'BEGIN { exit !(a < b) }' && theirs_best=$t
done
gif_mb=$(du -cb "$gifs"/*.gif | tail -1 | awk '{ printf "%.2f", $1 / 1e6 }')
ours_mb=$(du -cb "$work/animations-site/videos"/*.mp4 | tail -1 | awk '{ printf "%.2f", $1 / 1e6 }')
theirs_mb=$(du -cb "$work/animations-ffmpeg"/*.mp4 | tail -1 | awk '{ printf "%.2f", $1 / 1e6 }')
ratio=$(awk -v a="$ours_best" -v b="$theirs_best" 'BEGIN { printf "%.2f", a / b }')
record "| $stamp | $commit | build a site of 8 animated GIFs, 100 frames of 480×270 each ($gif_mb MB of GIF), better of 2, alternating | ${ours_best} s with stills and grid images, videos ${ours_mb} MB | ffmpeg, same settings, videos only: ${theirs_best} s, ${theirs_mb} MB | ${ratio}× ffmpeg's time (goal ≤ 1.1×) |"
fi

# MARK: camera raws (issue 50): DNGs of 24 MP (6000 × 4000 RGGB mosaics, 16-bit, as PiDNG
# writes them: bench/make_raws.py) built into a site (import + the four images a photo and the
# pages), against LibRaw's own tools with vipsthumbnail making the same four images (236,
# 472, 708 px WebP, the 1600 px large JPEG; 2 processes, half the files each). With full-size
# embedded previews (RAW_COUNT, default 200: what cameras write; simple_dcraw -e extracts it), and
# with only a 256 px preview (RAW_DEVELOPED_COUNT, default 50: the raw is developed, ours at
# half size, dcraw_emu -h); better of 2, alternating. Then one 60 MP raw (9504 × 6336) without a
# preview through gallery build, for its peak RSS (goal ≤ 300 MB).
if [ "$only" = all ] || [ "$only" = raws ]; then
"$work/venv/bin/python" -c 'import pidng, numpy' 2>/dev/null || "$work/venv/bin/pip" install -q --disable-pip-version-check "pidng==4.0.9" numpy
raw_count=${RAW_COUNT:-200}
developed_count=${RAW_DEVELOPED_COUNT:-50}
"$work/venv/bin/python" bench/make_raws.py "$work/raws-full" "$raw_count" 6000 4000 full
"$work/venv/bin/python" bench/make_raws.py "$work/raws-small" "$developed_count" 6000 4000 small
"$work/venv/bin/python" bench/make_raws.py "$work/raw-60mp" 1 9504 6336 small
for set in "raws-full:$raw_count:simple_dcraw -e:thumb.jpg:full-size previews" "raws-small:$developed_count:dcraw_emu -h -w -o 1 -T:tiff:256 px previews, so developed"; do
  IFS=: read -r folder count peer_command peer_suffix description <<< "$set"
  ls "$work/$folder"/*.dng | head -n "$count" > "$work/raw-files.txt"
  rm -rf "$work/raw-input" && mkdir -p "$work/raw-input"
  while read -r f; do ln -s "$PWD/$f" "$work/raw-input/$(basename "$f")"; done < "$work/raw-files.txt"
  split -n l/2 -d "$work/raw-files.txt" "$work/raw-half-"
  ours_best=""; theirs_best=""; rss_ours=0
  for _ in 1 2; do
    rm -rf "$work/raw.db"* "$work/raw-site"
    /usr/bin/time -f '%M %e' -o "$work/raw-time.txt" "$gallery" build "$work/raw-input" --db "$work/raw.db" --out "$work/raw-site" --quiet >/dev/null
    read -r rss t < "$work/raw-time.txt"
    rss_ours=$(( rss > rss_ours ? rss : rss_ours ))
    [ -z "$ours_best" ] || awk -v a="$t" -v b="$ours_best" 'BEGIN { exit !(a < b) }' && ours_best=$t
    rm -rf "$work/raw-peer" && mkdir -p "$work/raw-peer"
    start=$(date +%s.%N)
    for half in 00 01; do
      (while read -r f; do
         # LibRaw's tools write beside their input: a link's name in the peer's folder.
         ln -sf "$PWD/$f" "$work/raw-peer/$(basename "$f")"
         # shellcheck disable=SC2086
         $peer_command "$work/raw-peer/$(basename "$f")" >/dev/null 2>&1
         out="$work/raw-peer/$(basename "$f").$peer_suffix"
         for size in 236 472 708; do vipsthumbnail --size "${size}x" -o "$PWD/$work/raw-peer/%s-$size.webp[Q=82]" "$out"; done
         vipsthumbnail --size 1600x1600 -o "$PWD/$work/raw-peer/%s-large.jpg[Q=82,strip]" "$out"
       done < "$work/raw-half-$half") &
    done
    wait
    t=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
    [ -z "$theirs_best" ] || awk -v a="$t" -v b="$theirs_best" 'BEGIN { exit !(a < b) }' && theirs_best=$t
  done
  made=$(find "$work/raw-peer" -name '*-large.jpg' | wc -l)
  [ "$made" -eq "$count" ] || { echo "the peer made $made large images of $count" >&2; exit 1; }
  ratio=$(awk -v a="$ours_best" -v b="$theirs_best" 'BEGIN { printf "%.2f", b / a }')
  record "| $stamp | $commit | import + export, $count DNGs of 24 MP ($description; four images a photo: 236/472/708 px WebP + the 1600 px JPEG), better of 2, alternating | ${ours_best} s, peak RSS $((rss_ours / 1024)) MB | $peer_command + vipsthumbnail, the same four images (2 processes): ${theirs_best} s | ${ratio}× the peer's speed (goal ≥ 3× with previews; report without) |"
done
rm -rf "$work/raw60.db"* "$work/raw60-site"
/usr/bin/time -f '%M %e' -o "$work/raw60-time.txt" "$gallery" build "$work/raw-60mp" --db "$work/raw60.db" --out "$work/raw60-site" --quiet >/dev/null
read -r raw60_rss raw60_seconds < "$work/raw60-time.txt"
record "| $stamp | $commit | a 60 MP raw (9504 × 6336 DNG, 256 px preview: developed at half size) through gallery build: import, every image size, pages | ${raw60_seconds} s, peak RSS $((raw60_rss / 1024)) MB (goal ≤ 300 MB) | — | — |"
fi

if [ "$only" = install ]; then
  out=$(scripts/check-fresh-install.sh "$work/fresh-debian")
  echo "$out"
  demo=$(echo "$out" | grep "^make demo's" | sed -E "s/^make demo's packages: //")
  additions=$(echo "$out" | grep "^make test's" | sed -E "s/^make test's additions: //")
  record "| $stamp | $commit | apt on a fresh Debian 12 (debootstrap minbase from ${DEBIAN_MIRROR:-http://deb.debian.org/debian}): make demo's packages, then make test's | make demo: $demo | make test adds: $additions | goal: make demo installs no browser (apt's history.log) |"
  rm -rf "$work/fresh-debian"
fi

if [ ! -f bench/RESULTS.md ]; then
  cat > bench/RESULTS.md <<'HEADER'
# Benchmark results

Appended by `make bench` (bench/run.sh). Each row: when, the commit, what was measured, our
figure, the peer's figure in the same run, and the ratio or goal.

| when (UTC) | commit | benchmark | gallery | peer, same run | ratio / goal |
|---|---|---|---|---|---|
HEADER
fi
{
  echo "<!-- $stamp on $machine -->"
  for row in "${results[@]}"; do echo "$row"; done
} >> bench/RESULTS.md
echo "appended to bench/RESULTS.md ($machine)"
