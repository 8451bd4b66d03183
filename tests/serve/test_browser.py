"""The web explorer and the statistics page in a real headless browser, on tables the test
generates (up to 3 pieces; a second folder under a king-move limit of 8 for a cursed win), each
check against the API's own answers: a position loaded from the address; the moves grouped under
winning, drawing and losing with the result in words, and WDL5 only where it differs; a move
played by dragging the piece with the mouse and by clicking it then a square; back and forward
through the browser's history; the board turned around; a position set up by clicking squares,
with a calm hint, never an error, while the board is empty or half set up; the tooltips' link to
the documentation; nothing cut or overflowing at 400 px wide, at 1x and 2x; a class's
statistics page with its SVG histograms and its longest wins as links into the explorer.
Usage: test_browser.py PATH/TO/damatb. Exit code 77 (skipped) when no Chromium is found."""
import json
import sys
import urllib.parse
import urllib.request

from devtools import Browser, ProtocolError, find_chromium
from server_process import Server

SKIP = 77
failures = []
NAMES = {"W": "White", "B": "Black"}


def check(name, expected, actual):
    if expected != actual:
        failures.append(name)
        print("FAIL %s\n--- expected\n%r\n--- actual\n%r" % (name, expected, actual))


def api(server, path, **params):
    url = server.base + path + ("?" + urllib.parse.urlencode(params) if params else "")
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def fetch(server, path):
    with urllib.request.urlopen(server.base + path, timeout=10) as r:
        return r.status, r.headers.get("Content-Type"), r.read().decode()


def plies(n):
    return "%d %s" % (n, "ply" if n == 1 else "plies")


def words(mover, result, wdl, dtz, after_move):
    """The result in words, as docs/server.md says the page writes it."""
    other = "B" if mover == "W" else "W"
    winner = mover if result == "win" or wdl in ("win", "cursed-win") else other
    if result != "draw":
        if dtz == 0:
            return NAMES[winner] + (" wins: the game is over after it" if after_move
                                    else " has won: the game is over")
        return "%s wins; %s to the next capture or man move" % (NAMES[winner], plies(dtz))
    if wdl in ("cursed-win", "blessed-loss"):
        return "Draw: %s would win without the king-move limit" % NAMES[winner]
    if wdl in ("win", "loss"):
        return ("Draw at this counter: %s would need %s to the next capture or man move, more than "
                "the king-move limit leaves" % (NAMES[winner], plies(dtz)))
    return "Draw"


def expected_groups(answer):
    """[[group heading, [[move, words, DTZ, counter, WDL5 or ""], ...]], ...] for a probe answer."""
    mover = answer["fen"][0]
    out = []
    for result, title in (("win", "Winning"), ("draw", "Drawing"), ("loss", "Losing")):
        rows = [[m["move"], words(mover, m["result"], m["wdl"], m["dtz"], True),
                 "-" if m["dtz"] is None else str(m["dtz"]), str(m["counter"]),
                 "" if m["wdl"] == m["result"] else m["wdl"]]
                for m in answer["moves"] if m["result"] == result]
        if rows:
            out.append(["%s (%d)" % (title, len(rows)), rows])
    return out


# The page's move list as expected_groups gives it.
GROUPS = """Array.from(document.querySelectorAll('#moves tbody.group')).map(g =>
    [g.querySelector('th').textContent,
     Array.from(g.querySelectorAll('tr.move')).map(r => Array.from(r.cells).map(c => c.textContent))])"""
FEN = "document.getElementById('fen')?.value"
SHOWN = "document.querySelectorAll('#moves tr.move').length"
PIECES = """Array.from(document.querySelectorAll('#board [data-piece]'))
    .map(p => [p.dataset.square, p.dataset.piece]).sort()"""


def square_center(browser, square):
    """The viewport point at the centre of a square of the board."""
    return browser.evaluate("""(() => { const r = document.querySelector('#board rect[data-square=%s]')
        .getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()""" % square)


def wait_position(browser, fen, what):
    """Waits until the page shows fen with its moves (or the game over) and no request pending."""
    browser.wait_for("%s === %s && document.getElementById('verdict').textContent !== ''" % (FEN, json.dumps(fen)),
                     what)


