"""The language additions of issue 14: a minimum to win, several structures per yaku,
computed and negative values, bonus yaku, situation inputs (API and command line), a
custom value order, display attributes, and han tables with gaps or by formula. Every
expected value is worked by hand in the comments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from games_support import run

from typed_mahjong.games import BAD_FILE, BAD_HAND, Game, GameError, loads

GAME = """\
name: Extended
rules:
  hand_size: 6
  structure: 3 3
  minimum: 15
  order: [{colour: [red, blue]}, n]
  display: [colour]
tiles:
  b1: {colour: blue, n: 1}
  b2: {colour: blue, n: 2}
  b3: {colour: blue, n: 3}
  r1: {colour: red, n: 1}
  r2: {colour: red, n: 2}
  r3: {colour: red, n: 3}
inputs:
  tsumo: {type: bool, description: won by self-draw}
  seat: {values: [east, south], default: east}
  flowers: {type: int, min: 0, max: 4}
sets:
  3: a.colour == b.colour == c.colour and (a.n == b.n == c.n or a.n + 1 == b.n == c.n - 1)
  2: a.name == b.name
yaku:
  One Colour:
    structure: [3 3, 2 2 2]
    when: distinct(t.colour for t in hand) == 1
    points: 30
  Self Draw: {when: tsumo, points: 10}
  Red Count:
    when: count(t.colour == 'red' for t in hand) > 0
    points: count(t.colour == 'red' for t in hand)
  Flowers: {when: flowers > 0, points: flowers, bonus: true}
  South Seat: {when: seat == 'south', points: 5}
  Blue Penalty: {when: count(t.colour == 'blue' for t in hand) == 6, points: -25}
"""


@pytest.fixture(scope="module")
def game() -> Game:
    return loads(GAME, filename="extended.yaml")


def test_a_yaku_over_two_structures_counts_once(game: Game) -> None:
    # 3 3 reading r1 r2 r3 | r1 r2 r3: One Colour 30 + Red Count 6 (six red tiles) = 36.
    # 2 2 2 reading r1 r1 | r2 r2 | r3 r3: One Colour 30 only (the rest are 3 3 yaku).
    score = game.score("r1 r2 r3 r1 r2 r3")
    assert score.points == 36
    assert score.yaku == (("One Colour", 30), ("Red Count", 6))
    assert str(score.reading) == "r1 r2 r3 | r1 r2 r3"


def test_a_penalty_can_make_another_structure_best(game: Game) -> None:
    # 3 3: One Colour 30 - Blue Penalty 25 = 5, short of the minimum 15: no win.
    # 2 2 2: One Colour 30 (the penalty is a 3 3 yaku): 30.
    score = game.score("b1 b2 b3 b1 b2 b3")
    assert score.points == 30
    assert score.yaku == (("One Colour", 30),)
    assert str(score.reading) == "b1 b1 | b2 b2 | b3 b3"


def test_the_minimum_and_bonus_yaku(game: Game) -> None:
    hand = "r1 r2 r3 b1 b2 b3"  # custom order: red before blue
    # Red Count 3 < 15: no win.
    assert game.score(hand).points == 0
    assert not game.score(hand).won
    # Red Count 3 + Self Draw 10 + South Seat 5 = 18 >= 15.
    score = game.score(hand, tsumo=True, seat="south")
    assert score.points == 18
    assert score.yaku == (("Self Draw", 10), ("Red Count", 3), ("South Seat", 5))
    # ... and 3 flowers add 3 bonus points: 21.
    assert game.score(hand, tsumo=True, seat="south", flowers=3).points == 21
    # Bonus points never reach the minimum: 3 + 10 = 13 < 15, the 4 flowers aside.
    assert game.score(hand, tsumo=True, flowers=4).points == 0
    assert str(game.score(hand, tsumo=True, seat="south").reading) == "r1 r2 r3 | b1 b2 b3"


def test_custom_order_and_display(game: Game) -> None:
    assert game.tile_names == ("r1", "r2", "r3", "b1", "b2", "b3")
    assert game.display == ("colour",)
    assert [i.name for i in game.inputs] == ["tsumo", "seat", "flowers"]
    assert game.minimum == 15


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"tsumoo": True}, "unknown input 'tsumoo' (did you mean 'tsumo'?)"),
        ({"tsumo": 1}, "input 'tsumo' is true or false, not 1"),
        ({"seat": "north"}, "input 'seat' is one of east, south, not 'north'"),
        ({"flowers": 5}, "input 'flowers' is a whole number from 0 to 4, not 5"),
        ({"flowers": True}, "input 'flowers' is a whole number from 0 to 4, not True"),
    ],
)
def test_bad_inputs(game: Game, inputs: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError) as caught:
        game.score("r1 r2 r3 b1 b2 b3", **inputs)
    assert caught.value.kind == BAD_HAND
    assert message in caught.value.message




def test_cli_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "extended.yaml"
    path.write_text(GAME)
    hand = "r1 r2 r3 b1 b2 b3"
    assert run("game", "score", str(path), hand, "--tsumo", "--seat", "south",
               "--input", "flowers=3", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["points"] == 21
    assert 0 < data["work"] < 1000
    assert run("game", "score", str(path), hand, "--round", "east") == 2
    assert "unknown input 'round'" in capsys.readouterr().err
    assert run("game", "score", str(path), hand, "--input", "flowers") == 2
    assert "--input takes NAME=VALUE" in capsys.readouterr().err
    assert run("game", "score", str(path), hand, "--flowers", "x") == 2
    assert "input 'flowers' is a whole number from 0 to 4, not 'x'" in capsys.readouterr().err
    assert run("game", "tiles", str(path)) == 0
    assert capsys.readouterr().out.splitlines()[0].split() == ["r1", "x4", "colour=red"]


HAN = """\
name: Han
rules: {hand_size: 3, structure: 3, unit: han, han_points: {2: 100, 4: 400}}
tiles: {t1: {n: 1}, t2: {n: 2}}
yaku:
  One: {when: a.n == 1, han: 1}
  Two: {when: c.n == 2, han: 2}
  Big: {when: a.n == b.n == c.n, points: 5000, stacks: false}
