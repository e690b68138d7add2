"""Hostile table rows and fixtures (issue 32's new surfaces): mypy runs in a capped child
(``mypy_capped``); every fault is a plugin error with a ``mahjong-*`` code or mypy's own
``[arg-type]``, never ``mahjong-internal``, and nothing raw reaches the output.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from hostile import assert_clean
from mypy_capped import mypy_capped
from plugin_support import Project, pyproject

from typed_mahjong.query import cases
from typed_mahjong.query.check import FixtureError, check_fixtures

HUGE = hex(2**20000)  # a literal of 6000 hex digits: its int has no decimal repr


def test_hostile_rows_end_as_errors_of_their_own(project: Project) -> None:
    long_hand = "1m" * 2500
    # Indented as the module below is before Project.write dedents it.
    rows = "\n".join(f'            cases.points("234p234s456m567s44p", win="3p", '
                     f'expect={1300 + index % 2}),' for index in range(3000))
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f'''\
        import pytest
        from typed_mahjong import Hand, Points, Ron
        from typed_mahjong.query import cases

        A = cases.points("234p234s456m567s44p", win="3p", expect={HUGE})
        B = cases.settle("234p234s456m567s44p", "3p", "W", expect=(0, {HUGE}))
        C = cases.points("{long_hand}", win="1m", expect=1)
        D = cases.points("234p\\x1b[31m", win="3p", expect=1)
        E = cases.game_points("/etc/passwd", "root", expect=1)
        F = cases.game_points("forest\\x1b]0;x\\x07", "fox", expect=1)
        G = cases.game_points("forest", "fox", flowers={HUGE}, expect=850)

        ROWS = [
{rows}
        ]

        @pytest.mark.parametrize("expected", [1300, {HUGE}, "1300", (1300,)])
        def test_column(expected: Points[Hand["234p234s456m567s44p"], Ron["3p"]]) -> None: ...
    ''')
    result = mypy_capped(project.root, "m.py", seconds=240)
    assert_clean(result, codes={1})
    out = result.stdout
    assert "mahjong-internal" not in out, out[-3000:]
    assert "\x1b" not in out and "\x07" not in out
    lines = out.splitlines()
    assert all(len(line) < 2000 for line in lines)
    # A: the huge expect; B: the tuple with it; C, D: the hands; E: outside the project;
    # F: no such game; G: the input; 1500 rows expecting 1301; the column's 3 wrong values.
    assert sum("to \"points\" has incompatible type" in line for line in lines) == 1 + 1500
    assert any("a number of about 6021 digits" in line for line in lines)
    assert any("outside the project" in line and "[mahjong-game]" in line for line in lines)
    assert sum('to "test_column"' in line for line in lines) == 3


def test_hostile_rows_at_run_time() -> None:
    with pytest.raises(AssertionError, match="a number of about 6021 digits"):
        cases.points("234p234s456m567s44p", win="3p", expect=int(HUGE, 16)).check()
    row = cases.points("1m" * 2500, win="1m", expect=1)
    assert len(str(row)) < 200
    with pytest.raises(ValueError):  # HandError (a MahjongError), as the function forms
        row.check()


def test_hostile_fixture_modules_end_with_one_bounded_error(tmp_path: Path) -> None:
    path = tmp_path / "hostile_fixtures.py"
    path.write_text(f'''\
from dataclasses import dataclass, field
from typed_mahjong import Hand, Points, Ron

class Loud:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

@dataclass
class Node:
    points: Points[Hand["234p234s456m567s44p"], Ron["3p"]]
    children: list["Node"] = field(default_factory=list)

ROOT = Node(1300)
ROOT.children.append(ROOT)  # a cycle
DEEP: list[object] = []
cursor = DEEP
for _ in range(10000):  # deeper than any fixture table
    cursor.append([])
    cursor = cursor[0]
cursor.append(Node(1600))
del cursor
HUGE: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = {HUGE}
LOUD: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = Loud()  # type: ignore
MANY = [Node(1300) for _ in range(20000)]
''', encoding="utf-8")
    spec = importlib.util.spec_from_file_location("hostile_fixtures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        with pytest.raises(FixtureError) as caught:
            check_fixtures(module)
    finally:
        del sys.modules[spec.name]
    names = {wrong.name for wrong in caught.value.wrong}
    # The node past the depth bound is not reached; the cycle is walked once.
    assert names == {"HUGE", "LOUD"}, names
    assert "a number of about 6021 digits" in str(caught.value)
    assert "<Loud>" in str(caught.value)
