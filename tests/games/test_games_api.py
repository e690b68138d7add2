"""The public API others code against: load/loads, Game, GameScore, GameError, builtins,
and the example game files (whose documented scores must hold)."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

import typed_mahjong.games as games
from typed_mahjong.games import GameError, load, loads

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "games"
TINY = "name: Tiny\nrules: {hand_size: 1, structure: '1'}\ntiles: {a: {n: 1}}\n" \
       "yaku: {Y: {when: true, points: 3}}\n"


def test_public_names() -> None:
    for name in ("load", "loads", "Game", "GameScore", "GameError", "Reading",
                 "builtin_path", "builtin_names"):
        assert name in games.__all__


def test_fingerprint_is_the_sha256_of_the_file_bytes(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_bytes(TINY.encode())
    game = load(path)
    assert game.fingerprint == hashlib.sha256(TINY.encode()).hexdigest()
    assert loads(TINY).fingerprint == game.fingerprint
    assert loads(TINY + "# edit\n").fingerprint != game.fingerprint
    assert game.filename == str(path) and loads(TINY).filename == "<string>"


def test_games_and_scores_are_immutable() -> None:
    game = loads(TINY)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.name = "x"  # type: ignore[misc]
    result = game.score("a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.points = 1  # type: ignore[misc]
    assert (result.points, result.yaku, result.readings_tried) == (3, (("Y", 3),), 1)
    assert isinstance(game.tile_names, tuple) and game.tile_names == ("a",)


def test_scoring_is_repeatable() -> None:
    game = load(games.builtin_path("forest"))
    hand = "fox fox moon vixen vixen moon kit kit robin"
    assert game.score(hand) == game.score(hand)


def test_game_error_carries_its_location() -> None:
    with pytest.raises(GameError) as caught:
        loads(TINY.replace("hand_size: 1", "hand_size: 0"), filename="f.yaml")
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.filename, error.kind, error.line, error.column) == ("f.yaml", "bad-file", 2,
                                                                      20)
    assert error.problems == ("f.yaml:2:20: rules.hand_size: 0 is out of range (1 to 26)",)
    assert str(error) == error.message


def test_builtins() -> None:
    assert games.builtin_names() == ("forest", "hk-oldstyle", "mcr", "riichi-tanyao")
    assert games.builtin_path("forest").name == "forest.yaml"
    with pytest.raises(GameError, match="no built-in game named 'chess'"):
        games.builtin_path("chess")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_example_games_load(path: Path) -> None:
    assert load(path).yaku_names


def test_colour_trios_example_scores_as_documented() -> None:
    game = load(EXAMPLES / "colour-trios.yaml")
    # Pair of Trios 100 + Two Colours 50
    assert game.score("red red red blue blue blue").points == 150
    # the joker stands for red: two trios of one tile, all warm, but one colour only
    assert game.score("red red joker pink pink pink").yaku == (("Pair of Trios", 100),
                                                               ("All Warm", 80))


def test_seasons_example_scores_as_documented() -> None:
    game = load(EXAMPLES / "seasons.yaml")
    run = "1-spring 2-spring 3-spring 4-summer 4-summer 4-summer 5-autumn 5-autumn"
    # Run 1 + Triplet 1 = 2 han -> 2000
    assert game.score(run).points == 2000
    pairs = "1-spring 1-spring 2-summer 2-summer 3-autumn 3-autumn 4-winter 4-winter"
    # Four Pairs 2 + Four Seasons 2 = 4 han -> 4000
    assert game.score(pairs).yaku == (("Four Pairs", 2), ("Four Seasons", 2))
    assert game.score(pairs).points == 4000
    frozen = "1-winter 2-winter 3-winter 4-winter 4-winter 4-winter 5-autumn 5-autumn"
    assert game.score(frozen).excluded_by == "Frozen"
    # display order: by season, then number
    assert game.tile_names[:6] == ("1-spring", "2-spring", "3-spring", "4-spring",
                                   "5-spring", "1-summer")