def test_address_and_groups(browser, server):
    fen = "W:Wc2,Kf2:BKh8"
    answer = api(server, "/api/v1/probe", fen=fen)
    browser.open(server.base + "/?" + urllib.parse.urlencode({"fen": fen, "counter": 0}))
    wait_position(browser, fen, "the position of the address")
    check("the address's position: its verdict", "White wins; 7 plies to the next capture or man move",
          browser.evaluate("document.getElementById('verdict').textContent"))
    check("the address's position: the pieces", [["c2", "wm"], ["f2", "wk"], ["h8", "bk"]], browser.evaluate(PIECES))
    groups = browser.evaluate(GROUPS)
    check("the moves grouped, in words", expected_groups(answer), groups)
    check("the groups present", ["Winning (1)", "Drawing (11)", "Losing (2)"], [g[0] for g in groups])
    check("WDL5 of the position hidden: it is the result", True,
          browser.evaluate("document.getElementById('wdl-row').hidden"))
    check("the side to move marked at White's edge", ["W", True], browser.evaluate(
        "(() => { const t = document.getElementById('turn'); return [t.dataset.side, Number(t.getAttribute('cy')) > 700]; })()"))
    # At counter 26 a king move leaves 5 plies, fewer than the 6 to the next zeroing ply: those
    # moves are draws whose WDL5 is a win; the man moves, which zero, keep theirs.
    answer = api(server, "/api/v1/probe", fen=fen, counter=26)
    browser.evaluate("""(() => { document.getElementById('counter').value = 26;
        document.getElementById('counter').dispatchEvent(new Event('change')); })()""")
    browser.wait_for("document.querySelector('#moves tr.move td:nth-child(4)') && "
                     "document.querySelector('#moves tr.move td:nth-child(4)').textContent === '27' && "
                     "location.search.includes('counter=26')", "counter 26")
    groups = browser.evaluate(GROUPS)
    check("counter 26: WDL5 only where it differs", expected_groups(answer), groups)
    shown = [row[4] for g in groups for row in g[1]]
    check("counter 26: WDL5 shown for f2-f7 alone, a win the counter has run out for",
          ["win"] + [""] * 13, shown)
    check("counter 26: the position's verdict and WDL5",
          ["Draw at this counter: White would need 7 plies to the next capture or man move, more than "
           "the king-move limit leaves", False, "win"],
          browser.evaluate("['verdict', 'wdl-row', 'wdl'].map(id => id === 'wdl-row' ? "
                           "document.getElementById(id).hidden : document.getElementById(id).textContent)"))
    browser.evaluate("history.back()")
    check("back: counter 0 in the address and the field, and its verdict", True, browser.wait_for(
        "new URLSearchParams(location.search).get('counter') === '0' && document.getElementById('counter').value === '0' "
        "&& document.getElementById('verdict').textContent.startsWith('White wins')", "counter 0 again, by the browser's back"))


def test_cursed_win(browser, server8):
    """Under a king-move limit of 8, two kings against one win only with more king moves: a cursed win."""
    fen = "W:WKc3,Kd3:BKa1"
    answer = api(server8, "/api/v1/probe", fen=fen)
    check("limit 8: the API's cursed win", ("draw", "cursed-win"), (answer["result"], answer["wdl"]))
    browser.open(server8.base + "/?" + urllib.parse.urlencode({"fen": fen}))
    wait_position(browser, fen, "the cursed win")
    check("a cursed win in words, WDL5 shown",
          ["Draw: White would win without the king-move limit", False, "cursed-win"],
          browser.evaluate("['verdict', 'wdl-row', 'wdl'].map(id => id === 'wdl-row' ? "
                           "document.getElementById(id).hidden : document.getElementById(id).textContent)"))
    groups = browser.evaluate(GROUPS)
    check("a cursed win's moves: WDL5 only where it differs", expected_groups(answer), groups)
    check("a cursed win's moves: cursed wins among them", True,
          any(row[4] == "cursed-win" for g in groups for row in g[1]))


