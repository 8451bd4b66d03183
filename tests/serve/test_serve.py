"""`damatb serve`: the API's answers against the tool's, every error status, malformed
requests over raw sockets, and a clean stop on SIGTERM.
Usage: test_serve.py PATH/TO/damatb"""
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.parse

from server_process import Server

TIMEOUT = 5  # seconds, for every connection and read
failures = []
passes = 0


def check(name, expected, actual):
    global passes
    if expected == actual:
        passes += 1
    else:
        failures.append(name)
        print("FAIL %s\n--- expected\n%r\n--- actual\n%r" % (name, expected, actual))


def get(server, target, method="GET", headers=None, body=None):
    """(status, headers as a dict with lower-case names, body bytes) of one request."""
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
    try:
        c.request(method, target, body=body, headers=headers or {})
        r = c.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        c.close()


def query(fen, counter=None):
    q = {"fen": fen}
    if counter is not None:
        q["counter"] = counter
    return urllib.parse.urlencode(q)


def raw(server, data, close_early=False):
    """What the server answers to the bytes `data` sent on a connection of their own (until it
    closes the connection or TIMEOUT); with close_early, closes without reading."""
    s = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT)
    try:
        s.sendall(data)
        if close_early:
            return b""
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except (socket.timeout, ConnectionResetError):
                break
            if not chunk:
                break
            out += chunk
        return out
    finally:
        s.close()


def status_of(response):
    parts = response.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def still_answers(server, name):
    status, _, body = get(server, "/api/v1/probe?" + query("W:Wc2,Kf2:BKh8"))
    check(name + ": the server still answers", (200, "win"), (status, json.loads(body)["result"]))


def test_answers(server):
    # Wins, draws, losses, a capture to make, a king-move counter, a game already over.
    positions = [("W:Wc2,Kf2:BKh8", None), ("B:Wc2,Kf7:BKh8", None), ("W:Wb2,Kf2:BKh8", None),
                 ("W:Wc6:Bc7,Kd8", None), ("B:Wc6:Bc7,Kd8", "3"), ("W:Wc2,Kf2:BKh8", "30"),
                 ("W:WKa1:Bd5", None), ("W:WKa1:BKh8", "12"), ("B:WKd4:Bc5", None)]
    for fen, counter in positions:
        args = ["--counter", counter] if counter else []
        expected = server.tool("probe", "--json", *args, fen)
        status, headers, body = get(server, "/api/v1/probe?" + query(fen, counter))
        check("probe %s %s: status" % (fen, counter), 200, status)
        check("probe %s %s: the body of probe --json" % (fen, counter), expected, body)
        check("probe %s: cached" % fen, "public, max-age=86400", headers.get("cache-control"))
        check("probe %s: CORS" % fen, "*", headers.get("access-control-allow-origin"))
        check("probe %s: JSON" % fen, "application/json", headers.get("content-type"))
        expected = server.tool("line", "--json", *args, fen)
        status, headers, body = get(server, "/api/v1/line?" + query(fen, counter))
        check("line %s %s: the body of line --json" % (fen, counter), (200, expected), (status, body))
    # The API's order is the tool's, best first: a win before draws before losses.
    _, _, body = get(server, "/api/v1/probe?" + query("W:Wc2,Kf2:BKh8"))
    results = [m["result"] for m in json.loads(body)["moves"]]
    check("moves best first", sorted(results, key=["win", "draw", "loss"].index), results)
    # The side to move in lower case, as the pieces may be: the same answer as in upper case.
    for fen in ("w:Wc2,Kf2:BKh8", "w:wc2,kf2:bkh8"):
        status, _, body = get(server, "/api/v1/probe?" + query(fen))
        check("lower case %s: the answer of W:Wc2,Kf2:BKh8" % fen, (200, server.tool("probe", "--json", "W:Wc2,Kf2:BKh8")),
              (status, body))
    status, _, body = get(server, "/api/v1/line?" + query("b:Wc2,Kf7:BKh8"))
    check("lower case in line", (200, "B:Wc2,Kf7:BKh8"), (status, json.loads(body)["fen"]))
    # '+' is a space, and a FEN with spaces is read as the tool reads it.
    status, _, body = get(server, "/api/v1/probe?fen=W:Wc2,+Kf2:BKh8")
    check("'+' decodes to a space", (200, "W:Wc2,Kf2:BKh8"), (status, json.loads(body)["fen"]))
    status, headers, body = get(server, "/api/v1/info")
    info = json.loads(body)
    check("info: ruleset", (200, "end-of-move.king-wins.32"), (status, info["ruleset"]["name"]))
    check("info: classes", (9, 16), (info["totals"]["classes"], info["totals"]["tables"]))
    kvk = info["classes"][0]["tables"][0]
    check("info: statistics", ("KvK", 630, 105, 525), (kvk["table"], kvk["positions"],
          kvk["stats"]["counts"]["win"], kvk["stats"]["counts"]["draw"]))
    status, headers, body = get(server, "/")
    check("page", (200, "text/html; charset=utf-8", True),
          (status, headers.get("content-type"), b"<svg" in body))
    for asset in ("/explorer.js", "/explorer.css"):
        check("page asset " + asset, 200, get(server, asset)[0])
    status, headers, body = get(server, "/api/v1/info", method="HEAD")
    check("HEAD: headers, no body", (200, True, b""), (status, int(headers["content-length"]) > 0, body))
    # Keep-alive: three requests on one connection.
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
    statuses = []
    for fen in ("W:Wc2,Kf2:BKh8", "W:Wz9", "W:Wc6:Bc7,Kd8"):
        c.request("GET", "/api/v1/probe?" + query(fen))
        r = c.getresponse()
        r.read()
        statuses.append(r.status)
    c.close()
    check("keep-alive", [200, 400, 200], statuses)


