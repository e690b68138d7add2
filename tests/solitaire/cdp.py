"""Driving headless Chromium through the DevTools protocol, standard library only.

Chromium's ``--remote-debugging-pipe`` speaks the protocol over two pipes, file
descriptors 3 (it reads) and 4 (it writes), one JSON message per NUL-terminated chunk:
no websocket client, no driver binary, no package beyond Chromium itself. Only what the
browser tests need: open a page, evaluate script, click with real mouse events, move the
pointer, take screenshots.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any


class ProtocolError(Exception):
    """An error answer from the browser, or no answer in time."""


class Chromium:
    """A headless Chromium with one page, driven over the pipe."""

    def __init__(self, binary: str, profile: Path, width: int = 1280, height: int = 800):
        to_browser, self._write_end = os.pipe()
        self._read_end, from_browser = os.pipe()

        def wire_up() -> None:  # in the child: the pipes become fds 3 and 4
            # Duplicated above 10 first, so dup2 always makes a new, inheritable fd.
            reads = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10)
            writes = fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
            os.dup2(reads, 3)
            os.dup2(writes, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--disable-extensions", "--hide-scrollbars",
             f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire_up, close_fds=False)  # our own fds are close-on-exec anyway
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=self.session)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
                  session=self.session)

    # -------------------------------------------------------------------- the protocol

    def call(self, method: str, params: dict[str, Any] | None = None, *,
             session: str | None = None, timeout: float = 60.0) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method,
                                   "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._write_end, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise ProtocolError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError("no answer from the browser in time")
            ready, _, _ = select.select([self._read_end], [], [], left)
            if ready:
                chunk = os.read(self._read_end, 1 << 16)
                if not chunk:
                    raise ProtocolError("the browser closed the pipe")
                self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    # ------------------------------------------------------------------------ the page

    def open(self, url: str, timeout: float = 60.0) -> None:
        self.events.clear()
        self.call("Page.navigate", {"url": url}, session=self.session)
        self.wait_for("document.readyState === 'complete'", timeout)

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, session=self.session)
        if "exceptionDetails" in result:
            raise ProtocolError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 60.0) -> Any:
        """Evaluate ``expression`` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise ProtocolError(f"still false after {timeout} s: {expression}")
            time.sleep(0.05)

    def centre(self, selector: str) -> tuple[float, float]:
        box = self.evaluate(
            f"(() => {{ const el = document.querySelector({json.dumps(selector)});"
            " el.scrollIntoView({block: 'center', inline: 'center'});"
            " const r = el.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        return float(box[0]), float(box[1])

    def point(self, selector: str) -> None:
        x, y = self.centre(selector)
        self._mouse("mouseMoved", x, y)

    def click(self, selector: str) -> None:
        """A real click (press and release of the left button) on the element's centre."""
        x, y = self.centre(selector)
        self._mouse("mouseMoved", x, y)
        self._mouse("mousePressed", x, y, button="left", clickCount=1)
        self._mouse("mouseReleased", x, y, button="left", clickCount=1)

    def _mouse(self, kind: str, x: float, y: float, **extra: Any) -> None:
        self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, **extra},
                  session=self.session)

    def screenshot(self, path: Path) -> None:
        self.evaluate("window.scrollTo(0, 0)")
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=self.session)
        path.write_bytes(base64.b64decode(data["data"]))

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=10)
        except (ProtocolError, OSError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._write_end)
        os.close(self._read_end)
