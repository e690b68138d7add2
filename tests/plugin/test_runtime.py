"""The annotation names at run time: they import, evaluate, and agree with the plugin."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Annotated, Literal, get_args, get_type_hints

import pytest
from plugin_support import REPO, Project

import typed_mahjong
from typed_mahjong import (
    Dora,
    Hand,
    HandError,
    Points,
    Query,
    Riichi,
    Ron,
    Rules,
    Seat,
    Tile,
    Waits,
    Yaku,
    fu,
    han,
    payment,
    points,
    total,
    yaku,
)
from typed_mahjong.query.building import AnnotationError, build_call
from typed_mahjong.query.functions import explain


def load_fixtures() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fixtures", REPO / "examples" / "fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fixtures_module_imports_and_its_hints_evaluate() -> None:
    fixtures = load_fixtures()
    plain = get_type_hints(fixtures)
    assert plain["tanyao_kanchan"] is int and plain["pinfu_tsumo_payment"] is str
    rich = get_type_hints(fixtures, include_extras=True)
    query = rich["tanyao_kanchan"].__metadata__[0]
    assert isinstance(query, Query) and query.result == "Points"


def test_every_fixture_value_agrees_with_the_core_at_run_time() -> None:
    """The hand-worked values of examples/fixtures.py, checked again without mypy."""
    fixtures = load_fixtures()
    checked = 0
    for name, hint in get_type_hints(fixtures, include_extras=True).items():
        if typing.get_origin(hint) is not Annotated:
            continue
        query = hint.__metadata__[0]
        answer = query.evaluate(base_dir=REPO / "examples")
        value = getattr(fixtures, name)
        if isinstance(answer, tuple):  # Yaku and Waits: the value is one of the names
            assert value in answer, name
        else:
            assert answer == value, name
        checked += 1
    assert checked >= 60


def test_runtime_values_of_inputs() -> None:
    assert Hand["234p", "234s"].values == ("234p", "234s")
    assert Hand[Literal["234p234s456m567s44p"]].values == ("234p234s456m567s44p",)
    assert Rules["majsoul"].name == "majsoul"  # the preset itself
    query = Points[Hand["123m456p234s789s55m"], Ron["4s"], Riichi, Seat["E"]].__metadata__[0]
    # riichi + pinfu, dealer: 2 han 30 fu, 480 * 6 = 2880 -> 2900
    assert query.evaluate() == 2900
    assert Waits[Hand["123m456p789s55m23s"]].__metadata__[0].evaluate() == ("1s", "4s")
    # 234p234s456m567s44p ron 3p with indicator 4m: it shows 5m, one of them in 456m, so
    # one dora -- which counts as han but is no yaku.
    tanyao = Yaku[Hand["234p234s456m567s44p"], Ron["3p"], Dora["4m"]].__metadata__[0]
    assert tanyao.evaluate() == ("tanyao",)
    # A rules argument applies unless the annotation names its own: junchan + pinfu is
    # 4 han 30 fu, 7700, or 8000 with kiriage (WRC).
    junchan = Points[Hand["123m789m123p789s99p"], Ron["1m"]].__metadata__[0]
    assert (junchan.evaluate(), junchan.evaluate("wrc")) == (7700, 8000)
    own = Points[Hand["123m789m123p789s99p"], Ron["1m"], Rules["tenhou"]].__metadata__[0]
    assert own.evaluate("wrc") == 7700


def test_function_forms_at_run_time() -> None:
    pinfu = "123m456p234s789s55m"
    assert points(pinfu, win="4s") == 1000
    assert han(pinfu, win="4s", riichi=True) == 2
    assert fu(pinfu, win="4s", tsumo=True) == 20
    assert payment(pinfu, win="4s", tsumo=True, seat="E") == "700-all"
    assert total(pinfu, win="4s", honba=2, sticks=1) == 2600  # 1000 + 600 + 1000
    assert yaku(pinfu, win="4s", riichi=True, dora="4m") == ("riichi", "pinfu")
    assert "pinfu" in explain(pinfu, win="4s")
    with pytest.raises(HandError):
        points(pinfu, win="3x")


@pytest.mark.parametrize(("inputs", "message", "where"), [
    ([], "needs a hand", (None, None)),
    ([("Hand", ("123m",)), ("Hand", ("456p",))], "has Hand twice", (1, None)),
    ([("Hand", ("123m",)), ("Ron", ("1m",)), ("Tsumo", ("1m",))], "both Ron and Tsumo",
     (2, None)),
    ([("Hand", ("123m",)), ("Honba", ("2",))], "takes an int", (1, 0)),
    ([("Hand", (1,)), ("Ron", ("1m",))], "takes strings", (0, 0)),
    ([("Hand", ("123m",)), ("Ron", ("1m", "2m"))], "takes one value, got 2", (1, 1)),
    ([("Hand", ("123m",)), ("Riichi", (True,))], "takes no value", (1, None)),
    ([("Hand", ("123m",)), ("Nagashi", ())], "Nagashi is not an input", (1, None)),
])
def test_build_call_names_the_input_at_fault(
        inputs: list[tuple[str, tuple[object, ...]]], message: str,
        where: tuple[int | None, int | None]) -> None:
    with pytest.raises(AnnotationError) as caught:
        build_call("Points", inputs)
    assert message in caught.value.message
    assert (caught.value.input_index, caught.value.value_index) == where


def test_hand_pieces_join_as_the_notation_wants() -> None:
    call = build_call("Points", [("Hand", ("123m", "pon:555z", "456p")), ("Ron", ("1m",))])
    assert call.hand == "123m456p pon:555z"
    origin = call.origin("hand")
    assert origin is not None
    # offset 5 ('5' of 456p) is in piece 2 at offset 1; offset 9 ('p' of pon) in piece 1
    assert (origin.locate(5), origin.locate(9)) == ((2, 1), (1, 0))
    game = build_call("Points", [("Game", ("g.yaml",)), ("Hand", ("fox", "owl"))])
    assert game.hand == "fox owl"


def test_tile_types_list_every_spelling() -> None:
    spellings = set(get_args_flat(Tile))
    # 27 suited tiles, 3 red fives, 7 honours written 1z-7z and 7 written as letters.
    assert len(spellings) == 27 + 3 + 7 + 7
    assert {"0p", "5z", "C", "E"} <= spellings and "10m" not in spellings
    assert set(get_args_flat(typed_mahjong.Wind)) == {"1z", "2z", "3z", "4z", "E", "S", "W",
                                                      "N"}


def get_args_flat(alias: object) -> list[str]:
    args: list[str] = []
    for arg in get_args(alias):
        args.extend([arg] if isinstance(arg, str) else get_args_flat(arg))
    return args


TILE_USER = """\
from typed_mahjong import Tile

def discard(tile: Tile) -> None: ...

discard("5m")
discard("0p")
discard("C")
discard("10m")
"""


def test_tile_types_need_no_plugin_in_mypy(project: Project) -> None:
    project.write("mypy.ini", "[mypy]\n")
    project.write("m.py", TILE_USER)
    result = project.check("m.py", config="mypy.ini")
    assert len(result.lines) == 1 and result.lines[0].startswith("m.py:8: error: Argument 1 ")
    assert '"Literal[\'10m\']"' in result.lines[0] and result.lines[0].endswith("[arg-type]")


@pytest.mark.skipif(shutil.which("pyright", path=str(Path(sys.executable).parent)) is None,
                    reason="pyright is not installed")
def test_tile_types_need_no_plugin_in_pyright(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(TILE_USER)
    pyright = str(Path(sys.executable).parent / "pyright")
    completed = subprocess.run([pyright, "--pythonpath", sys.executable, "m.py"],
                               cwd=tmp_path, capture_output=True, text=True, timeout=300,
                               check=False)
    assert completed.returncode == 1, completed.stdout
    errors = [line for line in completed.stdout.splitlines() if " - error: " in line]
    assert len(errors) == 1 and "m.py:8:" in errors[0] and "'10m'" in errors[0]
