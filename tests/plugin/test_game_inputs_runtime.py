"""Game inputs at run time: every annotation of test_game_inputs.yaml, evaluated without
mypy, has the value (or raises the error) mypy shows there; the command line, given the
same inputs, scores the same; a GameError names the input at fault.

The hand-worked values are in the comments of test_game_inputs.yaml; this file reads them
from the expectations there, so the two times are held to one list.
"""

from __future__ import annotations

import ast
import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml

import typed_mahjong
from typed_mahjong.cli import main
from typed_mahjong.errors import NoYaku
from typed_mahjong.games import GameError, builtin_path, load
from typed_mahjong.query.annotations import Query
from typed_mahjong.query.building import AnnotationError
from typed_mahjong.query.names import GAME_MARKERS

CASES = Path(__file__).with_name("test_game_inputs.yaml")
CHOWS = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s"  # four chows and a pair of 5s
# The exception each of the plugin's codes stands for at run time.
RAISED: dict[str, type[Exception]] = {
    "mahjong-game": GameError, "mahjong-usage": AnnotationError, "mahjong-no-yaku": NoYaku}


def _case(name: str) -> str:
    cases = yaml.safe_load(CASES.read_text(encoding="utf-8"))
    main_text: str = next(case["main"] for case in cases if case["case"] == name)
    return main_text


def _annotations(source: str) -> dict[str, tuple[int, Query]]:
    """Variable -> (line, the Query of its annotation), each annotation evaluated as Python
    evaluates it without ``from __future__ import annotations``."""
    namespace = {name: getattr(typed_mahjong, name) for name in typed_mahjong.__all__}
    found: dict[str, tuple[int, Query]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            code = compile(ast.Expression(node.annotation), str(CASES), "eval")
            hint = eval(code, dict(namespace))  # noqa: S307 - our own test file
            query = typing.get_args(hint)[1]
            assert isinstance(query, Query)
            found[node.target.id] = (node.lineno, query)
    return found


def _revealed(text: str) -> object:
    """``Literal[16]`` -> 16; a tuple of Literals -> the tuple of their names."""
    names = re.findall(r"Literal\['([^']*)'\]", text)
    if text.startswith("tuple["):
        return tuple(names)
    number = re.fullmatch(r"Literal\[(-?\d+)\]", text)
    assert number is not None, text
    return int(number.group(1))


def _expected_values() -> list[tuple[str, Query, object]]:
    source = _case("game_inputs_give_the_value")
    queries = _annotations(source)
    found = []
    for line in source.splitlines():
        revealed = re.fullmatch(r'reveal_type\((\w+)\)  # N: Revealed type is "(.*)"', line)
        if revealed:
            name = revealed.group(1)
            found.append((name, queries[name][1], _revealed(revealed.group(2))))
    return found


VALUES = _expected_values()


@pytest.mark.parametrize(("name", "query", "value"), VALUES, ids=[v[0] for v in VALUES])
def test_run_time_gives_the_value_mypy_shows(name: str, query: Query, value: object) -> None:
    assert query.evaluate() == value


def test_every_value_annotation_is_checked() -> None:
    assert len(VALUES) == 8


def _expected_errors() -> list[tuple[str, Query, str, str]]:
    source = _case("game_inputs_at_fault")
    queries = _annotations(source)
    lines = source.splitlines()
    found = []
    for name, (line, query) in queries.items():
        expected = re.search(r"# ER:\d+: (.*)  \\\[(mahjong-[a-z-]+)\\\]$", lines[line - 1])
        assert expected is not None, lines[line - 1]
        found.append((name, query, expected.group(1), expected.group(2)))
    return found


ERRORS = _expected_errors()


@pytest.mark.parametrize(("name", "query", "pattern", "code"), ERRORS,
                         ids=[e[0] for e in ERRORS])
def test_run_time_raises_the_error_mypy_reports(name: str, query: Query, pattern: str,
                                                code: str) -> None:
    with pytest.raises(RAISED[code]) as caught:
        query.evaluate()
    # The plugin names the game first ("game hk-oldstyle: "); at run time a GameError names
    # the file instead.
    message = pattern.removeprefix("game hk-oldstyle: ")
    assert re.search(message, str(caught.value)), (str(caught.value), message)
    if code == "mahjong-game":
        assert isinstance(caught.value, GameError) and caught.value.input is not None


def test_every_error_annotation_is_checked() -> None:
    assert len(ERRORS) == 13


def _cli_points(*argv: str, capsys: pytest.CaptureFixture[str]) -> Any:
    assert main(["game", "score", "hk-oldstyle", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["points"]


POINTS = [row for row in VALUES if row[1].result == "Points"]


@pytest.mark.parametrize(("name", "query", "value"), POINTS, ids=[v[0] for v in POINTS])
def test_the_command_line_with_the_same_inputs_scores_the_same(
        name: str, query: Query, value: object, capsys: pytest.CaptureFixture[str]) -> None:
    call = query.call()
    inputs = [f"--input={key}={'true' if given is True else given}"
              for key, given in call.situation]
    assert _cli_points(call.hand, *inputs, capsys=capsys) == value


def test_the_command_line_shortcuts_are_the_markers(capsys: pytest.CaptureFixture[str]) -> None:
    # Seat east, round south, two flowers, one the player's: 256 (the yaml's working).
    pungs = "1m 1m 1m 5m 5m 5m 9m 9m 9m east east east 3m 3m"
    assert _cli_points(pungs, "--seat", "E", "--round", "S", "--flowers", "2", "--input",
                       "seat_flowers=1", capsys=capsys) == 256
    assert _cli_points(CHOWS, "--tsumo", "--concealed", capsys=capsys) == 16  # 4 faan
    # Each game marker's input has the command line shortcut of its name.
    usage = _score_help(capsys)
    for row in GAME_MARKERS:
        assert f"--{row.input}" in usage, row


def _score_help(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main(["game", "score", "--help"])
    return capsys.readouterr().out


def test_the_api_names_the_input_at_fault() -> None:
    hk = load(builtin_path("hk-oldstyle"))
    with pytest.raises(GameError) as unknown:
        hk.score(CHOWS, flowerz=1)
    assert unknown.value.input == "flowerz" and unknown.value.position is None
    with pytest.raises(GameError) as ill_typed:
        hk.score(CHOWS, seat="X")
    assert ill_typed.value.input == "seat"
    # A fault of the hand itself names no input.
    with pytest.raises(GameError) as bad_tile:
        hk.score(CHOWS.replace("5s 5s", "5s 5x"), tsumo=True)
    assert bad_tile.value.input is None and bad_tile.value.position is not None
