"""The games' errors belong to the error family (issue 30): each is a ``MahjongError`` that
says where the fault is, and the command line reports it once, through the router."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games_support import run

from typed_mahjong.errors import MahjongError
from typed_mahjong.games import BAD_HAND, GameError, builtin_path, load, loads
from typed_mahjong.games.compiler import CompileError
from typed_mahjong.games.syntax import ExprSyntaxError, parse
from typed_mahjong.games.yamlsafe import YamlRefused, compose

BAD = "name: x\nrules: {hand_size: 30}\ntiles: {}\nyaku: {}\n"


@pytest.mark.parametrize("error", [GameError, YamlRefused, ExprSyntaxError, CompileError])
def test_every_games_error_is_a_mahjong_error(error: type[Exception]) -> None:
    assert issubclass(error, MahjongError) and issubclass(error, ValueError)


def test_a_file_error_names_file_line_and_column() -> None:
    with pytest.raises(GameError) as caught:
        loads(BAD, filename="f.yaml")
    # `30` is on line 2, column 20 (after "rules: {hand_size: ").
    assert caught.value.location() == {"file": "f.yaml", "line": 2, "column": 20}
    # str() is every problem: the first (with the count of the rest), then the others.
    assert str(caught.value).splitlines() == [
        "f.yaml:2:20: rules.hand_size: 30 is out of range (1 to 26) (and 1 more problem)",
        "  f.yaml:4:7: yaku: the game needs at least one yaku"]


def test_a_hand_error_names_the_hand_and_the_column_of_the_tile() -> None:
    forest = load(builtin_path("forest"))
    hand = "fox fox fox owl owl owl bear bear wolf"
    with pytest.raises(GameError) as caught:
        forest.score(hand)
    assert caught.value.kind == BAD_HAND and caught.value.position == hand.index("wolf")
    assert caught.value.location() == {"file": str(builtin_path("forest")),
                                       "column": hand.index("wolf") + 1, "field": "hand"}


def test_an_input_error_names_the_input() -> None:
    hk = load(builtin_path("hk-oldstyle"))
    with pytest.raises(GameError) as caught:
        hk.score("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s", seat="up")
    assert caught.value.input == "seat" and caught.value.field == "seat"


def test_the_parts_say_where() -> None:
    with pytest.raises(ExprSyntaxError) as syntax:
        parse("a.n == (b.n")
    assert syntax.value.column == syntax.value.position + 1
    with pytest.raises(YamlRefused) as refused:
        compose("a: [1, 2\nb: 3\n")
    assert refused.value.line is not None and refused.value.column is not None


def test_score_errors_come_out_once_as_json(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD)
    assert run("game", "score", str(bad), "a b c", "--json") == 2
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert captured.err == ""
    assert (report["status"], report["file"], report["line"], report["column"],
            report["exit_code"]) == ("error", str(bad), 2, 20, 2)
    assert "yaku: the game needs at least one yaku" in report["error"]


def test_a_hand_error_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "fox fox fox owl owl owl bear bear wolf"
    assert run("game", "score", "forest", hand) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("typed-mahjong: error: ")
    assert f"unknown tile 'wolf' at column {hand.index('wolf') + 1}" in err[0]


def test_a_bad_input_option_is_one_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("game", "score", "hk-oldstyle", "1m", "--input", "seat", "--json") == 2
    report = json.loads(capsys.readouterr().out)
    assert report["field"] == "--input" and "NAME=VALUE" in report["error"]
