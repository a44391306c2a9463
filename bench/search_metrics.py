#!/usr/bin/env python3
"""The site's search in headless Chromium, over HTTP from 127.0.0.1 (a static server, as any
host would serve the folder):

    search_metrics.py SITE_FOLDER WORD [WORD ...] [--width 1280] [--height 900] [--scale 1] [--cpu 1]

For each query (typed into the search page's box, each in a fresh page with nothing cached):
the time from the keystroke (the box's input event) to the photos found drawn (the grid done:
not busy, its query the one typed, then the next frame), how many were found and drawn, and
the bytes the query fetched (the search index's files, as sent: Content-Length, no gzip).
Also the index's size on disk against the pages' and data files'. Prints one JSON object.
"""
import argparse
import functools
import http.server
import json
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "GalleryTestSupport"))
from chromium_session import DevTools  # noqa: E402


def folder_bytes(folder, keep):
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            relative = os.path.relpath(path, folder)
            if keep(relative):
                total += os.path.getsize(path)
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("words", nargs="+")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--scale", type=float, default=1)
    parser.add_argument("--cpu", type=float, default=1, help="CPU slowdown (4: the throttled phone)")
    options = parser.parse_args()

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=options.site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/" % server.server_address[1]

    def is_index(path):
        return path.startswith("data/search.")

    def is_page_or_data(path):
        return (path.endswith(".html") or path.startswith("data/")) and not is_index(path) and path != "search.html"

    result = {
        "index_bytes": folder_bytes(options.site, is_index),
        "pages_and_data_bytes": folder_bytes(options.site, is_page_or_data),
        "queries": [],
    }
    result["index_share"] = result["index_bytes"] / max(1, result["pages_and_data_bytes"])
    mobile = options.scale > 1
    for word in options.words:
        tools = DevTools(options.width, options.height)
        try:
            tools.open(base + "search.html", options.width, options.height, scale=options.scale, mobile=mobile)
            tools.send("Network.setCacheDisabled", {"cacheDisabled": True})
            # The page has searched for nothing once its index is in.
            tools.evaluate("""new Promise((resolve) => { const check = () => { const g = document.querySelector('.grid[data-search]');
                if (g.dataset.query === '' && g.getAttribute('aria-busy') !== 'true') resolve(true); else requestAnimationFrame(check); }; check(); })""")
            if options.cpu > 1:
                tools.send("Emulation.setCPUThrottlingRate", {"rate": options.cpu})
            text = json.dumps(word)
            measured = tools.evaluate("""new Promise((resolve, reject) => {
                const grid = document.querySelector('.grid[data-search]'), input = document.querySelector('.search-box input');
                const before = performance.getEntriesByType('resource').length;
                const start = performance.now();
                input.value = %s;
                input.dispatchEvent(new Event('input', { bubbles: true }));
                const deadline = start + 60000;
                const check = () => {
                  if (grid.dataset.query === input.value && grid.getAttribute('aria-busy') !== 'true') {
                    requestAnimationFrame(() => setTimeout(() => {
                      const fetched = performance.getEntriesByType('resource').slice(before);
                      resolve({ ms: performance.now() - start, found: Number(grid.dataset.found), drawn: grid.querySelectorAll('.cell').length,
                                requests: fetched.length, bytes: fetched.reduce((sum, entry) => sum + (entry.decodedBodySize || 0), 0),
                                indexFiles: fetched.filter((entry) => entry.name.includes('/data/search.')).length,
                                indexBytes: fetched.filter((entry) => entry.name.includes('/data/search.')).reduce((sum, entry) => sum + (entry.decodedBodySize || 0), 0) });
                    }, 0));
                  } else if (performance.now() > deadline) reject(new Error('no results in 60 s'));
                  else requestAnimationFrame(check);
                };
                check();
            })""" % text)
            measured["query"] = word
            result["queries"].append(measured)
        finally:
            tools.close()
    server.shutdown()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