def test_drag_and_history(browser, server):
    fen = "W:Wc2,Kf2:BKh8"
    answer = api(server, "/api/v1/probe", fen=fen)
    browser.open(server.base + "/?" + urllib.parse.urlencode({"fen": fen}))
    wait_position(browser, fen, fen)
    # Drag the king f2 to f7 with the mouse: while it is held, its moves' squares are marked.
    targets = sorted({"f2"} | {m["move"].split("-")[-1].split("x")[-1] for m in answer["moves"]
                               if m["move"].startswith("f2")})
    marked = browser.drag(square_center(browser, "f2"), square_center(browser, "f7"), before_release=lambda:
                          browser.evaluate("Array.from(document.querySelectorAll('#board [data-marked]'))"
                                           ".map(r => r.dataset.marked).sort()"))
    check("dragging f2: its moves' squares marked", targets, marked)
    f2f7 = next(m for m in answer["moves"] if m["move"] == "f2-f7")
    wait_position(browser, f2f7["fen"], "the position after the drag f2-f7")
    check("the drag played f2-f7: the address", {"fen": [f2f7["fen"]], "counter": ["1"]},
          urllib.parse.parse_qs(browser.evaluate("location.search.slice(1)")))
    check("after the drag: Black to move, marked at Black's edge", ["B", "B", True], browser.evaluate(
        "(() => { const t = document.getElementById('turn'); return [document.getElementById('side').value, "
        "t.dataset.side, Number(t.getAttribute('cy')) < 100]; })()"))
    # The browser's back and forward.
    browser.evaluate("history.back()")
    wait_position(browser, fen, "the first position, by the browser's back")
    check("back: the address", fen, urllib.parse.parse_qs(browser.evaluate("location.search.slice(1)"))["fen"][0])
    check("back: the page's forward button", False, browser.evaluate("document.getElementById('forward').disabled"))
    browser.evaluate("history.forward()")
    wait_position(browser, f2f7["fen"], "the position after f2-f7, by the browser's forward")
    browser.evaluate("document.getElementById('back').click()")
    wait_position(browser, fen, "the first position, by the page's back button")
    # A click on the man c2, then on c3: the move c2-c3.
    c2c3 = next(m for m in answer["moves"] if m["move"] == "c2-c3")
    browser.click(*square_center(browser, "c2"))
    browser.wait_for("document.querySelector('#board [data-marked=c3]') !== null", "c2 selected")
    browser.click(*square_center(browser, "c3"))
    wait_position(browser, c2c3["fen"], "the position after clicks on c2 and c3")
    # The move list stays clickable.
    browser.evaluate("history.back()")
    wait_position(browser, fen, "the first position again")
    browser.wait_for(SHOWN, "the moves")
    browser.evaluate("document.querySelector('#moves tr.move').click()")
    wait_position(browser, answer["moves"][0]["fen"], "the best move, clicked in the list")
    # The best line is played out, as the API's line says.
    line = api(server, "/api/v1/line", fen=answer["moves"][0]["fen"], counter=answer["moves"][0]["counter"])
    browser.evaluate("document.getElementById('play-line').click()")
    check("the line's outcome", True, line["outcome"]["text"] in browser.wait_for(
        "document.getElementById('outcome').textContent", "the outcome of the best line"))
    browser.wait_for("%s === %s" % (FEN, json.dumps(line["moves"][-1]["fen"])), "the end of the best line", seconds=20)


def test_flip(browser, server):
    fen = "B:Wc2,Kf7:BKh8"
    answer = api(server, "/api/v1/probe", fen=fen)
    browser.open(server.base + "/?" + urllib.parse.urlencode({"fen": fen}))
    wait_position(browser, fen, fen)
    corners = "['a1', 'h8'].map(s => { const r = document.querySelector('#board rect[data-square=' + s + ']'); " \
              "return [Number(r.getAttribute('x')), Number(r.getAttribute('y'))]; })"
    files = ("Array.from(document.querySelectorAll('#board .coord')).filter((t, i) => i % 2 === 0)"
             ".map(t => t.textContent).join('')")
    check("unflipped: a1 at the bottom left, h8 at the top right, files a to h",
          [[[36, 712], [736, 12]], "abcdefgh"], [browser.evaluate(corners), browser.evaluate(files)])
    browser.evaluate("document.getElementById('flip').click()")
    check("flipped: a1 at the top right, h8 at the bottom left, files h to a, Black's turn at the bottom",
          [[[736, 12], [36, 712]], "hgfedcba", "true", True, True],
          [browser.evaluate(corners), browser.evaluate(files),
           browser.evaluate("document.getElementById('flip').getAttribute('aria-pressed')"),
           browser.evaluate("Number(document.getElementById('turn').getAttribute('cy')) > 700"),
           browser.evaluate("location.search.includes('flip=1')")])
    # A drag on the turned board: Black's best move from h8.
    best = answer["moves"][0]
    squares = best["move"].replace("x", "-").split("-")
    browser.drag(square_center(browser, squares[0]), square_center(browser, squares[-1]))
    wait_position(browser, best["fen"], "Black's move dragged on the turned board")
    check("the board stays turned after a move", "true",
          browser.evaluate("document.getElementById('flip').getAttribute('aria-pressed')"))


