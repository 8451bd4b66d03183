"""The web explorer in a real headless browser: the page loads from `damatb serve`, a FEN is
entered, the moves and their results appear as the API gives them, a click plays a move, the
back button and setting up a piece by clicking a square work.
Usage: test_browser.py PATH/TO/damatb. Exit code 77 (skipped) when no Chromium is found."""
import json
import sys
import urllib.parse
import urllib.request

from devtools import Browser, find_chromium
from server_process import Server

SKIP = 77
failures = []


def check(name, expected, actual):
    if expected != actual:
        failures.append(name)
        print("FAIL %s\n--- expected\n%r\n--- actual\n%r" % (name, expected, actual))


# The rows of the move list: [move, result, WDL5, DTZ, counter, the row's class].
ROWS = """Array.from(document.querySelectorAll('#moves tbody tr')).map(r =>
    Array.from(r.cells).map(c => c.textContent).concat([r.className]))"""


def main():
    chromium = find_chromium()
    if not chromium:
        print("no chromium found: skipped (scripts/setup.sh installs it)")
        return SKIP
    server = Server(sys.argv[1])
    browser = None
    try:
        fen = "W:Wc2,Kf2:BKh8"
        with urllib.request.urlopen(server.base + "/api/v1/probe?fen=" + urllib.parse.quote(fen), timeout=5) as r:
            answer = json.load(r)
        browser = Browser(chromium)
        browser.call("Page.navigate", url=server.base + "/")
        browser.wait_for("document.readyState === 'complete' && document.getElementById('fen') !== null",
                         "the page loaded")
        # Enter a FEN and show it.
        browser.evaluate("""(() => {
            document.getElementById('fen').value = %s;
            document.getElementById('load').click(); })()""" % json.dumps(fen))
        rows = browser.wait_for("""(() => { const rows = %s;
            return rows.length === %d && rows[0][0] === %s ? rows : null; })()"""
                                % (ROWS, len(answer["moves"]), json.dumps(answer["moves"][0]["move"])),
                                "the moves of " + fen)
        expected = [[m["move"], m["result"], m["wdl"], "-" if m["dtz"] is None else str(m["dtz"]),
                     str(m["counter"]), "move " + m["result"]] for m in answer["moves"]]
        check("the moves and their results, best first, coloured by result", expected, rows)
        check("the value", [answer["result"], answer["wdl"], str(answer["dtz"])],
              browser.evaluate("['result', 'wdl', 'dtz'].map(id => document.getElementById(id).textContent)"))
        check("the pieces on the board", [["c2", "wm"], ["f2", "wk"], ["h8", "bk"]],
              browser.evaluate("""Array.from(document.querySelectorAll('#board [data-piece]'))
                .map(p => [p.dataset.square, p.dataset.piece]).sort()"""))
        # Click the best move: the position after it is shown.
        browser.evaluate("document.querySelector('#moves tbody tr').click()")
        after = answer["moves"][0]["fen"]
        browser.wait_for("document.getElementById('fen').value === %s && "
                         "document.querySelectorAll('#moves tbody tr').length > 0" % json.dumps(after),
                         "the position after the clicked move")
        check("the board after the move", True,
              browser.evaluate("document.querySelector('#board [data-square=f7][data-piece=wk]') !== null"))
        check("the side to move after the move", "B", browser.evaluate("document.getElementById('side').value"))
        # Back to the first position.
        browser.evaluate("document.getElementById('back').click()")
        browser.wait_for("document.getElementById('fen').value === %s" % json.dumps(fen), "the position again")
        # Play the best line: its outcome is said, and it is played to its last position.
        with urllib.request.urlopen(server.base + "/api/v1/line?fen=" + urllib.parse.quote(fen), timeout=5) as r:
            line = json.load(r)
        browser.evaluate("document.getElementById('play-line').click()")
        check("the line's outcome", True, line["outcome"]["text"] in browser.wait_for(
            "document.getElementById('outcome').textContent", "the outcome of the best line"))
        browser.wait_for("document.getElementById('fen').value === %s" % json.dumps(line["moves"][-1]["fen"]),
                         "the end of the best line", seconds=20)
        browser.evaluate("""(() => {
            document.getElementById('fen').value = %s;
            document.getElementById('load').click(); })()""" % json.dumps(fen))
        browser.wait_for("document.querySelector('#moves tbody tr') !== null && "
                         "document.querySelector('#moves tbody tr').dataset.fen === %s" % json.dumps(after),
                         "the first position again")
        # Set up by clicking squares with a piece of the palette: c2 emptied, a black man on d5.
        for piece, square in (("empty", "c2"), ("bm", "d5")):
            browser.evaluate("""(() => {
                document.querySelector('input[name=piece][value=%s]').checked = true;
                document.querySelector('#board rect[data-square=%s]')
                  .dispatchEvent(new MouseEvent('click', {bubbles: true})); })()""" % (piece, square))
        set_up = "W:WKf2:Bd5,Kh8"
        with urllib.request.urlopen(server.base + "/api/v1/probe?fen=" + urllib.parse.quote(set_up), timeout=5) as r:
            first = json.load(r)["moves"][0]["fen"]
        browser.wait_for("document.getElementById('fen').value === %s && document.getElementById('error').hidden && "
                         "document.querySelector('#moves tbody tr') !== null && "
                         "document.querySelector('#moves tbody tr').dataset.fen === %s" % (json.dumps(set_up), json.dumps(first)),
                         "the position set up, " + set_up)
        # An error from the API is shown on the page.
        browser.evaluate("""(() => {
            document.getElementById('fen').value = 'W:Wz9:Bb7';
            document.getElementById('load').click(); })()""")
        message = browser.wait_for("!document.getElementById('error').hidden && "
                                   "document.getElementById('error').textContent.includes('z9') && "
                                   "document.getElementById('error').textContent", "the error")
        check("the API's error shown", "FEN token 'z9': unknown square", message)
    finally:
        if browser:
            browser.close()
        server.close()
    print("browser test: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
