"""Issue 32 item 2: ``check_fixtures(module)``, the run-time check of annotated fixtures,
catches every fixture form when wrong and names it with the right value.

Hands (worked by hand, as in test_parametrize_rows.yaml):
- T = 234p234s456m567s44p won on 3p: tanyao 1 han 40 fu, 1300; dealer (Seat["E"]) 2000.
- P = 123m456p234s789s55m won on 4s: pinfu 1 han 30 fu, 1000 by ron; with riichi 2000,
  yaku ("riichi", "pinfu"); tanyao is not one of them (123m holds terminals).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
from plugin_support import REPO

from typed_mahjong.errors import MahjongError
from typed_mahjong.query.check import FixtureError, check_fixtures

HEADER = """\
from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple, TypedDict

from typing_extensions import TypeAlias

from typed_mahjong import Hand, Points, Riichi, Ron, Seat, Yaku, YakuSet

T = "234p234s456m567s44p"
P = "123m456p234s789s55m"
DealerRon: TypeAlias = Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat["E"]]
"""


def _module(tmp_path: Path, body: str, *, future: bool = False, name: str = "fx") -> ModuleType:
    source = ("from __future__ import annotations\n" if future else "") + HEADER + \
        textwrap.dedent(body)
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"{name}_{tmp_path.name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # As an imported module is (dataclasses look their module up there); a unique name.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _wrong(module: ModuleType) -> dict[str, str]:
    with pytest.raises(FixtureError) as caught:
        check_fixtures(module)
    assert isinstance(caught.value, MahjongError) and isinstance(caught.value, AssertionError)
    return {wrong.name: str(wrong) for wrong in caught.value.wrong}


FORMS = {
    # name in the message: (the fixture, as written; the right value)
    "FINAL": ('FINAL: Final[Points[Hand["234p234s456m567s44p"], Ron["3p"]]] = 1600', 1300),
    "PLAIN": ('PLAIN: Points[Hand["123m456p234s789s55m"], Ron["4s"], Riichi] = 1000', 2000),
    "Table.dealer": ('class Table:\n    dealer: DealerRon = 1300', 2000),
    "Table.fixed": ('class Table:\n    fixed: ClassVar[Points[Hand["234p234s456m567s44p"], '
                    'Ron["3p"]]] = 1000', 1300),
    "Case.default": ('@dataclass\nclass Case:\n    dealer: DealerRon\n    default: Points['
                     'Hand["234p234s456m567s44p"], Ron["3p"]] = 1600\nCASES = [Case(2000)]',
                     1300),
    "CASES[1].dealer": ('@dataclass\nclass Case:\n    dealer: DealerRon\n'
                        'CASES = [Case(2000), Case(1300)]', 2000),
    "BY_NAME['dealer'].dealer": ('@dataclass(frozen=True)\nclass Case:\n    dealer: DealerRon\n'
                                 'BY_NAME = {"dealer": Case(1300)}', 2000),
    "ROWS[0].points": ('class Row(NamedTuple):\n    points: Points[Hand["234p234s456m567s44p"]'
                       ', Ron["3p"]]\nROWS = (Row(1200),)', 1300),
    "Row.name": ('class Row(NamedTuple):\n    points: Points[Hand["234p234s456m567s44p"], '
                 'Ron["3p"]]\n    name: Yaku[Hand["123m456p234s789s55m"], Ron["4s"], Riichi] = '
                 '"tanyao"\nROWS = (Row(1300),)', ("riichi", "pinfu")),
    "row['points']": ('class Item(TypedDict):\n    points: Points[Hand["234p234s456m567s44p"],'
                      ' Ron["3p"]]\nrow: Item = {"points": 1700}', 1300),
    "ITEMS[1]['points']": ('class Item(TypedDict):\n    points: Points[Hand['
                           '"234p234s456m567s44p"], Ron["3p"]]\nITEMS: list[Item] = '
                           '[{"points": 1300}, {"points": 1800}]', 1300),
    "Outer.Inner.value": ('class Outer:\n    class Inner:\n        value: YakuSet[Hand['
                          '"123m456p234s789s55m"], Ron["4s"], Riichi] = ("pinfu", "riichi")',
                          ("riichi", "pinfu")),
}


@pytest.mark.parametrize("future", [False, True], ids=["evaluated", "future-annotations"])
@pytest.mark.parametrize("name", list(FORMS))
def test_each_fixture_form_is_caught_when_wrong(tmp_path: Path, name: str,
                                                future: bool) -> None:
    body, right = FORMS[name]
    module = _module(tmp_path, body + "\n", future=future)
    wrong = _wrong(module)
    assert list(wrong) == [name], wrong
    assert f"the core says {'one of ' if name == 'Row.name' else ''}{right!r}" in wrong[name]


def test_right_fixtures_pass_and_are_counted(tmp_path: Path) -> None:
    module = _module(tmp_path, """\
        FINAL: Final[Points[Hand["234p234s456m567s44p"], Ron["3p"]]] = 1300

        @dataclass
        class Case:
            dealer: DealerRon
            plain: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300

        class Row(NamedTuple):
            name: Yaku[Hand["123m456p234s789s55m"], Ron["4s"], Riichi]

        class Item(TypedDict):
            names: YakuSet[Hand["123m456p234s789s55m"], Ron["4s"], Riichi]

        CASES = [Case(2000), Case(2000, int("1300"))]
        ROWS = [Row("riichi"), Row("pinfu")]
        ITEMS: dict[str, Item] = {"first": {"names": ("riichi", "pinfu")}}
    """)
    # FINAL, Case.plain (the default, checked once at its class, not in CASES[0]),
    # CASES[0].dealer, CASES[1].dealer, CASES[1].plain (a value of its own), ROWS[0].name,
    # ROWS[1].name, ITEMS['first']['names'].
    assert check_fixtures(module) == 8


def test_a_hand_the_core_refuses_is_named(tmp_path: Path) -> None:
    module = _module(tmp_path, 'BAD: Points[Hand["234p234s456m567s44q"], Ron["3p"]] = 1300\n')
    wrong = _wrong(module)
    assert "unknown character 'q'" in wrong["BAD"]


def test_a_class_is_checked_alone(tmp_path: Path) -> None:
    module = _module(tmp_path, 'class Table:\n    dealer: DealerRon = 1300\n')
    with pytest.raises(FixtureError, match=r"Table.dealer = 1300, but the core says 2000"):
        check_fixtures(module.Table)


def test_annotations_that_cannot_be_evaluated_are_an_error_not_a_pass(tmp_path: Path) -> None:
    # What ruff's UP037 leaves of Seat["E"] under `from __future__ import annotations`.
    module = _module(tmp_path, 'X: Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat[E]] '
                     '= 2000\n', future=True)
    with pytest.raises(FixtureError, match=r"cannot be evaluated.*NameError.*'E'"):
        check_fixtures(module)


def test_many_wrong_fixtures_are_all_counted_and_the_message_stays_short(tmp_path: Path) -> None:
    body = "".join(f'W{index}: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = {index}\n'
                   for index in range(30))
    with pytest.raises(FixtureError) as caught:
        check_fixtures(_module(tmp_path, body))
    assert len(caught.value.wrong) == 30
    assert "... and 10 more" in str(caught.value)


def test_the_example_fixtures_module_passes() -> None:
    spec = importlib.util.spec_from_file_location("example_fixtures",
                                                  REPO / "examples" / "fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # Game["games/colour-trios.yaml"] is relative to the examples folder, as its mypy.ini.
    assert check_fixtures(module, base_dir=REPO / "examples") > 50


def test_a_failing_check_shows_the_callers_line_not_the_librarys_source(
        tmp_path: Path) -> None:
    # What a user's test run prints: the message and the test's own line. The walk's frames
    # (check.py's source, typing's evaluation of the annotation) say nothing the message
    # does not, so pytest is told to hide them.
    (tmp_path / "fx.py").write_text(
        HEADER + 'WRONG: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1600\n')
    (tmp_path / "fx_e.py").write_text(
        "from __future__ import annotations\n" + HEADER
        + 'X: Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat[E]] = 2000\n')
    (tmp_path / "test_fx.py").write_text(
        "import fx, fx_e\nfrom typed_mahjong.query.check import check_fixtures\n\n\n"
        "def test_wrong() -> None:\n    check_fixtures(fx)\n\n\n"
        "def test_unevaluated() -> None:\n    check_fixtures(fx_e)\n")
    for style in ("auto", "long", "short"):
        out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                              f"--tb={style}", "test_fx.py"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=120, check=False).stdout
        assert "2 failed" in out, out
        assert "test_fx.py:6" in out and "test_fx.py:10" in out, out
        assert "FixtureError: 1 of 1 fixtures of fx disagree with the core" in out, out
        assert "WRONG = 1600, but the core says 1300" in out, out
        assert "cannot be evaluated" in out and "NameError: name 'E' is not defined" in out
        for ours in ("check.py", "typing.py", "raise FixtureError", "walker",
                     "The above exception"):
            assert ours not in out, (style, ours, out)
