"""A headless Chromium driven over the DevTools protocol, with the standard library only: a
minimal WebSocket client (RFC 6455: text frames, client-masked), Runtime.evaluate, the mouse
(Input.dispatchMouseEvent, which the page receives as pointer and mouse events, as from a real
mouse), the viewport and screenshots."""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class ProtocolError(RuntimeError):
    """An error answer of the DevTools protocol to a call."""

    def __init__(self, method, error):
        super().__init__("%s: %s" % (method, error))
        self.message = error.get("message", "")


# What Runtime.evaluate answers while a navigation replaces the page (a link followed, say):
# the expression found no page to run in, and wait_for asks again.
NAVIGATING = ("Inspected target navigated or closed", "Execution context was destroyed",
              "Cannot find context with specified id")


class WebSocket:
    def __init__(self, url, timeout):
        assert url.startswith("ws://")
        host_port, path = url[5:].split("/", 1)
        host, port = host_port.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n" % (path, host_port, key)).encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("DevTools closed the connection during the handshake")
            response += chunk
        head, self.pending = response.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError("DevTools refused the WebSocket: %r" % head[:200])

    def _read(self, n):
        while len(self.pending) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            self.pending += chunk
        out, self.pending = self.pending[:n], self.pending[n:]
        return out

    def send(self, text):
        payload = text.encode()
        n = len(payload)
        header = bytes([0x81])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            opcode = first & 0x0F
            if opcode == 8:
                raise ConnectionError("DevTools closed the WebSocket")
            if opcode in (0, 1, 2):
                message += payload
                if first & 0x80:
                    return message.decode()


class Browser:
    """A headless Chromium with one page, closed by close()."""

    def __init__(self, chromium, timeout=20):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="damatb-chromium-")
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
             "--window-size=1100,800", "--remote-debugging-port=0",
             "--user-data-dir=" + self.profile, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port = self._devtools_port()
        deadline = time.monotonic() + timeout
        while True:
            with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=timeout) as r:
                pages = [t for t in json.load(r) if t.get("type") == "page"]
            if pages or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        self.ws = WebSocket(pages[0]["webSocketDebuggerUrl"], timeout)
        self.next_id = 0

    def _devtools_port(self):
        path = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("chromium exited with %d" % self.process.returncode)
            try:
                with open(path) as f:
                    first = f.readline().strip()
                if first:
                    return int(first)
            except FileNotFoundError:
                pass
            time.sleep(0.05)
        raise RuntimeError("chromium did not open its DevTools port")

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise ProtocolError(method, message["error"])
                return message["result"]

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError("JavaScript failed: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def wait_for(self, expression, what, seconds=10):
        """Waits until the expression is truthy; returns its value. A page being replaced by a
        navigation meanwhile is waited for too."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except ProtocolError as e:
                if not e.message.startswith(NAVIGATING):
                    raise
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError("the page never showed " + what)

    def open(self, url, ready="true"):
        """Navigates to url and waits until the new page has loaded and `ready` holds."""
        self.evaluate("window.__leaving = true")
        self.call("Page.navigate", url=url)
        self.wait_for("!window.__leaving && document.readyState === 'complete' && (%s)" % ready,
                      "the page " + url)

    def mouse(self, kind, x, y, buttons=0):
        """A mouse event at viewport point (x, y): kind mousePressed, mouseMoved or mouseReleased,
        with the left button; buttons=1 while it is held."""
        button = "left" if kind != "mouseMoved" or buttons else "none"
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button=button, buttons=buttons,
                  clickCount=0 if kind == "mouseMoved" else 1)

    def click(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, buttons=1)
        self.mouse("mouseReleased", x, y)

    def drag(self, start, end, steps=6, before_release=None):
        """Presses the left button at start, moves to end in steps and releases it there;
        before_release() is called with the button still down at end."""
        self.mouse("mouseMoved", *start)
        self.mouse("mousePressed", *start, buttons=1)
        for k in range(1, steps + 1):
            self.mouse("mouseMoved", start[0] + (end[0] - start[0]) * k / steps,
                       start[1] + (end[1] - start[1]) * k / steps, buttons=1)
        value = before_release() if before_release else None
        self.mouse("mouseReleased", *end)
        return value

    def viewport(self, width, height, scale=1):
        """The page's viewport in CSS pixels, with `scale` device pixels to one (2: a 2x zoom)."""
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=scale, mobile=False)

    def screenshot(self, path):
        """Writes a PNG of the viewport to path."""
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
