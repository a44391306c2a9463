#!/usr/bin/env bash
# make bench: release build, then each benchmark against its peer in the same run.
# Figures are printed and appended to bench/RESULTS.md. Work files live in bench/work/ (ignored).
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
pillow_version=$("$work/venv/bin/python" -c 'import PIL; print(PIL.__version__)')

machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB"
stamp=$(date -u +%Y-%m-%dT%H:%MZ)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
results=()
record() { echo "$1"; results+=("$1"); }

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
persist=$(echo "$layout" | awk '/layout_persist_1m_s/ {print $2}')
sqlite_ms=$(echo "$layout" | awk '/layout_sqlite_query_ms/ {print $2 " ms median, " $5 " ms p99"}')
record "| $stamp | $commit | masonry compute, 1,000,000 items, 1 core | shortest: $compute ns/item; round-robin: $compute_rr ns/item | Immich justified layout (published): 4.8 ns/box | goal ≤ 5 ns/item |"
record "| $stamp | $commit | masonry viewport query (1280×2000) in memory, 1,000,000 items | $rect_us µs | — | goal ≤ 2 µs |"
record "| $stamp | $commit | persist a 1,000,000-item layout (SQLite, one transaction) | $persist s | — | goal ≤ 1 s |"
record "| $stamp | $commit | viewport query from SQLite (R*Tree over 256-item chunks), 1,000,000 items | $sqlite_ms | — | goal ≤ 1 ms |"

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
