"""The server answers function forms and table rows where mypy checks them, and only there.

Hands (tenhou rules, non-dealer unless said):
- 234p234s456m567s44p won on 3p by ron: tanyao 1 han; fu 20 + 10 (closed ron) + 2
  (kanchan) = 32 -> 40; 40 * 2**3 = 320 basic, * 4 = 1280 -> 1300.
- 123m456p234s789s55m won on 4s by ron with riichi: riichi + pinfu, 2 han 30 fu; 30 * 2**4
  = 480 basic, * 4 = 1920 -> 2000 (a row saying 2900 is wrong).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from typed_mahjong.lsp.analysis import ERROR, NOTE, Checker
from typed_mahjong.query.settings import load_config

T = '"234p234s456m567s44p", win="3p"'
MODULE = f"""from typing import TYPE_CHECKING, Callable, Literal
from typed_mahjong import explain, points
from typed_mahjong.query import cases


def checked() -> None:
    assert points({T}) == 1600
    assert 1300 != points({T})
    assert points({T}) == 1300


def untyped():
    assert points({T}) == 1600


def after_return() -> None:
    return
    assert points({T}) == 1600


def shadowed(points: Callable[..., int]) -> None:
    assert points({T}) == 1600


if TYPE_CHECKING:
    pass
else:
    assert points({T}) == 1600

wrong: Literal[1600] = points({T})
right: Literal[1300] = points({T})
typo = points("234p234s456m567s44p", win="3x")
ROWS = [cases.points("123m456p234s789s55m", win="4s", riichi=True, expect=2900),
        cases.points("123m456p234s789s55m", win="4s", riichi=True, expect=2000)]
explain({T})
"""

# Calls in statements of every kind (global holds plain names, not nodes).
STATEMENTS = f"""from typed_mahjong import points
x = 1
def f() -> None:
    global x
    found = [points({T}) == 1600 for _ in range(2)]
    with open("f") as h: assert points({T}) != 1300
    try:
        pass
    except ValueError as e:
        pass
    match x:
        case 1: assert points({T}) == 1
"""


def _errors(source: str, checker: Checker | None = None) -> list[str]:
    report = (checker or Checker(load_config(None))).check(source, "buffer")
    return [f"{m.span.line}:{m.span.column + 1}: {m.text} [{m.code}]"
            for m in report.messages if m.severity == ERROR]


def test_calls_are_answered_where_mypy_checks_them() -> None:
    assert _errors(MODULE) == [
        "7:12: typed-mahjong computed 1300 here, not 1600: this comparison is always False "
        "[mahjong-mismatch]",
        # 1300 != 1300 is no mismatch, nor is == 1300; the untyped function, the statement
        # after return, the parameter named points and the else of TYPE_CHECKING are not
        # checked by mypy, so not by the server.
        '30:24: Incompatible types in assignment (expression has type "Literal[1300]", '
        'variable has type "Literal[1600]") [assignment]',
        "32:44: win: unknown character 'x' (tiles are digits followed by m, p, s or z, or "
        "one of the honour letters E S W N P F C) [mahjong-malformed]",
        '33:75: Argument "expect" to "points" has incompatible type "Literal[2900]"; '
        'expected "Literal[2000]" [arg-type]',
    ]


def test_explain_gives_the_breakdown_as_notes() -> None:
    notes = [m for m in Checker(load_config(None)).check(MODULE).messages
             if m.severity == NOTE]
    assert notes and {m.span.line for m in notes} == {35}
    assert notes[0].text == "typed-mahjong:"
    assert any("1300" in m.text for m in notes) and any("40 fu" in m.text for m in notes)


def test_an_edit_of_a_call_reads_one_statement_and_asks_nothing_new() -> None:
    checker = Checker(load_config(None))
    checker.check(MODULE, "buffer")
    before = checker.work("buffer")
    edited = MODULE.replace("wrong: Literal[1600]", "wrong: Literal[1300]")
    assert not any(line.startswith("30:") for line in _errors(edited, checker))
    after = checker.work("buffer")
    assert after["statements_read"] - before["statements_read"] == 1
    assert after["lines_parsed"] - before["lines_parsed"] == 1
    assert after["asked"] == before["asked"]  # 1300 came from the memo


def test_an_import_that_binds_a_form_reads_the_calls_again() -> None:
    without = MODULE.replace("from typed_mahjong import explain, points\n",
                             "from other import explain, points\n")
    checker = Checker(load_config(None))
    assert _errors(without, checker) == [_errors(MODULE)[-1]]  # the row only
    assert len(_errors(MODULE, checker)) == 4


@pytest.mark.slow
@pytest.mark.parametrize("source", [MODULE, STATEMENTS], ids=["module", "statements"])
def test_mypy_reports_the_same(source: str, tmp_path: Path) -> None:
    from test_lsp_matches_mypy import _mypy_errors

    path = tmp_path / "main.py"
    path.write_text(source)
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nplugins = typed_mahjong.plugin\nshow_column_numbers = True\n"
                      "[mypy-typed_mahjong.*]\nignore_errors = True\n")
    assert _mypy_errors(path, config, tmp_path / "cache") == _errors(source)


def test_calls_inside_every_kind_of_statement() -> None:
    # global (a list of plain names), a comprehension, with, try and match: mypy reports
    # lines 5 and 12 (test_mypy_reports_the_same), and so does the server.
    assert [line.split(": ")[0] for line in _errors(STATEMENTS)] == ["5:14", "12:24"]
