#!/usr/bin/env python3
"""What a visitor's browser goes through on one gallery page: headless Chromium driven over
the DevTools protocol (--remote-debugging-pipe, so nothing but the standard library).

    page_metrics.py URL [--width 1280] [--height 900] [--scale 1] [--scroll 50000] [--deep ID]

With --scale above 1 the window is a phone's (that density, mobile viewport, touch).

Prints one JSON object: first contentful paint and DOMContentLoaded (ms from navigation),
the page's bytes, DOM elements at the top, the most seen while scrolling and after a resize,
frame intervals of a scripted scroll (one step per animation frame: median and p95, ms), the
JS heap after it (MB), and with --deep, how long after navigation the photo #photo-ID was
drawn in the viewport.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


# The DevTools-over-a-pipe client the tests use too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "GalleryTestSupport"))
from chromium_session import DevTools  # noqa: E402


def evaluate(tools, session, expression):
    result = tools.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session)
    if "exceptionDetails" in result:
        raise RuntimeError(json.dumps(result["exceptionDetails"])[:500])
    return result["result"].get("value")


def open_page(tools, url, width, height, before_load=None, scale=1):
    target = tools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    tools.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": scale > 1}, session)
    if scale > 1:
        tools.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}, session)
    tools.send("Page.enable", {}, session)
    tools.send("Runtime.enable", {}, session)
    tools.send("Performance.enable", {}, session)
    if before_load:
        tools.send("Page.addScriptToEvaluateOnNewDocument", {"source": before_load}, session)
    tools.events.clear()
    tools.send("Page.navigate", {"url": url}, session)
    tools.wait_event("Page.loadEventFired", session)
    return target, session


SCROLL = """
(async (distance) => {
  const frames = [];
  let peak = document.getElementsByTagName('*').length;
  let last = await new Promise(requestAnimationFrame);
  const start = scrollY;
  for (let n = 0; scrollY - start < distance && n < 5000; n++) {
    scrollBy(0, 100);
    const now = await new Promise(requestAnimationFrame);
    frames.push(now - last);
    last = now;
    if (n % 10 === 0) peak = Math.max(peak, document.getElementsByTagName('*').length);
    if (scrollY + innerHeight >= document.documentElement.scrollHeight - 1) break;
  }
  frames.sort((a, b) => a - b);
  const at = (q) => frames.length ? frames[Math.min(frames.length - 1, Math.floor(q * frames.length))] : null;
  return { frames: frames.length, scrolled: scrollY - start, median: at(0.5), p95: at(0.95), peak };
})(DISTANCE)
"""

DEEP = """
(() => {
  const id = location.hash.slice(1);
  const check = () => {
    const element = id && document.getElementById(id);
    if (element) {
      const r = element.getBoundingClientRect();
      if (r.bottom > 0 && r.top < innerHeight && r.height > 0) { window.__deepDrawn = performance.now(); return; }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--scale", type=float, default=1)
    parser.add_argument("--scroll", type=int, default=50000)
    parser.add_argument("--deep")
    args = parser.parse_args()
    out = {}
    if args.url.startswith("file://"):
        out["page_kb"] = round(os.path.getsize(args.url[len("file://"):].split("#")[0]) / 1024, 1)
    tools = DevTools(args.width, args.height)
    try:
        _, session = open_page(tools, args.url, args.width, args.height, scale=args.scale)
        time.sleep(0.5)
        timing = evaluate(tools, session, """({
          fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null,
          dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
          elements: document.getElementsByTagName('*').length })""")
        out.update({"fcp_ms": round(timing["fcp"] or -1, 1), "dcl_ms": round(timing["dcl"], 1), "elements_top": timing["elements"]})
        scroll = evaluate(tools, session, SCROLL.replace("DISTANCE", str(args.scroll)))
        out.update({"scroll_px": scroll["scrolled"], "frames": scroll["frames"], "frame_median_ms": round(scroll["median"] or 0, 1),
                    "frame_p95_ms": round(scroll["p95"] or 0, 1), "elements_scrolling": scroll["peak"]})
        metrics = {m["name"]: m["value"] for m in tools.send("Performance.getMetrics", {}, session)["metrics"]}
        out["js_heap_mb"] = round(metrics.get("JSHeapUsedSize", 0) / 1e6, 1)
        tools.send("Emulation.setDeviceMetricsOverride", {"width": max(320, args.width - 400), "height": args.height, "deviceScaleFactor": args.scale, "mobile": args.scale > 1}, session)
        time.sleep(1)
        out["elements_resized"] = evaluate(tools, session, "document.getElementsByTagName('*').length")
        if args.deep:
            url = args.url.split("#")[0] + "#photo-" + args.deep
            _, deep = open_page(tools, url, args.width, args.height, before_load=DEEP, scale=args.scale)
            for _ in range(100):
                drawn = evaluate(tools, deep, "window.__deepDrawn || null")
                if drawn:
                    break
                time.sleep(0.05)
            out["deep_link_ms"] = round(drawn, 1) if drawn else None
    finally:
        tools.close()
    print(json.dumps(out))


if __name__ == "__main__":
    sys.exit(main())
