#!/usr/bin/env python3
"""What a phone, a tablet and a desktop get from one gallery page (issue 24), in headless
Chromium over the DevTools protocol, the page served over HTTP on 127.0.0.1 from SITE (text
gzipped, as static hosts serve it).

    phone_metrics.py devices SITE PAGE
        fill (the grid's width, its columns' padding included, over the screen's), columns, and sharpness (the chosen image
        file's pixels over the drawn pixels, the worst image on the first screen) on phones
        320-430 px at 2-3x, tablets 600-1024 px and desktops 1280-1920 px.
    phone_metrics.py throttled SITE PAGE [--runs 3]
        the throttled phone (390x844 at 3x, CPU 4x slower, 1.6 Mbit/s down, 150 ms round trip,
        nothing cached): largest contentful paint, layout shift, and the bytes that arrived
        before the largest paint; median of the runs.
    phone_metrics.py gestures SITE PAGE --open SELECTOR --shown SELECTOR [--throttle 4]
        at 390x844 at 3x with touch: taps the first SELECTOR, waits for --shown, then a real
        touch swipe to the next photo (30 moves at 60 a second, Input.dispatchTouchEvent) and a
        two-finger pinch (Input.synthesizePinchGesture: the browser paces the fingers); the
        interval between animation frames during each and until the viewer is at rest, median
        and p95 (ms), and the touch moves the page received (0 would mean no gesture at all).

Prints one JSON object. Peers are measured by pointing the same command at their site.
"""
import argparse
import functools
import gzip
import http.server
import io
import json
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "GalleryTestSupport"))
from chromium_session import DevTools  # noqa: E402

DEVICES = [
    ("phone", 320, 568, 2), ("phone", 360, 800, 3), ("phone", 390, 844, 3), ("phone", 414, 896, 2), ("phone", 430, 932, 3),
    ("tablet", 600, 960, 2), ("tablet", 768, 1024, 2), ("tablet", 820, 1180, 2), ("tablet", 1024, 1366, 2),
    ("desktop", 1280, 800, 1), ("desktop", 1440, 900, 2), ("desktop", 1920, 1080, 1),
]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files as a static host serves them: text gzipped for a browser that accepts it (GitHub
    Pages, Netlify, Cloudflare and CloudFront all compress), images and fonts as they are."""
    TEXT = (".html", ".css", ".js", ".json", ".xml", ".svg", ".txt")

    def log_message(self, *args):
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if not path.endswith(self.TEXT) or "gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path):
            return super().send_head()
        with open(path, "rb") as file:
            body = gzip.compress(file.read(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve(site):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def wait_for(tools, predicate, what, timeout=60):
    """Evaluates the JS `predicate` until it is true (polled in the page, once a frame)."""
    return tools.evaluate(f"""new Promise((resolve, reject) => {{
      const deadline = performance.now() + {timeout * 1000};
      const check = () => {{
        let value; try {{ value = ({predicate}); }} catch (e) {{ value = false; }}
        if (value) resolve(value);
        else if (performance.now() > deadline) reject(new Error('waited for {what}'));
        else requestAnimationFrame(check);
      }};
      check();
    }})""")


FIRST_SCREEN = """
(async () => {
  const onScreen = [...document.querySelectorAll('.grid .cell img, .justified .justified-item img, .album-card img')].filter((i) => {
    const r = i.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.width > 0;
  });
  await Promise.all(onScreen.map((i) => i.complete ? null : new Promise((r) => { i.addEventListener('load', r); i.addEventListener('error', r); })));
  const cells = [...document.querySelectorAll('.grid .cell')].filter((c) => c.getClientRects().length);
  // The index of albums: its cards' images in, no grid to measure.
  if (!cells.length) return { images: onScreen.length };
  // The grid: its columns from edge to edge, the cells' padding included (the margins and the
  // gutters between columns are what the issue's fill leaves out).
  const padding = parseFloat(getComputedStyle(cells[0]).getPropertyValue('--cell-padding')) || 0;
  const left = Math.min(...cells.map((c) => c.getBoundingClientRect().left)) - padding;
  const right = Math.max(...cells.map((c) => c.getBoundingClientRect().right)) + padding;
  const columns = new Set(cells.map((c) => Math.round(c.getBoundingClientRect().left))).size;
  const pixels = (i) => {
    const chosen = i.srcset.split(',').map((c) => c.trim().split(/\\s+/)).find(([url]) => new URL(url, location.href).href === i.currentSrc);
    return chosen && chosen[1] ? parseInt(chosen[1]) : i.naturalWidth;
  };
  const sharpness = Math.min(...onScreen.map((i) => pixels(i) / (i.getBoundingClientRect().width * devicePixelRatio)));
  return { fill: (right - left) / innerWidth, columns, sharpness, images: onScreen.length,
           sideways: document.documentElement.scrollWidth - innerWidth };
})()
"""


def devices(url):
    rows = []
    tools = DevTools()
    try:
        for kind, width, height, scale in DEVICES:
            tools.open(url, width, height, scale=scale, mobile=kind != "desktop")
            seen = tools.evaluate(FIRST_SCREEN)
            rows.append({"device": kind, "width": width, "height": height, "scale": scale,
                         "fill": round(seen["fill"], 3), "columns": seen["columns"],
                         "sharpness": round(seen["sharpness"], 2), "images": seen["images"], "sideways": seen["sideways"]})
    finally:
        tools.close()
    return {"devices": rows, "fill_min": min(r["fill"] for r in rows), "columns_min": min(r["columns"] for r in rows),
            "sharpness_min": min(r["sharpness"] for r in rows)}


OBSERVE = """
window.__lcp = []; window.__cls = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp.push({ t: e.startTime, size: e.size, url: e.url || (e.element && e.element.tagName) || '' }); })
  .observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
  .observe({ type: 'layout-shift', buffered: true });
