#!/usr/bin/env python3
"""A private album's first screen against the same album public (issue 39), on the throttled
phone of phone_metrics.py (390x844 at 3x, CPU 4x slower, 1.6 Mbit/s down, 150 ms round trip,
nothing cached), in headless Chromium over the DevTools protocol, each site served over HTTP
on 127.0.0.1 as a static host serves it.

    private_metrics.py PUBLIC_SITE PUBLIC_PAGE PRIVATE_SITE PRIVATE_PAGE PASSWORD [--runs 3]

public: from the navigation to the album page until every image of its first screen is in
(the document's time origin to that moment). private: from the password's submit on the
album's password page (loaded, its service worker registered: a visitor is typing meanwhile)
until the same, in the album's own page the service worker opens: the key unwrapped
(PBKDF2, 600,000 iterations), handed to the worker, every file fetched sealed (the worker's
requests throttled like the page's) and opened.
Each run in a fresh browser (no worker, no kept key); runs alternate. Prints one JSON object
with each side's median and runs, and the difference of the medians.
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "GalleryTestSupport"))
from chromium_session import DevTools  # noqa: E402
from phone_metrics import FIRST_SCREEN, SLOW_4G, serve, throttled_phone, wait_for  # noqa: E402

# FIRST_SCREEN's images in, and when (ms of the browser's wall clock, comparable across documents).
FIRST_SCREEN_AT = "(async () => { const seen = await " + FIRST_SCREEN.strip() + "; return { ...seen, at: performance.timeOrigin + performance.now(), sinceNavigation: performance.now() }; })()"


def throttled_browser():
    tools = DevTools()
    # Service workers are targets of their own: attached as they start, so that their fetches
    # (every file of a private album) go over the same slow line as the page's.
    tools.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True,
                                        "filter": [{"type": "service_worker", "exclude": False}, {"exclude": True}]})
    throttled_phone(tools)
    return tools


def throttle_worker(tools):
    """The slow line and no cache for the service worker the page registered (attached as it started)."""
    tools.drain()
    event = tools.wait_event("Target.attachedToTarget", timeout=30)
    info = event["params"]["targetInfo"]
    if info["type"] != "service_worker":
        raise RuntimeError(f"attached to a {info['type']}, not the service worker")
    worker = event["params"]["sessionId"]
    tools.send("Network.enable", session=worker)
    tools.send("Network.setCacheDisabled", {"cacheDisabled": True}, session=worker)
    tools.send("Network.emulateNetworkConditions", SLOW_4G, session=worker)
    return info["url"]


def public_once(url):
    tools = throttled_browser()
    try:
        tools.events.clear()
        tools.send("Page.navigate", {"url": url})
        tools.wait_event("Page.loadEventFired", timeout=120)
        seen = tools.evaluate(FIRST_SCREEN_AT)
        return {"ms": round(seen["sinceNavigation"]), "images": seen["images"]}
    finally:
        tools.close()


def private_once(url, password):
    tools = throttled_browser()
    try:
        tools.events.clear()
        tools.send("Page.navigate", {"url": url})
        tools.wait_event("Page.loadEventFired", timeout=120)
        wait_for(tools, "document.querySelector('form.private-form')", "the password form", timeout=60)
        tools.evaluate("navigator.serviceWorker.ready.then(() => true)")
        throttle_worker(tools)
        tools.events.clear()
        start = tools.evaluate(f"""(() => {{
          const form = document.querySelector('form.private-form');
          form.elements.password.value = {json.dumps(password)};
          const at = performance.timeOrigin + performance.now();
          form.requestSubmit();
          return at;
        }})()""")
        # The album's own page (private/TOKEN/index.html) loaded through the worker.
        tools.wait_event("Page.loadEventFired", timeout=180)
        wait_for(tools, "location.pathname.includes('/private/') && document.querySelector('.grid .cell')", "the album opened", timeout=120)
        seen = tools.evaluate(FIRST_SCREEN_AT)
        return {"ms": round(seen["at"] - start), "images": seen["images"]}
    finally:
        tools.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("public_site")
    parser.add_argument("public_page")
    parser.add_argument("private_site")
    parser.add_argument("private_page")
    parser.add_argument("password")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    public_server, public_root = serve(options.public_site)
    private_server, private_root = serve(options.private_site)
    public, private = [], []
    try:
        for _ in range(options.runs):
            public.append(public_once(public_root + options.public_page))
            private.append(private_once(private_root + options.private_page, options.password))
    finally:
        public_server.shutdown()
        private_server.shutdown()
    public_ms = statistics.median(r["ms"] for r in public)
    private_ms = statistics.median(r["ms"] for r in private)
    print(json.dumps({"public_ms": public_ms, "private_ms": private_ms, "more_ms": private_ms - public_ms,
                      "public_runs": [r["ms"] for r in public], "private_runs": [r["ms"] for r in private],
                      "images": [r["images"] for r in public + private]}))


if __name__ == "__main__":
    main()