"""


def test_han_table_with_gaps_and_a_limit_in_points() -> None:
    game = loads(HAN, filename="han.yaml")
    # One 1 + Two 2 = 3 han; the table skips 3: it scores as 2 han, 100.
    assert game.score("t1 t1 t2").points == 100
    # One alone is 1 han, below the table's first count: nothing; Big counts alone: 5000.
    assert game.score("t1 t1 t1").yaku == (("Big", 5000),)
    assert game.score("t1 t1 t1").points == 5000
    # Two (2 han) 100 or Big 5000: Big.
    assert game.score("t2 t2 t2").points == 5000


def test_han_points_by_formula() -> None:
    game = loads(HAN.replace("{2: 100, 4: 400}", "{base: 2, doubling_until: 4}"),
                 filename="han.yaml")
    # 1, 2, 3, 4 han: 2, 4, 8, 16; more: 16. One + Two = 3 han: 8.
    assert game.score("t1 t1 t2").points == 8
    assert game.score("t1 t2 t2").points == 8


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("points: flowers, bonus", "points: a.n, bonus",
         "a computed value may read `hand` and the game's inputs, not particular slots"),
        ("points: -25", "points: 0", "a yaku is worth something: not 0"),
        ("points: flowers, bonus", "points: tsumo, bonus",
         "a computed value must be a whole number, but this is a true/false value"),
        ("  seat: {values", "  g2: {values", "an input is named by an ASCII identifier"),
        ("  seat: {values", "  hand: {values", "an input is named by an ASCII identifier"),
        ("default: east", "default: west", "the default 'west' is not one of the values"),
        ("{colour: [red, blue]}", "{colour: [red]}",
         "tile 'b1' has colour 'blue', which the custom order of 'colour' does not list"),
        ("display: [colour]", "display: [color]", "unknown attribute 'color'"),
        ("structure: [3 3, 2 2 2]", "structure: [3 3, 3 3]", "a structure is listed twice"),
        ("when: seat == 'south'", "when: seat == 1", "'==' cannot compare a string with a"),
        ("  minimum: 15\n", "", "'bonus' (not counted toward the minimum) needs rules.minimum"),
        ("{base", "{bas", ""),
    ],
)
def test_extended_language_errors(old: str, new: str, message: str) -> None:
    text = GAME.replace(old, new)
    if old == "{base":
        text = HAN.replace("{2: 100, 4: 400}", "{base: 2, doubling_until: 40}")
        message = "2 doubled 39 times is more than 1000000000 points"
    assert text != GAME
    with pytest.raises(GameError) as caught:
        loads(text, filename="bad.yaml")
    assert caught.value.kind == BAD_FILE
    assert any(message in problem for problem in caught.value.problems), \
        caught.value.problems


def test_a_computed_value_of_zero_neither_shows_nor_overrides() -> None:
    text = """\
name: Zero
rules: {hand_size: 3, structure: 3}
tiles: {t1: {n: 1}, t2: {n: 2}}
inputs:
  level: {type: int, min: 0, max: 3}
yaku:
  Plain: {when: true, points: 10}
  Levelled: {when: true, points: level, overrides: [Plain]}
"""
    game = loads(text, filename="zero.yaml")
    # level 0: Levelled is worth 0, so it does not hold and Plain stays: 10.
    assert game.score("t1 t1 t2").yaku == (("Plain", 10),)
    # level 2: Levelled 2 overrides Plain: 2.
    assert game.score("t1 t1 t2", level=2).yaku == (("Levelled", 2),)
