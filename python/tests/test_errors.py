"""The module's exceptions: their types, and a str() that is the tool's message word for word."""
import os
import shutil

import pytest

import damatb
from conftest import WON

MISSING = "W:WKa1,Kb1:BKc1,Kd1"  # KKvKK: 4 pieces, not in the tables up to 3


def test_a_missing_class(tb, tables, tool_error):
    with pytest.raises(damatb.MissingTableError) as e:
        tb.probe(MISSING)
    assert isinstance(e.value, KeyError)
    # The message itself, not in KeyError's quotes, and the position that needed the class.
    assert str(e.value) == tool_error("probe", "--tables", tables, MISSING)
    assert str(e.value).startswith("class KKvKK")
    assert str(e.value).endswith(f" (needed for {MISSING})")
    with pytest.raises(damatb.MissingTableError) as e:
        tb.line(MISSING)
    assert str(e.value) == tool_error("line", "--tables", tables, MISSING)


def test_a_fen_that_cannot_be_read(tb, tables, tool_error):
    with pytest.raises(damatb.PositionError) as e:
        tb.probe("W:Wz9:BKh8")
    assert isinstance(e.value, ValueError)
    assert str(e.value) == tool_error("probe", "--tables", tables, "W:Wz9:BKh8")
    assert "'z9'" in str(e.value)
    with pytest.raises(damatb.PositionError) as e:
        damatb.Position("W:Wz9:BKh8")
    assert str(e.value) == tool_error("probe", "--tables", tables, "W:Wz9:BKh8")


def test_a_counter_out_of_range(tb, tables, tool_error):
    # The server's words; the tool names its option: "--counter 32 is out of range: ...".
    with pytest.raises(damatb.PositionError) as e:
        tb.probe(WON, 32)
    assert str(e.value) == "counter 32 is out of range: 0 to 31 under king-move limit 32"
    assert tool_error("probe", "--counter", "32", "--tables", tables, WON) == "--" + str(e.value)
    with pytest.raises(damatb.PositionError, match=r"^counter -1 is out of range: at least 0$"):
        damatb.Position(WON, counter=-1)


def test_a_game_already_over(tb, tables, tool_error):
    # Black, not to move, has no piece: the game ended before; the tables hold no value.
    with pytest.raises(damatb.PositionError) as e:
        tb.probe("W:WKa1:B")
    assert str(e.value) == tool_error("probe", "--tables", tables, "W:WKa1:B")
    assert str(e.value) == "W:WKa1:B: Black, not to move, has no piece: the game ended before this position"


def test_a_damaged_file(tables, tmp_path, tool_error):
    bad = tmp_path / "bad"
    shutil.copytree(tables, bad)
    data = bytearray((bad / "KvM+.dtb").read_bytes())
    data[-1] ^= 0xFF
    (bad / "KvM+.dtb").write_bytes(bytes(data))
    with damatb.Tablebase(str(bad)) as t:
        with pytest.raises(damatb.TableError) as e:
            t.probe("W:WKa1:Bd5")
    assert str(e.value) == tool_error("probe", "--tables", str(bad), "W:WKa1:Bd5")
    assert "KvM+.dtb" in str(e.value)


def test_tables_of_another_ruleset(tables, tool_error):
    # Refused at the first probe, naming what they were built under.
    with damatb.Tablebase(tables, king_move_limit=0) as other:
        with pytest.raises(damatb.TableError) as e:
            other.probe(WON)
    assert str(e.value) == tool_error("probe", "--king-move-limit", "0", "--tables", tables, WON)
    assert "built under end-of-move.king-wins.32" in str(e.value)


def test_a_folder_without_tables(tmp_path, tool_error):
    with pytest.raises(damatb.TableError) as e:
        damatb.Tablebase(str(tmp_path))
    assert str(e.value) == tool_error("probe", "--tables", str(tmp_path), WON)
    assert str(e.value) == f"no table files (*.dtb) in '{tmp_path}'"
    none = os.path.join(tmp_path, "none")
    with pytest.raises(damatb.TableError) as e:
        damatb.Tablebase(none)
    # The tool's words, without the option that named the folder.
    assert str(e.value) == f"tables folder '{none}' does not exist"
    assert tool_error("probe", "--tables", none, WON) == f"tables folder '{none}' (--tables) does not exist"


def test_a_ruleset_word_that_is_not_one(tables):
    with pytest.raises(ValueError) as e:
        damatb.Tablebase(tables, promotion="sometimes")
    assert str(e.value) == "unknown promotion option 'sometimes' (expected end-of-move or immediate)"
    with pytest.raises(ValueError, match=r"^unknown lone-pieces option 'never' \(expected"):
        damatb.Tablebase(tables, lone_pieces="never")
    with pytest.raises(ValueError, match=r"^king-move limit 256 is not from 0 to 255$"):
        damatb.Tablebase(tables, king_move_limit=256)


def test_a_closed_tablebase(tables):
    with damatb.Tablebase(tables) as t:
        pass
    with pytest.raises(ValueError, match=r"^the Tablebase is closed$"):
        t.probe(WON)


def test_not_a_position(tb):
    with pytest.raises(TypeError, match=r"^expected a FEN \(str\) or a damatb.Position, not int$"):
        tb.probe(42)
    with pytest.raises(TypeError, match="not NoneType"):
        damatb.moves(None)
