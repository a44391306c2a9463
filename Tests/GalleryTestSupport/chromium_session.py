#!/usr/bin/env python3
"""A headless Chromium that a test drives line by line, over the DevTools protocol on a pipe
(--remote-debugging-pipe: nothing but the standard library). Commands, one JSON object per line
on stdin, each answered by one JSON line on stdout:
  {"open": URL, "width": W, "height": H, "scale": S, "mobile": M}
                                          -> {"ok": true} once the page has loaded (its load event)
  {"eval": EXPRESSION}                    -> {"value": ...} (promises awaited) or {"error": ...}
  {"screenshot": PATH}                    -> {"ok": true} once the viewport is written there as PNG
  {"responses": TEXT, "count": N, "timeout": T}
                                          -> {"value": N} once N more answers to requests whose
                                             URL contains TEXT have arrived (counted from this
                                             command on), else {"error": ...} after T seconds
  {"quit": true}                          -> the browser closes
Arguments to this script are added to Chromium's command line.
This is the tests' one way to drive Chromium (GalleryTestSupport's ChromiumSession); its
DevTools class is also bench/page_metrics.py's."""
import base64
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time


class DevTools:
    def __init__(self, width=None, height=None, arguments=()):
        self.profile = tempfile.mkdtemp(prefix="chromium-session-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def child_fds():
            # Chromium reads commands on fd 3 and writes answers on fd 4.
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        chromium = shutil.which("chromium") or "/usr/bin/chromium"
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
             "--no-first-run", "--disable-extensions", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}"]
            + ([f"--window-size={width},{height}"] if width and height else []) + list(arguments) + ["about:blank"],
            preexec_fn=child_fds, pass_fds=(3, 4, to_browser_read, from_browser_write),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=None, timeout=120):
        """Sends a command (to `session`, else to the page `open` opened) and returns its result."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        session = session or self.session
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def read(self, deadline=None):
        """The browser's next message; TimeoutError if none came by `deadline` (time.time())."""
        while b"\0" not in self.buffer:
            wait = None if deadline is None else max(0, deadline - time.time())
            if not select.select([self.from_browser], [], [], wait)[0]:
                raise TimeoutError("chromium sent nothing")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_event(self, method, session=None, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method and (session is None or event.get("sessionId") == session):
                    del self.events[index]
                    return event
            self.events.append(self.read(deadline))
        raise TimeoutError(method)

    def drain(self):
        """Reads every message the browser has already sent, without waiting for more."""
        while select.select([self.from_browser], [], [], 0)[0]:
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                break
            self.buffer += chunk
        while b"\0" in self.buffer:
            message, self.buffer = self.buffer.split(b"\0", 1)
            self.events.append(json.loads(message))

    def open(self, url, width, height, scale=1, mobile=False):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})
        if mobile:
            self.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Network.enable")
        self.events.clear()
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def resize(self, width, height, scale=1, mobile=False):
        """Gives the open page a viewport of another size (as a window resized or a phone
        turned); returns once the page has had its resize event."""
        self.evaluate("window.__galleryResized = new Promise(r => addEventListener('resize', () => r(true), { once: true })); true")
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})
        self.evaluate("window.__galleryResized")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:500])
        return result["result"].get("value")

    def responses(self, text, count, timeout):
        """Waits for `count` answers to requests whose URL contains `text`, counting only those
        the browser reports after this call: what it had already sent is read and dropped first."""
        self.drain()
        self.events = [e for e in self.events if e.get("method") != "Network.responseReceived"]
        seen = 0
        deadline = time.time() + timeout
        while seen < count:
            if time.time() > deadline:
                raise TimeoutError(f"{seen} of {count} answers to {text} within {timeout} s")
            event = self.wait_event("Network.responseReceived", timeout=max(0.1, deadline - time.time()))
            if text in event["params"]["response"]["url"]:
                seen += 1
        return seen

    def touch(self, frames, interval, down=True, up=True):
        """Real touch input: each frame is the fingers down at one moment ([x, y] each, the
        same finger at the same place in the list); an empty frame lifts them, and the next
        puts them down again (a double tap is [[p], [], [p]]). The first frame puts them down
        (unless `down` is false: they are down already); after the last they are lifted
        (unless `up` is false: they stay down, and the test can look mid-gesture). Events are
        stamped `interval` s apart, so a gesture's speed is the test's, not the machine's; each
        is delivered to the page before the next is sent."""
        start = time.time()
        lifted = down
        events = []
        for points in frames:
            if not points:
                events.append(("touchEnd", []))
                lifted = True
            else:
                events.append(("touchStart" if lifted else "touchMove", points))
                lifted = False
        if up and not lifted:
            events.append(("touchEnd", []))
        for n, (kind, points) in enumerate(events):
            touches = [{"x": p[0], "y": p[1], "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, p in enumerate(points)]
            self.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches, "timestamp": start + n * interval})

    def screenshot(self, path):
        """The viewport as PNG, once the page's fonts and images are in and a frame is drawn."""
        self.evaluate("""(async () => {
          await document.fonts.ready;
          await Promise.all([...document.images].filter(i => !i.complete && i.loading !== 'lazy')
            .map(i => new Promise(r => { i.addEventListener('load', r); i.addEventListener('error', r); })));
          await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
        })()""")
        shot = self.send("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))

    def close(self):
        # Asked to close, Chromium removes the singleton folder it made in /tmp
        # (org.chromium.Chromium.*); killed, it leaves one behind for every session.
        try:
            self.session = None  # a browser's command, not a page's
            self.send("Browser.close", timeout=5)
        except Exception:
            pass  # a browser that crashed or hangs is killed below
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    # Stopped by the test (SIGTERM), still close the browser and remove its folders.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    tools = DevTools(arguments=sys.argv[1:])
    try:
        for line in sys.stdin:
            command = json.loads(line)
            try:
                if "quit" in command:
                    break
                if "open" in command:
                    tools.open(command["open"], command.get("width", 1024), command.get("height", 768),
                               command.get("scale", 1), command.get("mobile", False))
                    answer = {"ok": True}
                elif "resize" in command:
                    tools.resize(command["resize"], command.get("height", 768), command.get("scale", 1), command.get("mobile", False))
                    answer = {"ok": True}
                elif "screenshot" in command:
                    tools.screenshot(command["screenshot"])
                    answer = {"ok": True}
                elif "touch" in command:
                    tools.touch(command["touch"], command.get("interval", 0.016), command.get("down", True), command.get("up", True))
                    answer = {"ok": True}
                elif "responses" in command:
                    answer = {"value": tools.responses(command["responses"], command.get("count", 1), command.get("timeout", 60))}
                else:
                    answer = {"value": tools.evaluate(command["eval"])}
            except Exception as error:  # the test reads the reason
                answer = {"error": str(error)}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        tools.close()


if __name__ == "__main__":
    main()
