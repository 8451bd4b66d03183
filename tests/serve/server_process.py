"""A `damatb serve` started for a test: tables generated into a temporary folder, the server on
a free loopback port (--port 0, read from its first log line), stopped at the end."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time


class Server:
    def __init__(self, damatb, pieces=3, threads=2, tables=None, rules=(), args=()):
        """Serves the tables of folder `tables`, or of up to `pieces` pieces generated for it,
        under the ruleset options `rules` (e.g. ["--king-move-limit", "8"]), with the options
        `args` of `serve` added."""
        self.damatb = damatb
        self.work = tempfile.mkdtemp(prefix="damatb-serve-")
        self.tables = tables or os.path.join(self.work, "tables")
        if not tables:
            subprocess.run([damatb, "generate", "--pieces", str(pieces), "--out", self.tables, *rules],
                           check=True, stdout=subprocess.DEVNULL, timeout=120)
        self.log_path = os.path.join(self.work, "serve.log")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [damatb, "serve", "--tables", self.tables, "--port", "0", "--threads", str(threads), *rules, *args],
            stdout=subprocess.DEVNULL, stderr=self.log)
        self.port = self._wait_for_port(10)
        self.base = "http://127.0.0.1:%d" % self.port

    def _wait_for_port(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("damatb serve exited with %d: %s" % (self.process.returncode, self.log_text()))
            m = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", self.log_text())
            if m:
                return int(m.group(1))
            time.sleep(0.02)
        raise RuntimeError("damatb serve did not say where it listens: " + self.log_text())

    def log_text(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def tool(self, *args):
        """The tool's standard output for args, with --tables added."""
        return subprocess.run([self.damatb, *args, "--tables", self.tables], check=True,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60).stdout

    def stop(self, sig=signal.SIGTERM, seconds=10):
        """Sends sig and returns the exit code (None when it did not exit in time: killed)."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            return self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None

    def close(self):
        self.stop(signal.SIGKILL)
        self.log.close()
        shutil.rmtree(self.work, ignore_errors=True)
