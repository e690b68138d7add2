"""Numbers past Python's 4300-digit limit (issue 30), anywhere in a game file or given to
``Game.score``: a located error, never the ValueError ``int()`` and ``str()`` raise for
them, and never thousands of digits repeated in a message."""

from __future__ import annotations

import re

import pytest

from typed_mahjong.games import GameError, builtin_path, load, loads

GAME = """\
name: Numbers
rules: {hand_size: 3, structure: '3', players: 4, rounds: 1, starting_points: 0}
inputs:
  flowers: {type: int, min: 0, max: 8, default: 0}
tiles:
  t1: {n: 1, copies: 4}
  t2: {n: 2}
yaku:
  Y: {when: a.n == 1, points: 1}
"""
HAN = GAME.replace("structure: '3',", "structure: '3', unit: han, han_points: {1: 1000},"
                   ).replace("points: 1}", "han: 1}")
DIGITS = ["9" * 5000, "-" + "9" * 5000, "0x" + "f" * 5000, "0b" + "1" * 20000,
          "1" + "_0" * 4400]
PLACES = [
    (GAME, "players: 4", "players: {}"), (GAME, "rounds: 1", "rounds: {}"),
    (GAME, "starting_points: 0", "starting_points: {}"), (GAME, "hand_size: 3", "hand_size: {}"),
    (GAME, "copies: 4", "copies: {}"), (GAME, "n: 2", "n: {}"), (GAME, "points: 1", "points: {}"),
    (GAME, "min: 0", "min: {}"), (GAME, "max: 8", "max: {}"), (GAME, "default: 0", "default: {}"),
    (HAN, "han: 1", "han: {}"), (HAN, "{1: 1000}", "{{1: {}}}"), (HAN, "{1: 1000}", "{{{}: 1000}}"),
]


@pytest.mark.parametrize("digits", DIGITS, ids=["decimal", "negative", "hex", "binary",
                                                "underscores"])
@pytest.mark.parametrize(("text", "old", "new"), PLACES, ids=[new for _, _, new in PLACES])
def test_a_huge_number_anywhere_is_a_located_error(text: str, old: str, new: str,
                                                   digits: str) -> None:
    assert old in text
    with pytest.raises(GameError) as caught:
        loads(text.replace(old, new.format(digits)), filename="g.yaml")
    error = caught.value
    # Located: the line the number is on.
    line = next(number for number, written in enumerate(text.splitlines(), start=1)
                if old in written)
    assert error.line == line, error.problems
    assert not re.search(r"[0-9a-f_]{100}", str(error)), str(error)[:300]


def test_a_huge_number_in_an_expression() -> None:
    text = GAME.replace("a.n == 1", "a.n == " + "9" * 1990)
    with pytest.raises(GameError) as caught:
        loads(text, filename="g.yaml")
    assert caught.value.line == 9 and "larger than" in caught.value.message
    assert not re.search(r"[0-9]{100}", str(caught.value))


@pytest.mark.parametrize("value", [1 << 20000, -(1 << 20000), "9" * 100_000],
                         ids=["huge", "huge negative", "long text"])
def test_a_huge_input_value_is_a_game_error(value: object) -> None:
    hk = load(builtin_path("hk-oldstyle"))
    with pytest.raises(GameError) as caught:
        hk.score("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s", flowers=value)
    assert caught.value.input == "flowers"
    assert "a whole number from 0 to 8" in caught.value.message
    assert len(caught.value.message) < 400