def test_set_up(browser, server):
    fen = "W:Wc2,Kf2:BKh8"
    browser.open(server.base + "/?" + urllib.parse.urlencode({"fen": fen}))
    wait_position(browser, fen, fen)
    browser.evaluate("document.getElementById('setup').click()")
    check("set up: the palette shown", False, browser.evaluate("document.getElementById('palette').hidden"))
    # The board cleared: a calm hint, no error.
    browser.evaluate("document.getElementById('clear').click()")
    hint = browser.wait_for("%s === 'W:W:B' && !document.getElementById('hint').hidden && "
                            "document.getElementById('hint').textContent" % FEN, "the hint on an empty board")
    check("an empty board: a hint, no error, no moves",
          ["The board is empty: put a piece of each side on the board (set up) and the tables will answer.",
           True, 0, []],
          [hint, browser.evaluate("document.getElementById('error').hidden"), browser.evaluate(SHOWN),
           browser.evaluate(PIECES)])

    def click(square, times=1):
        for _ in range(times):
            browser.click(*square_center(browser, square))

    # Clicks cycle a square: empty, white man, white king, black man, black king.
    click("e4")
    browser.wait_for("%s === 'W:We4:B'" % FEN, "a white man on e4")
    check("one side set up: a hint, no error",
          ["Put a piece of Black on the board (set up) and the tables will answer.", True],
          [browser.evaluate("document.getElementById('hint').textContent"),
           browser.evaluate("document.getElementById('error').hidden")])
    click("e4")
    click("d7", 3)
    set_up = "W:WKe4:Bd7"
    answer = api(server, "/api/v1/probe", fen=set_up)
    wait_position(browser, set_up, "the position set up by clicks")
    check("set up by clicks: the pieces", [["d7", "bm"], ["e4", "wk"]], browser.evaluate(PIECES))
    check("set up by clicks: the moves, as the API's", expected_groups(answer), browser.evaluate(GROUPS))
    check("set up by clicks: no hint, no error", [True, True], browser.evaluate(
        "[document.getElementById('hint').hidden, document.getElementById('error').hidden]"))
    # The palette's black king on h8, then a man on a8 refused (men never stand on rank 8).
    browser.evaluate("document.querySelector('input[name=piece][value=bk]').checked = true")
    click("h8")
    wait_position(browser, "W:WKe4:Bd7,Kh8", "a black king put on h8")
    browser.evaluate("document.querySelector('input[name=piece][value=wm]').checked = true")
    click("a8")
    check("a man on rank 8 refused", ["A man cannot stand on rank 1 or 8.", "W:WKe4:Bd7,Kh8"], [
        browser.wait_for("!document.getElementById('hint').hidden && document.getElementById('hint').textContent",
                         "the hint for a man on rank 8"), browser.evaluate(FEN)])
    # A fourth piece: the 3-piece tables cannot answer, which a set-up shows as a hint too.
    browser.evaluate("document.querySelector('input[name=piece][value=cycle]').checked = true")
    click("a8")
    hint = browser.wait_for("%s === 'W:WKe4,Ka8:Bd7,Kh8' && !document.getElementById('hint').hidden && "
                            "document.getElementById('hint').textContent" % FEN, "the hint for 4 pieces")
    check("4 pieces in a set-up: the missing class a hint, not an error",
          [True, True], ["class KKvKM is missing" in hint, browser.evaluate("document.getElementById('error').hidden")])
    click("a8", 2)  # a black king (men are passed by on rank 8), then empty
    wait_position(browser, "W:WKe4:Bd7,Kh8", "a8 emptied again")
    browser.evaluate("document.getElementById('setup-done').click()")
    check("set up done: the palette hidden", True, browser.evaluate("document.getElementById('palette').hidden"))
    # The set-up was one history entry: back goes to the position before it.
    browser.evaluate("history.back()")
    wait_position(browser, fen, "the position before the set-up")


