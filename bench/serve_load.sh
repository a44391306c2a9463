#!/usr/bin/env bash
# gallery serve under 32 concurrent clients (wrk, 2 threads, loopback), for each binary given,
# alternating: /api/photos?album=…, an album page, a large image and /api/layout, each 10 s.
# Usage: bench/serve_load.sh WORK LIBRARY BINARY [BINARY...]; prints one line per binary and
# route: "NAME ROUTE REQ/S P99 ERRORS". Each binary serves its own copy of the library's
# database (imported by the first binary) and its own site folder, made by a first request.
set -euo pipefail
work=$1; library=$2; shift 2
binaries=("$@")
"${binaries[0]}" import "$library" --db "$work/serve-load.db" --quiet >/dev/null
for round in 1 2; do
  for bin in "${binaries[@]}"; do
    name=$(basename "$(dirname "$(dirname "$(dirname "$bin")")")")
    db="$work/serve-load-$name.db"
    rm -rf "$db" "$db-wal" "$db-shm" "$db.site" "$work/serve-load-$name.out"
    cp "$work/serve-load.db" "$db"
    "$bin" serve --db "$db" --port 0 > "$work/serve-load-$name.out" 2> "$work/serve-load-$name.log" &
    server=$!
    for _ in $(seq 1 200); do grep -q '^serving ' "$work/serve-load-$name.out" 2>/dev/null && break; sleep 0.1; done
    url=$(sed -n 's/^serving //p' "$work/serve-load-$name.out")
    album=$(curl -s "${url}api/photos" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["album"])')
    page=$(curl -s "$url" | grep -o 'href="album-[^"]*\.html"' | sed 's/href="//; s/"$//' | head -1 || true)
    large=$(curl -s "${url}${page}" | grep -o 'large/[^" ]*\.jpg' | head -1 || true)
    [ -n "$page" ] && [ -n "$large" ] || { echo "no album page or large image found at $url" >&2; exit 1; }
    curl -s -o /dev/null "${url}${large}"  # made once, then served as a file
    curl -s -o /dev/null "${url}api/layout?width=1280&rect=0,0,1280,2000"
    for route in "api/photos?album=$album" "$page" "$large" "api/layout?width=1280&rect=0,0,1280,2000"; do
      out=$(wrk -t2 -c32 -d10s --latency "${url}${route}")
      echo "$out" | awk -v n="$name" -v r="$route" -v round="$round" \
        '/Requests\/sec/ {q=$2} / 99%/ {p=$2} /Non-2xx|Socket errors/ {e=e $0 "; "} END {printf "%s %s %s %s %s %s\n", round, n, r, q, p, (e == "" ? "0" : e)}'
    done
    kill -TERM "$server"; wait "$server" 2>/dev/null || true
  done
done
