"""Issue 44: the test ids of ``Case`` rows under the opt-in pytest plugin. pytest makes
equal ids distinct by appending a counter, which after a hand or a tile reads as part of
it (``...3p0``, ``...3p1``: tiles); the plugin numbers a repeated row ``#2``, ``#3``, which
no tile is written as."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROWS = '''\
import pytest
from typed_mahjong.query import cases

ROW = cases.points("234p234s456m567s44p", win="3p", expect=1300)


@pytest.mark.parametrize("case", [ROW, ROW, cases.points("123m456p234s789s55m", win="4s",
                                                         expect=1000), ROW])
def test_rows(case: cases.Case) -> None:
    case.check()


@pytest.mark.parametrize("case", [ROW])
@pytest.mark.parametrize("other", [ROW, ROW])
def test_two_columns(case: cases.Case, other: cases.Case) -> None:
    pass
'''


def _collected(tmp_path: Path) -> list[str]:
    (tmp_path / "test_rows.py").write_text(ROWS, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only",
                          "-p", "no:cacheprovider", "-p", "typed_mahjong.query.pytest_plugin",
                          "test_rows.py"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120, check=False)
    return [line for line in out.stdout.splitlines() if line.startswith("test_rows.py::")]


def test_repeated_rows_are_numbered_apart_from_the_tiles(tmp_path: Path) -> None:
    row, other = "points 234p234s456m567s44p 3p", "points 123m456p234s789s55m 4s"
    assert _collected(tmp_path) == [
        f"test_rows.py::test_rows[{row}]",
        f"test_rows.py::test_rows[{row} #2]",
        f"test_rows.py::test_rows[{other}]",
        f"test_rows.py::test_rows[{row} #3]",
        # Each column numbers its own rows; pytest joins the columns with '-'.
        f"test_rows.py::test_two_columns[{row}-{row}]",
        f"test_rows.py::test_two_columns[{row} #2-{row}]",
    ]
