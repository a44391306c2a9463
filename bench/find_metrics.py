#!/usr/bin/env python3
"""Finding photos in a site, in headless Chromium over HTTP from 127.0.0.1 (a static server,
as any host would serve the folder). Prints one JSON object.

    find_metrics.py search SITE WORD [WORD ...] [--width 1280] [--height 900] [--scale 1] [--cpu 1]
        For each query (typed into the search page's box, each in a fresh page, nothing
        cached): the time from the keystroke (the box's input event) to the photos found drawn
        (the grid done: not busy, its query the one typed, then the next frame), how many were
        found and drawn, and the bytes it fetched (the index's files apart). Also the index's
        size on disk against the pages' and data files'.
    find_metrics.py pagefind SITE WORD [WORD ...] [...]
        The same queries with Pagefind's own API over its index of the same records
        (SITE/pagefind/, SITE/search.html loads it): search, then the first 20 results' data
        (what a results page shows first); time and bytes.
    find_metrics.py scrubber SITE [--jumps 20] [...]
        The album page (SITE/index.html) and its date scrubber: jumps to months spread over
        the album by the keys, each timed from the key to the month's first photo drawn.
    find_metrics.py map SITE [...]
        map.html: from navigation to the first clusters drawn (the export computed them).
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


# What the server sent since the last reset: requests and bytes, all of them (a Web Worker's
# fetches, Pagefind's, are not in the page's resource timing).
SENT = {"requests": 0, "bytes": 0, "index_bytes": 0}
SENT_LOCK = threading.Lock()


def serve(folder):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        # As static hosts serve (nginx's tcp_nodelay and keep-alive are on by default): Python's
        # server otherwise sends a file's headers and body in two writes that Nagle's rule and
        # the browser's delayed ACK hold back ~20 ms each, on a new connection per file.
        disable_nagle_algorithm = True
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def copyfile(self, source, outputfile):
            before = source.tell()
            super().copyfile(source, outputfile)
            sent = source.tell() - before
            with SENT_LOCK:
                SENT["requests"] += 1
                SENT["bytes"] += sent
                if "/data/search." in self.path or "/pagefind/" in self.path:
                    SENT["index_bytes"] += sent

    Quiet.extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{".wasm": "application/wasm", ".js": "text/javascript"})
    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            pass  # a browser closed while an answer was on its way

    handler = functools.partial(Quiet, directory=folder)
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def page(options, url):
    """A fresh Chromium on `url`, nothing cached, the CPU slowed as asked."""
    tools = DevTools(options.width, options.height)
    tools.open(url, options.width, options.height, scale=options.scale, mobile=options.scale > 1)
    tools.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if options.cpu > 1:
        tools.send("Emulation.setCPUThrottlingRate", {"rate": options.cpu})
    return tools


FETCHED = """((before) => { const fetched = performance.getEntriesByType('resource').slice(before);
  const index = fetched.filter((entry) => /\\/(data\\/search\\.|pagefind\\/)/.test(entry.name));
  return { requests: fetched.length, bytes: fetched.reduce((sum, entry) => sum + (entry.decodedBodySize || 0), 0),
           indexFiles: index.length, indexBytes: index.reduce((sum, entry) => sum + (entry.decodedBodySize || 0), 0) }; })"""


def reset():
    with SENT_LOCK:
        SENT.update(requests=0, bytes=0, index_bytes=0)


def served():
    """What the server sent since `reset()`, as the page's own figures are named."""
    with SENT_LOCK:
        return {"requests": SENT["requests"], "bytes": SENT["bytes"], "indexBytes": SENT["index_bytes"]}


def pagefind(options, base):
    result = {"queries": []}
    for word in options.words:
        tools = page(options, base + "search.html")
        try:
            tools.evaluate("window.pagefindReady")
            reset()
            measured = tools.evaluate("""(async () => {
                const before = performance.getEntriesByType('resource').length, start = performance.now();
                const search = await window.pagefind.search(%s);
                const shown = await Promise.all(search.results.slice(0, 20).map((result) => result.data()));
                const ms = performance.now() - start;
                return { ms, found: search.results.length, drawn: shown.length, ...(%s)(before) };
            })()""" % (json.dumps(word), FETCHED))
            measured.update(served())
            measured["query"] = word
            result["queries"].append(measured)
        finally:
            tools.close()
    result["index_bytes"] = folder_bytes(options.site, lambda path: path.startswith("pagefind/"))
    return result