def test_tooltips(browser, server):
    terms = browser.evaluate("""Array.from(document.querySelectorAll('a.term')).map(a =>
        [a.textContent, a.getAttribute('href'), a.title.length > 20])""")
    check("tooltips: DTZ, WDL5 and the counter, each linking to the values page",
          ["DTZ", "WDL5", "counter"], sorted({t[0] for t in terms}, key=["DTZ", "WDL5", "counter"].index))
    check("tooltips: every one with a title and the link", [True],
          sorted({t[1] == "/docs/values.md" and t[2] for t in terms}))
    status, content_type, text = fetch(server, "/docs/values.md")
    check("the linked page is served", (200, "text/plain; charset=utf-8", True),
          (status, content_type, text.startswith("# What the tables store and what a probe answers")))


def inside(browser):
    """[] when nothing overflows the page and every shape of its SVG pictures lies within their
    viewBox; else what sticks out."""
    return browser.evaluate("""(() => {
        const out = [];
        if (document.documentElement.scrollWidth > window.innerWidth)
            out.push('page ' + document.documentElement.scrollWidth + ' > ' + window.innerWidth);
        for (const svg of document.querySelectorAll('svg')) {
            const box = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
            if (r.left < 0 || r.right > window.innerWidth) out.push(svg.id + ' at ' + r.left + '..' + r.right);
            for (const el of svg.querySelectorAll('text, rect, circle')) {
                const b = el.getBBox();
                if (b.x < box.x || b.y < box.y || b.x + b.width > box.x + box.width + 0.01 ||
                    b.y + b.height > box.y + box.height + 0.01)
                    out.push((el.textContent || el.tagName) + ' ' + [b.x, b.y, b.width, b.height].join(','));
            }
        }
        return out; })()""")


def test_layout(browser, server):
    for width, scale in ((400, 1), (400, 2), (1100, 1)):
        browser.viewport(width, 800, scale)
        what = "%d px at %dx" % (width, scale)
        browser.open(server.base + "/?fen=W:Wc2,Kf2:BKh8&flip=1", ready=SHOWN)
        check("explorer, flipped, " + what + ": nothing cut or overflowing", [], inside(browser))
        browser.open(server.base + "/?fen=W:Wc2,Kf2:BKh8", ready=SHOWN)
        check("explorer, " + what + ": nothing cut or overflowing", [], inside(browser))
        browser.open(server.base + "/stats?class=KKvK", ready="document.querySelector('svg.histogram') !== null")
        check("statistics, " + what + ": nothing cut or overflowing", [], inside(browser))
    browser.viewport(1100, 800, 1)


