"""What the module's tests share: the tool, the tables up to 3 pieces, a won position."""
import os
import subprocess

import pytest

import damatb

DAMATB = os.environ["DAMATB"]  # the tool, which generates the tables and answers --json
WON = "W:Wc2,Kf2:BKh8"  # docs/values.md: win, DTZ 7, best move f2-f7


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables")
    subprocess.run([DAMATB, "generate", "--pieces", "3", "--out", str(path)], check=True,
                   stdout=subprocess.DEVNULL)
    return str(path)


@pytest.fixture
def tb(tables):
    with damatb.Tablebase(tables) as t:
        yield t


@pytest.fixture
def tool_error():
    """The message of a failing run of the tool, without its "damatb: error: " prefix."""
    def run(*args):
        done = subprocess.run([DAMATB, *args], capture_output=True, text=True)
        assert done.returncode != 0, f"damatb {' '.join(args)} did not fail"
        prefix = "damatb: error: "
        last = done.stderr.strip().splitlines()[-1]
        assert last.startswith(prefix), done.stderr
        return last[len(prefix):]
    return run
