"""Every object of the module has a repr that says what it is, in the tool's words."""
import damatb
from conftest import WON


def test_probe_values(tb):
    v = tb.probe(WON)
    assert repr(v) == "<damatb.ProbeValue W:Wc2,Kf2:BKh8 counter 0: win, wdl win, dtz 7, 14 moves>"
    assert repr(v.moves[0]) == "<damatb.MoveValue f2-f7: win, wdl win, dtz 6, counter 1>"
    assert repr(v.moves[1]) == "<damatb.MoveValue c2-b2: draw, wdl draw, counter 0>"  # no DTZ
    assert repr(tb.probe(WON, 26)) == \
        "<damatb.ProbeValue W:Wc2,Kf2:BKh8 counter 26: draw, wdl win, dtz 7, 14 moves>"
    assert repr(tb.probe("B:Wc2,Ka3:B")) == \
        "<damatb.ProbeValue B:Wc2,Ka3:B counter 0: loss, wdl loss, dtz 0, 0 moves>"


def test_lines(tb):
    line = tb.line(WON)
    assert repr(line) == ("<damatb.Line 7 plies f2-f7 h8-f8 f7-a7 f8-a8 a7-a1 a8-a2 a1xa3: win "
                          "(Black has no piece left)>")
    assert repr(line.plies[0]) == "<damatb.LinePly f2-f7 B:Wc2,Kf7:BKh8 counter 1>"
    # A line of more than ten plies shows the first ten.
    assert repr(tb.line("W:WKc3,Kd3:BKa1")) == (
        "<damatb.Line 15 plies c3-c8 a1-a8 c8-h8 a8-a1 d3-d8 a1-h1 d8-b8 h1-a1 b8-b2 a1-a3 ...: "
        "win (Black has no piece left)>")


def test_tablebase(tables):
    tb = damatb.Tablebase(tables)
    assert repr(tb) == f"<damatb.Tablebase '{tables}' end-of-move.king-wins.32>"
    tb.close()
    assert repr(tb) == f"<damatb.Tablebase '{tables}' end-of-move.king-wins.32 closed>"
    assert repr(damatb.Tablebase(tables, "immediate", "draw", 0)) == \
        f"<damatb.Tablebase '{tables}' immediate.draw.0>"


def test_positions_and_moves():
    assert repr(damatb.Position(WON)) == "<damatb.Position W:Wc2,Kf2:BKh8>"
    assert repr(damatb.Position(WON, counter=3, promotion="immediate")) == \
        "<damatb.Position W:Wc2,Kf2:BKh8 counter 3 promotion immediate>"
    assert str(damatb.Position(WON)) == WON
    m = damatb.Position("W:Wc6:Bc7,Kd8").moves()[0]
    assert repr(m) == "<damatb.Move c6xc8xe8>"
    assert str(m) == "c6xc8xe8"
