#!/usr/bin/env python3
"""What a visitor's browser goes through on one gallery page: headless Chromium driven over
the DevTools protocol (--remote-debugging-pipe, so nothing but the standard library).

    page_metrics.py URL [--width 1280] [--height 900] [--scroll 50000] [--deep ID]

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


class DevTools:
    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="page-metrics-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # Chromium reads commands on fd 3 and writes answers on fd 4.
        def child_fds():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)
        chromium = shutil.which("chromium") or "/usr/bin/chromium"
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
             "--no-first-run", "--disable-extensions", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            preexec_fn=child_fds, pass_fds=(3, 4, to_browser_read, from_browser_write),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=120):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_event(self, method, session, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[index]
                    return event
            self.events.append(self.read())
        raise TimeoutError(method)

    def close(self):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def evaluate(tools, session, expression):
    result = tools.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session)
    if "exceptionDetails" in result:
        raise RuntimeError(json.dumps(result["exceptionDetails"])[:500])
    return result["result"].get("value")


def open_page(tools, url, width, height, before_load=None):
    target = tools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    tools.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
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
    parser.add_argument("--scroll", type=int, default=50000)
    parser.add_argument("--deep")
    args = parser.parse_args()
    out = {}
    if args.url.startswith("file://"):
        out["page_kb"] = round(os.path.getsize(args.url[len("file://"):].split("#")[0]) / 1024, 1)
    tools = DevTools(args.width, args.height)
    try:
        _, session = open_page(tools, args.url, args.width, args.height)
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
        tools.send("Emulation.setDeviceMetricsOverride", {"width": args.width - 400, "height": args.height, "deviceScaleFactor": 1, "mobile": False}, session)
        time.sleep(1)
        out["elements_resized"] = evaluate(tools, session, "document.getElementsByTagName('*').length")
        if args.deep:
            url = args.url.split("#")[0] + "#photo-" + args.deep
            _, deep = open_page(tools, url, args.width, args.height, before_load=DEEP)
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
