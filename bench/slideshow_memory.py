#!/usr/bin/env python3
"""A slideshow through a large album, and what the page holds as it goes: headless Chromium
over the DevTools protocol (bench/page_metrics.py's client).

    slideshow_memory.py URL [--width 390] [--height 844] [--scale 3] [--at 500,2000,5000]

Opens the album page, opens the lightbox on the first photo and starts the slideshow with the
play button, each photo's turn shortened to 5 ms (the page's own `data-slideshow-seconds`, so
the slideshow's code is the one a visitor runs: the next photo decoded before it shows). At
each count of photos shown in --at it collects garbage and reads the JS heap in use and the
page's DOM elements. Prints one JSON object: {"shown": [...], "heap_mb": [...], "elements":
[...], "seconds": ...}. Memory is flat when the heap at the last count is about the first's.
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_metrics import evaluate, open_page  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "GalleryTestSupport"))
from chromium_session import DevTools  # noqa: E402

START = """
(async () => {
  const box = document.querySelector('.lightbox');
  const image = box.querySelector('img');
  window.__shown = 0;
  new MutationObserver(() => { if (image.getAttribute('src')) window.__shown += 1; })
    .observe(image, { attributes: true, attributeFilter: ['src'] });
  const link = document.querySelector('main [data-photo-id] .cell-link');
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  for (let n = 0; box.hidden && n < 500; n++) await new Promise((done) => setTimeout(done, 10));
  box.dataset.slideshowSeconds = '0.005';
  box.querySelector('.lightbox-play').click();
  return box.querySelector('.lightbox-play').getAttribute('aria-pressed');
})()
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--scale", type=float, default=3)
    parser.add_argument("--at", default="500,2000,5000")
    args = parser.parse_args()
    counts = [int(n) for n in args.at.split(",")]
    tools = DevTools(args.width, args.height)
    out = {"shown": [], "heap_mb": [], "elements": []}
    try:
        _, session = open_page(tools, args.url, args.width, args.height, scale=args.scale)
        tools.send("HeapProfiler.enable", {}, session)
        # The page's first screen and its data in, before the slideshow starts.
        for _ in range(200):
            if evaluate(tools, session, "!document.querySelector('[aria-busy=\"true\"]')"):
                break
            time.sleep(0.05)
        if evaluate(tools, session, START) != "true":
            raise RuntimeError("the slideshow did not start")
        start = time.monotonic()
        for count in counts:
            while True:
                shown = evaluate(tools, session, "window.__shown")
                if shown >= count:
                    break
                if time.monotonic() - start > 1800:
                    raise RuntimeError(f"{shown} photos shown in 30 minutes")
                time.sleep(0.2)
            tools.send("HeapProfiler.collectGarbage", {}, session)
            heap = tools.send("Runtime.getHeapUsage", {}, session)
            out["shown"].append(shown)
            out["heap_mb"].append(round(heap["usedSize"] / 1e6, 2))
            out["elements"].append(evaluate(tools, session, "document.getElementsByTagName('*').length"))
        out["seconds"] = round(time.monotonic() - start, 1)
    finally:
        tools.close()
    print(json.dumps(out))


if __name__ == "__main__":
    sys.exit(main())