def test_errors(server):
    cases = [
        ("bad FEN", "/api/v1/probe?" + query("W:Wz9:Bb7"), 400, "FEN token 'z9': unknown square"),
        ("bad FEN in line", "/api/v1/line?" + query("X:Wa2:Bb7"), 400, None),
        ("missing fen", "/api/v1/probe", 400, "missing parameter 'fen'"),
        ("counter not a number", "/api/v1/probe?" + query("W:Wc2:Bd7", "x1"), 400, "counter 'x1' is not a whole number"),
        ("counter out of range", "/api/v1/probe?" + query("W:Wc2:Bd7", "32"), 400,
         "counter 32 is out of range: 0 to 31 under king-move limit 32"),
        ("negative counter", "/api/v1/probe?" + query("W:Wc2:Bd7", "-1"), 400, None),
        ("unknown parameter", "/api/v1/probe?fen=W:Wc2:Bd7&depth=3", 400, None),
        ("parameter twice", "/api/v1/probe?fen=W:Wc2:Bd7&fen=W:Wc3:Bd7", 400, None),
        ("bad percent-encoding", "/api/v1/probe?fen=W%3AWc2%2", 400, None),
        ("not UTF-8", "/api/v1/probe?fen=W%3AW%ff", 400, None),
        ("side already beaten", "/api/v1/probe?" + query("W:WKa1:B"), 400, None),
        ("class missing", "/api/v1/probe?" + query("W:Wc2,c3:Bd7,d6"), 404, None),
        ("class missing in line", "/api/v1/line?" + query("W:Wc2,c3:Bd7,d6"), 404, None),
        ("unknown path", "/api/v2/probe", 404, "no such path: '/api/v2/probe'"),
        # Long input is cut in the message: its first 60 characters, "...", its length.
        ("long bad FEN", "/api/v1/probe?" + query("X" * 8000), 400,
         "FEN token '%s...' (8000 characters): the side to move must be W or B" % ("X" * 60)),
        ("long bad square", "/api/v1/line?" + query("W:Wa2," + "a" * 7000 + ":Bb7"), 400,
         "FEN token '%s...' (7000 characters): unknown square" % ("a" * 60)),
        ("long counter", "/api/v1/probe?" + query("W:Wc2:Bd7", "x" * 5000), 400,
         "counter '%s...' (5000 characters) is not a whole number" % ("x" * 60)),
        ("long parameter name", "/api/v1/probe?fen=W:Wc2:Bd7&" + "p" * 3000 + "=1", 400,
         "unknown parameter '%s...' (3000 characters) (/api/v1/probe takes fen, counter)" % ("p" * 60)),
        ("long path", "/" + "q" * 7999, 404, "no such path: '/%s...' (8000 characters)" % ("q" * 59)),
        ("unknown path at the top", "/index.php", 404, None),
    ]
    for name, target, status, message in cases:
        got, headers, body = get(server, target)
        answer = json.loads(body)
        check(name + ": status", status, got)
        check(name + ": an error object", ["error"], list(answer))
        if message:
            check(name + ": message", message, answer["error"])
        check(name + ": never cached", "no-store", headers.get("cache-control"))
        check(name + ": CORS", "*", headers.get("access-control-allow-origin"))
    check("missing class names it", True,
          "class MMvMM is missing" in json.loads(get(server, "/api/v1/probe?" + query("W:Wc2,c3:Bd7,d6"))[2])["error"])
    for method in ("POST", "PUT", "DELETE", "OPTIONS"):
        status, headers, body = get(server, "/api/v1/probe?" + query("W:Wc2:Bd7"), method=method, body=b"" if method in ("POST", "PUT") else None)
        check(method + ": 405", (405, "GET, HEAD", True), (status, headers.get("allow"), "error" in json.loads(body)))
    response = raw(server, b"M" * 5000 + b" /api/v1/info HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    check("long method: 405, cut", (405, "method '%s...' (5000 characters) is not allowed: only GET and HEAD" % ("M" * 60)),
          (status_of(response), json.loads(response.split(b"\r\n\r\n", 1)[1])["error"]))
    status, _, body = get(server, "/api/v1/probe?fen=" + "a" * 10000)
    check("target over 8 KiB: 413", (413, True), (status, "error" in json.loads(body)))
    status, _, body = get(server, "/api/v1/info", headers={"X-Filler": "a" * 20000})
    check("header fields over 16 KiB: 431", (431, True), (status, "error" in json.loads(body)))
    status, _, body = get(server, "/api/v1/info", method="GET", body=b"x" * 20000)
    check("body over 8 KiB: 413", 413, status)