def test_stats(browser, server):
    info = api(server, "/api/v1/info")
    census = api(server, "/api/v1/stats", **{"class": "KKvK"})
    generated = {t["table"]: t for c in info["classes"] if c["class"] == "KKvK" for t in c["tables"]}
    # The census counts what the generator counted.
    for t in census["tables"]:
        stats = generated[t["table"]]["stats"]
        check(t["table"] + ": the census's counts are the generator's", stats["counts"], t["counts"])
        check(t["table"] + ": the wins by DTZ add up", (t["counts"]["win"], t["counts"]["loss"]),
              (sum(t["win_dtz"]), sum(t["loss_dtz"])))
        check(t["table"] + ": the longest win's DTZ is the generator's",
              stats["longest_win"]["dtz"] if stats["longest_win"] else None,
              t["longest_wins"][0]["dtz"] if t["longest_wins"] else None)
    check("KKvK+ as generated", (19484, 46, 14), (census["tables"][0]["counts"]["win"],
          census["tables"][0]["counts"]["draw"], len(census["tables"][0]["win_dtz"]) - 1))
    browser.open(server.base + "/stats?class=KKvK", ready="document.querySelectorAll('svg.histogram').length === 3")
    page = browser.evaluate("""Array.from(document.querySelectorAll('.stats-table')).map(s => ({
        table: s.dataset.table,
        counts: Object.fromEntries(Array.from(s.querySelectorAll('.counts tr[data-value]')).map(r =>
            [r.dataset.value, Number(r.cells[1].textContent.replace(/,/g, ''))])),
        bars: Object.fromEntries(Array.from(s.querySelectorAll('svg.histogram')).map(h => [h.dataset.kind,
            Array.from(h.querySelectorAll('rect[data-dtz]')).map(b => [Number(b.dataset.dtz), Number(b.dataset.count)])])),
        links: Object.fromEntries(Array.from(s.querySelectorAll('ol.longest')).map(o => [o.dataset.kind,
            Array.from(o.querySelectorAll('a')).map(a => a.getAttribute('href'))]))}))""")
    expected = [{"table": t["table"], "counts": t["counts"],
                 "bars": {kind: [[d, n] for d, n in enumerate(t[kind + "_dtz"]) if n]
                          for kind in ("win", "loss") if t[kind + "_dtz"]},
                 "links": {kind: ["/?" + urllib.parse.urlencode({"fen": p["fen"], "counter": 0}, quote_via=urllib.parse.quote)
                                  for p in t[LONGEST[kind]]] for kind in ("win", "loss") if t[kind + "_dtz"]}}
                for t in census["tables"]]
    check("the statistics page: counts, SVG bars by DTZ and links, table by table", expected, page)
    check("the histograms are SVG drawn by the page", [SVG_NS] * 3,
          browser.evaluate("Array.from(document.querySelectorAll('svg.histogram')).map(s => s.namespaceURI)"))
    # The longest win of KKvK+ opens in the explorer with its DTZ.
    longest = census["tables"][0]["longest_wins"][0]
    browser.evaluate("document.querySelector('.stats-table ol.longest[data-kind=win] a').click()")
    browser.wait_for("location.pathname === '/' && %s === %s && document.getElementById('dtz')?.textContent === %s"
                     % (FEN, json.dumps(longest["fen"]), json.dumps(str(longest["dtz"]))),
                     "the longest win in the explorer")
    # The explorer links to its class's page; the page without a class lists the classes.
    check("the explorer's link to its class", "/stats?class=KKvK",
          browser.evaluate("document.getElementById('class-stats').getAttribute('href')"))
    browser.open(server.base + "/stats", ready="document.querySelectorAll('#classes tr[data-class]').length > 0")
    check("the classes listed", [c["class"] for c in info["classes"]],
          browser.evaluate("Array.from(document.querySelectorAll('#classes tr[data-class]')).map(r => r.dataset.class)"))


SVG_NS = "http://www.w3.org/2000/svg"
LONGEST = {"win": "longest_wins", "loss": "longest_losses"}


def test_error(browser, server):
    browser.open(server.base + "/", ready=SHOWN)
    browser.evaluate("""(() => {
        document.getElementById('fen').value = 'W:Wz9:Bb7';
        document.getElementById('load').click(); })()""")
    message = browser.wait_for("!document.getElementById('error').hidden && "
                               "document.getElementById('error').textContent", "the error")
    check("the API's error shown", "FEN token 'z9': unknown square", message)


def test_wait_for_across_a_navigation():
    """wait_for asks again while a navigation replaces the page (a link followed: the evaluation
    finds no page to run in), and raises any other error of the protocol; no browser needed."""
    class Answers(Browser):
        def __init__(self, errors):  # no Chromium: evaluate raises these, then gives a value
            self.errors = list(errors)

        def evaluate(self, expression):
            if self.errors:
                raise ProtocolError("Runtime.evaluate", {"code": -32000, "message": self.errors.pop(0)})
            return "shown"

    navigating = Answers(["Inspected target navigated or closed", "Execution context was destroyed."])
    check("wait_for across a navigation", "shown", navigating.wait_for("true", "the page", seconds=5))
    try:
        Answers(["Object reference chain is too long"]).wait_for("true", "the page", seconds=5)
        check("wait_for raises another error of the protocol", "raised", "returned")
    except ProtocolError as e:
        check("wait_for raises another error of the protocol", "Object reference chain is too long", e.message)


def main():
    test_wait_for_across_a_navigation()
    chromium = find_chromium()
    if not chromium:
        print("no chromium found: skipped (scripts/setup.sh installs it)")
        return 1 if failures else SKIP
    server = Server(sys.argv[1])
    server8 = None
    browser = None
    try:
        server8 = Server(sys.argv[1], rules=["--king-move-limit", "8"])
        browser = Browser(chromium)
        for test in (test_address_and_groups, test_drag_and_history, test_flip, test_set_up, test_tooltips,
                     test_error, test_stats, test_layout):
            test(browser, server)
        test_cursed_win(browser, server8)
    finally:
        if browser:
            browser.close()
        server.close()
        if server8:
            server8.close()
    print("browser test: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
