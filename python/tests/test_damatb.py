"""The Python module against the tool and hand-worked values, on the tables up to 3 pieces."""
import json
import subprocess
import threading

import damatb
from conftest import DAMATB, WON


def test_perft_matches_published_counts():
    assert [damatb.perft(damatb.START_FEN, d) for d in range(5)] == [1, 8, 64, 708, 7538]


def test_moves_under_each_promotion_rule():
    # The man crowns on c8 and, at the end of the move only, goes on capturing as a man: c6xc8xe8.
    assert damatb.moves("W:Wc6:Bc7,Kd8") == [("c6xc8xe8", "B:WKe8:B")]
    assert len(damatb.moves("W:Wc6:Bc7,Kd8", promotion="immediate")) == 4


def test_probe_equals_the_tool(tb, tables):
    v = tb.probe(WON, counter=3)
    tool = json.loads(subprocess.run([DAMATB, "probe", "--json", "--counter", "3", "--tables", tables, WON],
                                     check=True, capture_output=True, text=True).stdout)
    assert (v.fen, v.counter, v.result, v.wdl, v.dtz) == (tool["fen"], 3, "win", "win", 7)
    assert [(m.move, m.fen, m.result, m.wdl, m.dtz, m.counter) for m in v.moves] == \
        [(m["move"], m["fen"], m["result"], m["wdl"], m["dtz"], m["counter"]) for m in tool["moves"]]
    assert len(v.moves) == 14
    assert (v.moves[0].move, v.moves[0].dtz, v.moves[0].counter) == ("f2-f7", 6, 4)


def test_the_counter_decides(tb):
    # DTZ 7: a win while 7 <= 32 - counter, a draw from counter 26 on.
    assert tb.probe(WON, 25).result == "win"
    assert tb.probe(WON, 26).result == "draw"
    assert tb.probe(WON, 26).wdl == "win"


def test_best_move_and_line(tb):
    assert tb.best_move(WON) == "f2-f7"
    line = tb.line(WON)
    assert line.result == "win"
    assert [p.move for p in line.plies] == ["f2-f7", "h8-f8", "f7-a7", "f8-a8", "a7-a1", "a8-a2", "a1xa3"]
    assert line.plies[-1].fen == "B:Wc2,Ka3:B"
    # The game is over: no move, and a line of no ply.
    assert tb.best_move("B:Wc2,Ka3:B") is None
    assert tb.line("B:Wc2,Ka3:B").plies == []


def test_get_functions_give_none_instead_of_raising(tb):
    assert tb.get_result(WON) == "win"
    assert tb.get_wdl(WON) == "win"
    assert tb.get_dtz(WON) == 7
    assert tb.get_best_move(WON) == "f2-f7"
    assert tb.get_probe(WON).dtz == 7
    for fen in ["W:Wz9:BKh8", "W:WKa1,Kb1:BKc1,Kd1"]:
        assert tb.get_result(fen) is None
        assert tb.get_dtz(fen) is None
        assert tb.get_probe(fen) is None
    assert tb.get_result(WON, 40) is None


def test_threads_share_one_tablebase(tb):
    fens = [WON, "B:WKc3,Kd3:BKa1", "W:WKc3,Kd3:BKa1", "W:WKa1:Bd5", "B:Wc2,Kf7:BKh8"]
    expected = {f: (tb.probe(f).result, tb.probe(f).dtz, tb.best_move(f)) for f in fens}
    seen, failures = [], []

    def work():
        try:
            for _ in range(200):
                for f in fens:
                    v = tb.probe(f)
                    seen.append((f, (v.result, v.dtz, tb.best_move(f))))
        except Exception as e:  # noqa: BLE001 - reported below
            failures.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    assert len(seen) == 4 * 200 * len(fens)
    assert all(value == expected[f] for f, value in seen)