def test_stats(server, source="generator"):
    """/api/v1/stats answers from the generator's .stats files (or, for files without DTZ counts,
    counts every position again, source "probe"): it must find what the generator found."""
    _, _, body = get(server, "/api/v1/info")
    info = json.loads(body)
    listed_at_most = 1 if source == "generator" else 5  # the longest wins (losses) of a table
    for c in info["classes"]:
        status, headers, body = get(server, "/api/v1/stats?class=" + c["class"])
        census = json.loads(body)
        check("stats %s: status, cached" % c["class"], (200, "public, max-age=86400"),
              (status, headers.get("cache-control")))
        check("stats %s: from the %s" % (c["class"], source), source, census["source"])
        check("stats %s: its tables" % c["class"], [t["table"] for t in c["tables"]],
              [t["table"] for t in census["tables"]])
        for t, generated in zip(census["tables"], c["tables"]):
            stats = generated["stats"]
            name = "stats " + t["table"]
            check(name + ": positions", generated["positions"], t["positions"])
            check(name + ": the counts of the .stats file", stats["counts"], t["counts"])
            check(name + ": the wins and losses by DTZ add up", (t["counts"]["win"], t["counts"]["loss"]),
                  (sum(t["win_dtz"]), sum(t["loss_dtz"])))
            for kind, longest in (("win", stats["longest_win"]), ("loss", stats["longest_loss"])):
                listed = t["longest_wins" if kind == "win" else "longest_losses"]
                by_dtz = t[kind + "_dtz"]
                check(name + ": the longest %s's DTZ" % kind, longest["dtz"] if longest else None,
                      len(by_dtz) - 1 if by_dtz else None)
                dtzs = [p["dtz"] for p in listed]
                check(name + ": the longest %ss listed, longest first" % kind,
                      (min(listed_at_most, t["counts"][kind]), sorted(dtzs, reverse=True),
                       len(by_dtz) - 1 if by_dtz else None),
                      (len(listed), dtzs, dtzs[0] if dtzs else None))
                for p in listed:
                    _, _, probed = get(server, "/api/v1/probe?" + query(p["fen"]))
                    probed = json.loads(probed)
                    check(name + ": %s is a %s with DTZ %d" % (p["fen"], kind, p["dtz"]), (kind, p["dtz"]),
                          (probed["wdl"], probed["dtz"]))
    kkvk = json.loads(get(server, "/api/v1/stats?class=KKvK")[2])
    check("stats KKvK+: wins by DTZ", [0, 5886, 823, 16, 974, 75, 229, 797, 1629, 2255, 1912, 2242, 2040, 330, 276],
          kkvk["tables"][0]["win_dtz"])
    check("stats: the class in either order", kkvk, json.loads(get(server, "/api/v1/stats?class=KvKK")[2]))
    cases = [("missing class", "/api/v1/stats", 400, "missing parameter 'class'"),
             ("not a class", "/api/v1/stats?class=XvK", 400, "material class 'XvK': 'X' is not kings (K) then men (M)"),
             ("more pieces than the tables", "/api/v1/stats?class=KKKvK", 404,
              "class KKKvK is missing: the tables have up to 3 pieces"),
             ("unknown parameter", "/api/v1/stats?class=KvK&fen=W:Wa2:Bb7", 400,
              "unknown parameter 'fen' (/api/v1/stats takes class)")]
    for name, target, status, message in cases:
        got, headers, body = get(server, target)
        check("stats, " + name, (status, {"error": message}, "no-store"),
              (got, json.loads(body), headers.get("cache-control")))
    # The pages: the statistics page and the values page the explorer's tooltips link to.
    for path, content_type in (("/stats", "text/html; charset=utf-8"), ("/stats.html", "text/html; charset=utf-8"),
                               ("/stats.js", "text/javascript; charset=utf-8")):
        status, headers, _ = get(server, path)
        check("page " + path, (200, content_type), (status, headers.get("content-type")))
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "values.md"), "rb") as f:
        values = f.read()
    status, headers, body = get(server, "/docs/values.md")
    check("/docs/values.md: docs/values.md as text", (200, "text/plain; charset=utf-8", values),
          (status, headers.get("content-type"), body))