def scrubber(options, base):
    tools = page(options, base + "index.html")
    try:
        return tools.evaluate("""(async () => {
            const wait = (predicate) => new Promise((resolve) => { const check = () => (predicate() ? resolve() : setTimeout(check, 1)); check(); });
            await wait(() => document.querySelector('.scrubber:not([hidden])'));
            const rail = document.querySelector('.scrubber'), grid = document.querySelector('.grid');
            const times = [];
            // A tap on the rail at each of `jumps` places, from the top down: timed from the tap
            // to the grid drawn where it landed (its data files in, the frame after).
            const box = rail.getBoundingClientRect();
            const tap = (fraction) => {
              const y = box.top + 22 + fraction * (box.height - 44);
              for (const type of ['pointerdown', 'pointerup']) {
                rail.dispatchEvent(new PointerEvent(type, { pointerId: 1, pointerType: 'touch', isPrimary: true, clientX: box.left + 20, clientY: y,
                                                           button: 0, buttons: type === 'pointerdown' ? 1 : 0, bubbles: true, cancelable: true }));
              }
            };
            const inView = () => [...grid.querySelectorAll('.cell')].some((cell) => { const r = cell.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
            for (let j = 1; j <= %d; j++) {
              const start = performance.now();
              tap(j / %d);
              await new Promise((resolve) => requestAnimationFrame(resolve));
              await wait(() => grid.getAttribute('aria-busy') !== 'true' && inView());
              await new Promise((resolve) => requestAnimationFrame(resolve));
              times.push(performance.now() - start);
            }
            const sorted = [...times].sort((a, b) => a - b);
            return { jumps: times.length, median_ms: sorted[Math.floor(sorted.length / 2)], max_ms: sorted[sorted.length - 1] };
        })()""" % (options.jumps, options.jumps))
    finally:
        tools.close()


def map_page(options, base):
    """map.html from navigation to its first clusters drawn: the moment the map says so
    (`data-drawn`), noted by an observer put in before the page's scripts (the page's load
    event can wait much longer, for tiles)."""
    tools = page(options, "about:blank")
    try:
        tools.send("Page.addScriptToEvaluateOnNewDocument", {"source": """
            new MutationObserver((changes, observer) => {
              if (!document.querySelector('.map[data-drawn="true"]')) return;
              window.__drawnAt = performance.now();
              observer.disconnect();
            }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });"""})
        tools.send("Page.navigate", {"url": base + "map.html"})
        tools.wait_event("Page.domContentEventFired")
        return tools.evaluate("""new Promise((resolve) => { const check = () => { const map = document.querySelector('.map');
            if (window.__drawnAt !== undefined) resolve({ points: Number(map.dataset.count), drawn_ms: window.__drawnAt,
              clusters: map.querySelectorAll('.map-cluster').length, dots: map.querySelectorAll('.map-photo').length,
              elements: document.getElementsByTagName('*').length });
            else requestAnimationFrame(check); }; check(); })""")
    finally:
        tools.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["search", "pagefind", "scrubber", "map"])
    parser.add_argument("site")
    parser.add_argument("words", nargs="*")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--scale", type=float, default=1)
    parser.add_argument("--cpu", type=float, default=1, help="CPU slowdown (4: the throttled phone)")
    parser.add_argument("--jumps", type=int, default=20)
    options = parser.parse_args()
    server, base = serve(options.site)
    try:
        if options.what == "pagefind":
            print(json.dumps(pagefind(options, base)))
            return
        if options.what == "scrubber":
            print(json.dumps(scrubber(options, base)))
            return
        if options.what == "map":
            print(json.dumps(map_page(options, base)))
            return
    finally:
        if options.what != "search":
            server.shutdown()

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
    for word in options.words:
        tools = page(options, base + "search.html")
        try:
            # The page has searched for nothing once its index is in.
            tools.evaluate("""new Promise((resolve) => { const check = () => { const g = document.querySelector('.grid[data-search]');
                if (g.dataset.query === '' && g.getAttribute('aria-busy') !== 'true') resolve(true); else requestAnimationFrame(check); }; check(); })""")
            text = json.dumps(word)
            reset()
            measured = tools.evaluate("""new Promise((resolve, reject) => {
                const grid = document.querySelector('.grid[data-search]'), input = document.querySelector('.search-box input');
                const before = performance.getEntriesByType('resource').length;
                const start = performance.now();
                input.value = %s;
                input.dispatchEvent(new Event('input', { bubbles: true }));
                // Seen as the grid's attributes change (a timer's poll is clamped to 4 ms and
                // put behind the page's loads: it measured up to 80 ms late on the throttled
                // phone), then the frame that paints it.
                let done = false;
                const check = () => {
                  if (done || grid.dataset.query !== input.value || grid.getAttribute('aria-busy') === 'true') return;
                  done = true;
                  watcher.disconnect();
                  clearTimeout(timeout);
                  requestAnimationFrame(() => {
                    const ms = performance.now() - start;
                    resolve({ ms, found: Number(grid.dataset.found), drawn: grid.querySelectorAll('.cell').length, ...(%s)(before) });
                  });
                };
                const watcher = new MutationObserver(check);
                watcher.observe(grid, { attributes: true, attributeFilter: ['aria-busy', 'data-query'] });
                const timeout = setTimeout(() => { watcher.disconnect(); reject(new Error('no results in 60 s')); }, 60000);
                check();
            })""" % (text, FETCHED))
            # The server's count, as for Pagefind (the page's own is alike: the same files).
            measured.update(served())
            measured["query"] = word
            result["queries"].append(measured)
        finally:
            tools.close()
    server.shutdown()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