"""


# Lighthouse's "slow 4G" phone: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}


def throttled_phone(tools):
    """A new page in `tools` as the throttled phone sees it: 390x844 at 3x with touch, CPU 4x
    slower, slow 4G, nothing cached; `tools.session` is the page's."""
    target = tools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    tools.session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    tools.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    tools.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    tools.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    tools.send("Network.enable")
    tools.send("Network.setCacheDisabled", {"cacheDisabled": True})
    tools.send("Network.emulateNetworkConditions", SLOW_4G)
    tools.send("Page.enable")
    tools.send("Runtime.enable")


def throttled_once(url):
    tools = DevTools()
    try:
        throttled_phone(tools)
        tools.send("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVE})
        tools.events.clear()
        tools.send("Page.navigate", {"url": url})
        tools.wait_event("Page.loadEventFired", timeout=120)
        # The first screen's images all in and drawn: the largest paint cannot change after.
        tools.evaluate(FIRST_SCREEN)
        wait_for(tools, "window.__lcp.length > 0", "a largest contentful paint")
        tools.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        seen = tools.evaluate("({ lcp: window.__lcp[window.__lcp.length - 1], cls: window.__cls, fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime, dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd, all: window.__lcp })")
        tools.drain()
        # Bytes that arrived before the largest paint (network events are in seconds of the
        # browser's monotonic clock; the page's request for the document is the zero).
        requests = {}
        for event in tools.events:
            params = event.get("params", {})
            if event.get("method") == "Network.requestWillBeSent":
                requests[params["requestId"]] = {"start": params["timestamp"], "url": params["request"]["url"]}
            elif event.get("method") == "Network.loadingFinished" and params.get("requestId") in requests:
                requests[params["requestId"]].update(end=params["timestamp"], bytes=params["encodedDataLength"])
        done = [r for r in requests.values() if "end" in r]
        zero = min(r["start"] for r in done)
        before = [r for r in done if (r["end"] - zero) * 1000 <= seen["lcp"]["t"] + 1]
        print(seen, file=sys.stderr)
        return {"lcp_ms": round(seen["lcp"]["t"]), "fcp_ms": round(seen["fcp"] or -1), "dcl_ms": round(seen["dcl"]), "lcp_url": seen["lcp"]["url"].split("/")[-1], "cls": round(seen["cls"], 4),
                "bytes_before_lcp": sum(r["bytes"] for r in before), "requests_before_lcp": len(before),
                "bytes_loaded": sum(r["bytes"] for r in done), "requests": len(done)}
    finally:
        tools.close()


def throttled(url, runs):
    results = [throttled_once(url) for _ in range(runs)]
    results.sort(key=lambda r: r["lcp_ms"])
    middle = results[len(results) // 2]
    return dict(middle, lcp_runs_ms=[r["lcp_ms"] for r in results], cls_max=max(r["cls"] for r in results))


FRAMES = """
window.__frames = []; window.__recording = true; window.__moves = 0;
if (!window.__counting) { window.__counting = true; addEventListener('touchmove', () => { window.__moves += 1; }, { capture: true, passive: true }); }
(function tick(now) { if (!window.__recording) return; window.__frames.push(now); requestAnimationFrame(tick); })(performance.now());
true
"""

STOP = """
(() => {
  window.__recording = false;
  const f = window.__frames, gaps = [];
  for (let n = 1; n < f.length; n++) gaps.push(f[n] - f[n - 1]);
  gaps.sort((a, b) => a - b);
  const at = (q) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))];
  return { frames: gaps.length, median: at(0.5), p95: at(0.95), moves: window.__moves };
})()
"""


# The viewer at rest: the images it shows are in, and every animation that ends has ended
# (a spinner's endless one is not waited for).
SETTLED = """
(async () => {
  const shown = [...document.images].filter((i) => { const r = i.getBoundingClientRect(); return r.width > 0 && r.bottom > 0 && r.top < innerHeight && i.loading !== 'lazy'; });
  await Promise.all(shown.filter((i) => !i.complete).map((i) => new Promise((r) => { i.addEventListener('load', r); i.addEventListener('error', r); })));
  await Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => null)));
  return true;
})()
"""


def swipe(tools, from_x, to_x, y, frames):
    """A finger across the screen at 60 moves a second, as a person's would be sampled: the
    moves are sent on the wall clock, so a page that falls behind gets them late, not slowly."""
    start = time.time()
    for n in range(frames + 1):
        kind = "touchStart" if n == 0 else "touchMove"
        x = from_x + (to_x - from_x) * n / frames
        tools.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": 0}]})
        pause = start + (n + 1) / 60 - time.time()
        if pause > 0:
            time.sleep(pause)
    tools.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def gestures(url, open_selector, shown_selector, throttle):
    tools = DevTools()
    try:
        tools.open(url, 390, 844, scale=3, mobile=True)
        tools.evaluate(f"document.querySelector({json.dumps(open_selector)}).click(); true")
        wait_for(tools, f"(() => {{ const e = document.querySelector({json.dumps(shown_selector)}); return e && e.getClientRects().length; }})()",
                 "the viewer")
        # Whatever the viewer opens with (its opening animation, the large image) is over.
        tools.evaluate(SETTLED)
        if throttle > 1:
            tools.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        out = {}
        tools.evaluate(FRAMES)
        swipe(tools, 330, 60, 422, 30)
        tools.evaluate(SETTLED)
        swiped = tools.evaluate(STOP)
        out.update(swipe_frames=swiped["frames"], swipe_touch_moves=swiped["moves"], swipe_median_ms=round(swiped["median"], 1), swipe_p95_ms=round(swiped["p95"], 1))
        tools.evaluate(SETTLED)
        tools.evaluate(FRAMES)
        tools.send("Input.synthesizePinchGesture", {"x": 195, "y": 422, "scaleFactor": 2.5, "relativeSpeed": 400,
                                                   "gestureSourceType": "touch"}, timeout=60)
        tools.evaluate(SETTLED)
        pinch = tools.evaluate(STOP)
        out.update(pinch_frames=pinch["frames"], pinch_touch_moves=pinch["moves"], pinch_median_ms=round(pinch["median"], 1), pinch_p95_ms=round(pinch["p95"], 1))
        return out
    finally:
        tools.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["devices", "throttled", "gestures"])
    parser.add_argument("site")
    parser.add_argument("page")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--open")
    parser.add_argument("--shown")
    parser.add_argument("--throttle", type=float, default=1)
    args = parser.parse_args()
    server, base = serve(os.path.abspath(args.site))
    url = base + args.page
    try:
        if args.what == "devices":
            out = devices(url)
        elif args.what == "throttled":
            out = throttled(url, args.runs)
        else:
            out = gestures(url, args.open, args.shown, args.throttle)
    finally:
        server.shutdown()
    print(json.dumps(out))


if __name__ == "__main__":
    sys.exit(main())