def without_dtz_counts(tables, old):
    """Folder `old`: a copy of `tables` whose .stats files lack the DTZ counts, as the generator
    wrote them before it counted by DTZ."""
    shutil.copytree(tables, old)
    for name in os.listdir(old):
        if name.endswith(".stats"):
            path = os.path.join(old, name)
            with open(path) as f:
                lines = [l for l in f if " by dtz: " not in l]
            with open(path, "w") as f:
                f.writelines(lines)


def test_stats_sources(server, tables):
    """The generator's DTZ counts (from .stats) against every position probed (the census the
    server falls back on for a .stats file without them), class by class: they must agree
    exactly, and the statistics' longest win (loss) be the first the census lists."""
    work = tempfile.mkdtemp(prefix="damatb-serve-old-")
    try:
        old = os.path.join(work, "tables")
        without_dtz_counts(tables, old)
        probing = Server(server.damatb, tables=old)
        try:
            test_stats(probing, source="probe")
            info = json.loads(get(server, "/api/v1/info")[2])
            check("stats sources: the same /api/v1/info", info, json.loads(get(probing, "/api/v1/info")[2]))
            for c in info["classes"]:
                generated = json.loads(get(server, "/api/v1/stats?class=" + c["class"])[2])
                probed = json.loads(get(probing, "/api/v1/stats?class=" + c["class"])[2])
                check("stats sources %s: generator, probe" % c["class"], ("generator", "probe"),
                      (generated["source"], probed["source"]))
                check("stats sources %s: the same tables" % c["class"],
                      [t["table"] for t in probed["tables"]], [t["table"] for t in generated["tables"]])
                for g, p in zip(generated["tables"], probed["tables"]):
                    name = "stats sources " + g["table"]
                    for key in ("mover", "other", "positions", "counts", "win_dtz", "loss_dtz"):
                        check(name + ": " + key, p[key], g[key])
                    for key in ("longest_wins", "longest_losses"):
                        check(name + ": " + key + ", the first", p[key][:1], g[key])
        finally:
            probing.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_malformed(server):
    good = b"GET /api/v1/info HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    check("raw request answers", 200, status_of(raw(server, good)))
    cases = [
        ("garbage bytes", b"\x00\x01\xfe\xff garbage \x7f\r\n\r\n", 400),
        ("not HTTP", b"HELLO\r\n\r\n", 400),
        ("bad percent-encoding", b"GET /api/v1/probe?fen=%G1%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400),
        ("huge query", b"GET /api/v1/probe?fen=" + b"W" * 200000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 413),
        ("huge header", b"GET / HTTP/1.1\r\nHost: x\r\nX-A: " + b"a" * 200000 + b"\r\n\r\n", 431),
        ("many header fields", b"GET / HTTP/1.1\r\n" + b"X-A: aaaaaaaaaaaaaaaa\r\n" * 2000 + b"\r\n", 431),
        ("bad Content-Length", b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
        ("control bytes in the target", b"GET /api/v1/probe?fen=\x01\x02 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ]
    for name, data, status in cases:
        check(name + ": status", status, status_of(raw(server, data)))
        still_answers(server, name)
    for name, data in [("cut in the request line", b"GET /api/v1/pro"),
                       ("cut in the header", b"GET /api/v1/info HTTP/1.1\r\nHost: x\r\nX-Partial: ab"),
                       ("cut in the body", b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")]:
        raw(server, data, close_early=True)
        still_answers(server, name)
    # Many connections opened and dropped at once.
    sockets = [socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) for _ in range(50)]
    for s in sockets:
        s.sendall(b"GET /api/v1/info HTTP/1.1\r\n")
        s.close()
    still_answers(server, "50 connections dropped")


def test_access_log(tables):
    """--quiet: no line per request; --log FILE: the lines appended to FILE, none on stderr; the
    first and last lines on stderr either way."""
    def serve_three_requests(args):
        server = Server(sys.argv[1], tables=tables, args=args)
        try:
            for target in ("/api/v1/info", "/api/v1/probe?" + query("W:Wc2,Kf2:BKh8"), "/nowhere"):
                get(server, target)
            check("%s: exit code 0" % " ".join(args), 0, server.stop(signal.SIGTERM, seconds=5))
            return server.log_text().splitlines()
        finally:
            server.close()

    stderr = serve_three_requests(["--quiet"])
    check("--quiet: only the first and last lines on stderr", (2, True, "damatb serve: stopped"),
          (len(stderr), stderr[0].startswith("damatb serve: listening on "), stderr[-1]))
    work = tempfile.mkdtemp(prefix="damatb-serve-log-")
    try:
        path = os.path.join(work, "access.log")
        with open(path, "w") as f:
            f.write("an earlier line\n")
        stderr = serve_three_requests(["--log", path])
        check("--log: only the first and last lines on stderr", (2, True, "damatb serve: stopped"),
              (len(stderr), stderr[0].startswith("damatb serve: listening on "), stderr[-1]))
        with open(path) as f:
            lines = f.read().splitlines()
        # A request's line is written once its answer is, so two threads' lines may come in
        # either order.
        check("--log: the lines appended to the file",
              ["an earlier line", "GET /api/v1/info 200", "GET /api/v1/probe?fen=W%3AWc2%2CKf2%3ABKh8 200",
               "GET /nowhere 404"],
              [lines[0]] + sorted(" ".join(l.split()[:3]) for l in lines[1:]))
        check("--log: each line ends in microseconds", True, all(l.endswith("us") for l in lines[1:]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result = subprocess.run([sys.argv[1], "serve", "--tables", tables, "--log", "/nonexistent/access.log"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=10)
    check("--log in a folder that is not there: named", (2, True),
          (result.returncode, b"--log: cannot open '/nonexistent/access.log': No such file or directory" in result.stderr))


def main():
    work = tempfile.mkdtemp(prefix="damatb-serve-tables-")
    try:
        tables = os.path.join(work, "tables")
        subprocess.run([sys.argv[1], "generate", "--pieces", "3", "--out", tables], check=True,
                       stdout=subprocess.DEVNULL, timeout=120)
        return run(tables)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(tables):
    server = Server(sys.argv[1], tables=tables)
    try:
        test_answers(server)
        test_errors(server)
        test_stats(server)
        test_stats_sources(server, tables)
        test_malformed(server)
        # A connection left open (keep-alive, idle) does not hold the stop back.
        idle = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
        idle.request("GET", "/api/v1/info")
        idle.getresponse().read()
        check("SIGTERM: exit code 0", 0, server.stop(signal.SIGTERM, seconds=5))
        idle.close()
        log = server.log_text().splitlines()
        check("log: the first line says where", True, log[0].startswith("damatb serve: listening on http://127.0.0.1:"))
        check("log: the last line says stopped", "damatb serve: stopped", log[-1])
        check("log: a line per request", True,
              any(l.startswith("GET /api/v1/info 200 ") and l.endswith("us") for l in log))
    finally:
        server.close()
    # SIGINT stops it too; an option out of range is a usage error.
    server = Server(sys.argv[1], tables=tables)
    try:
        check("SIGINT: exit code 0", 0, server.stop(signal.SIGINT, seconds=5))
    finally:
        server.close()
    test_access_log(tables)
    for args in (["--port", "70000"], ["--threads", "0"], ["--tables", "/nonexistent"], ["--bogus"],
                 ["--quiet", "--log", os.devnull], ["--log", "/nonexistent/access.log"]):
        code = subprocess.run([sys.argv[1], "serve", *args], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=10).returncode
        check("serve %s exits 2" % " ".join(args), 2, code)
    print("%d checks passed, %d failed" % (passes, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
