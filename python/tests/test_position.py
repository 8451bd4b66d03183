"""damatb.Position and damatb.Move: playing moves as python-chess's Board does, on core's rules
(docs/rules.md), with legal moves worked out by hand."""
import copy

import pytest

import damatb
from conftest import WON

# White to move. The man c3 can take c4 (c3xc5, one piece); the man f3 takes f4 and then f6
# (f3xf5xf7, two pieces). Capturing is compulsory and the most pieces must be taken, so
# f3xf5xf7 is the only legal move: not c3xc5, nor any step such as f3-g3.
MOST = "W:Wc3,f3:Bc4,f4,f6"


def test_the_start_position_by_default():
    pos = damatb.Position()
    assert pos.fen() == damatb.START_FEN
    assert (pos.turn, pos.counter, pos.promotion) == ("white", 0, "end-of-move")
    assert len(pos.moves()) == 8  # perft 1
    assert pos.move_stack == []
    assert damatb.Position("W:W:B").moves() == []  # the empty board


def test_only_the_capture_of_the_most_pieces_is_legal():
    pos = damatb.Position(MOST)
    moves = pos.moves()
    assert [str(m) for m in moves] == ["f3xf5xf7"]
    m = moves[0]
    assert (m.from_square, m.to_square, m.captured) == ("f3", "f7", ["f4", "f6"])
    assert (m.is_capture, m.is_promotion) == (True, False)
    assert [str(m) for m in pos.moves()] == [move for move, _ in damatb.moves(MOST)]


def test_push_and_pop():
    pos = damatb.Position(MOST)
    pos.push("f3xf5xf7")
    assert pos.fen() == "B:Wc3,f7:Bc4"
    assert pos.turn == "black"
    # Black's man c4 now stands before White's c3 with c2 empty: it must take it.
    assert [str(m) for m in pos.moves()] == ["c4xc2"]
    pos.push(pos.moves()[0])  # a Move object
    assert pos.fen() == "W:Wf7:Bc2"
    assert [str(m) for m in pos.move_stack] == ["f3xf5xf7", "c4xc2"]
    assert str(pos.pop()) == "c4xc2"
    assert str(pos.pop()) == "f3xf5xf7"
    assert pos == damatb.Position(MOST)
    with pytest.raises(IndexError, match="no move pushed"):
        pos.pop()


def test_the_short_form_of_a_capture():
    pos = damatb.Position(MOST)
    assert pos.parse_move("f3xf7") == pos.moves()[0]
    pos.push("f3xf7")
    assert [str(m) for m in pos.move_stack] == ["f3xf5xf7"]


def test_illegal_moves_raise_naming_the_move():
    pos = damatb.Position(MOST)
    cases = {
        "f3-g3": "move 'f3-g3': a capture is compulsory here",
        "c3xc5": "move 'c3xc5': takes 1 pieces, but a capture here must take 2",
        "a1-a2": "move 'a1-a2': no piece of the side to move on a1",
        "f3-f9": "move 'f3-f9': 'f9' is not a square",
    }
    for move, why in cases.items():
        with pytest.raises(damatb.IllegalMoveError) as e:
            pos.push(move)
        assert isinstance(e.value, ValueError)
        assert str(e.value) == f"{MOST}: {why}"
    # A move of another position, not legal here.
    start_move = damatb.Position().moves()[0]
    with pytest.raises(damatb.IllegalMoveError) as e:
        pos.push(start_move)
    assert str(e.value) == f"{MOST}: move '{start_move}': not a legal move here"
    assert pos.move_stack == [] and pos.fen() == MOST  # nothing played
    with pytest.raises(TypeError):
        pos.push(3)


def test_the_king_move_counter():
    # King moves count; a man move (or a capture) sets the counter back to 0.
    pos = damatb.Position("W:WKa1,c2:BKh8", counter=5)
    pos.push("a1-a8")
    pos.push("h8-h1")
    assert pos.counter == 7
    pos.push("c2-c3")
    assert pos.counter == 0
    pos.pop()
    assert pos.counter == 7


def test_promotion_rule():
    # docs/rules.md: crowned at the end of the move, the man takes c7 and goes on as a man to
    # e8 (one move); crowned at once, the king has four ways on from c8.
    assert [str(m) for m in damatb.Position("W:Wc6:Bc7,Kd8").moves()] == ["c6xc8xe8"]
    immediate = damatb.Position("W:Wc6:Bc7,Kd8", promotion="immediate")
    assert len(immediate.moves()) == 4
    assert all(m.is_promotion for m in immediate.moves())
    assert damatb.moves(immediate) == damatb.moves("W:Wc6:Bc7,Kd8", promotion="immediate")
    assert len(damatb.moves(immediate, promotion="end-of-move")) == 1
    with pytest.raises(ValueError, match="unknown promotion option 'never'"):
        damatb.Position(promotion="never")


def test_equality_and_copies():
    pos = damatb.Position(WON)
    assert pos == damatb.Position(WON)
    assert pos != damatb.Position(WON, counter=1)
    assert pos != damatb.Position(WON, promotion="immediate")
    assert pos != damatb.Position("B:Wc2,Kf2:BKh8")
    assert pos != WON  # a Position is not its FEN
    with pytest.raises(TypeError):
        hash(pos)  # it changes as moves are pushed
    other = pos.copy()
    other.push("f2-f7")
    assert pos.fen() == WON and other.fen() == "B:Wc2,Kf7:BKh8"
    assert copy.copy(pos) == pos and copy.deepcopy(pos) == pos
    a, b = damatb.Position(MOST).moves()[0], damatb.Position(MOST).parse_move("f3xf7")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


def test_perft_of_a_position():
    assert damatb.perft(damatb.Position(), 3) == 708


def test_probe_a_position(tb):
    pos = damatb.Position(WON)
    assert (tb.probe(pos).result, tb.probe(pos).dtz) == ("win", 7)
    assert tb.best_move(pos) == "f2-f7"
    pos.push(tb.best_move(pos))  # a king move: counter 1
    v = tb.probe(pos)
    assert (v.fen, v.counter, v.result, v.dtz) == ("B:Wc2,Kf7:BKh8", 1, "loss", 6)
    assert [p.move for p in tb.line(pos).plies][:2] == ["h8-f8", "f7-a7"]
    # The Position's counter, unless the call names one: DTZ 7 wins at counter 25, not 26.
    late = damatb.Position(WON, counter=26)
    assert tb.probe(late).result == "draw"
    assert tb.probe(late, counter=0).result == "win"
    assert tb.get_result(damatb.Position(WON, counter=40)) is None
