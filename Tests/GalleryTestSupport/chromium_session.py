#!/usr/bin/env python3
"""A headless Chromium that a test drives line by line, over the DevTools protocol on a pipe
(--remote-debugging-pipe: nothing but the standard library). Commands, one JSON object per line
on stdin, each answered by one JSON line on stdout:
  {"open": URL, "width": W, "height": H}  -> {"ok": true} once the page has loaded
  {"eval": EXPRESSION}                    -> {"value": ...} (promises awaited) or {"error": ...}
  {"screenshot": PATH}                    -> {"ok": true} once the viewport is written there as PNG
  {"quit": true}                          -> the browser closes
Used by tests that must act on files while a page stays open (the live preview); its DevTools
class is also bench/page_metrics.py's."""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


class DevTools:
    def __init__(self, width=None, height=None):
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
            + ([f"--window-size={width},{height}"] if width and height else []) + ["about:blank"],
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

    def wait_event(self, method, session=None, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method and (session is None or event.get("sessionId") == session):
                    del self.events[index]
                    return event
            self.events.append(self.read())
        raise TimeoutError(method)

    def open(self, url, width, height):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.events.clear()
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:500])
        return result["result"].get("value")

    def close(self):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    tools = DevTools()
    try:
        for line in sys.stdin:
            command = json.loads(line)
            try:
                if "quit" in command:
                    break
                if "open" in command:
                    tools.open(command["open"], command.get("width", 1024), command.get("height", 768))
                    answer = {"ok": True}
                elif "screenshot" in command:
                    shot = tools.send("Page.captureScreenshot", {"format": "png"})
                    with open(command["screenshot"], "wb") as file:
                        file.write(base64.b64decode(shot["data"]))
                    answer = {"ok": True}
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
