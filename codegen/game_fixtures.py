"""Fixtures of a YAML game in ``codegen fixtures``: scored by the game engine, typed records.

A fixture is a game fixture when it (or ``[defaults]``) names ``game``::

    [fixtures.mcr-chicken]
    game = "mcr"              # a built-in game, or a YAML file (relative to the TOML file)
    hand = "(2m 3m 4m) (5p 5p 5p) 6m 7m 8m 7s 8s north north 6s"   # winning tile last
    inputs = { seat = "S", round = "E" }   # optional: the game's inputs (Game.score keywords)
    points = 8                # required: GameScore.points
    yaku = ["Chicken Hand"]   # optional: the names, or a table { "Chicken Hand" = 8 }
    note = "..."              # optional

The riichi keys (``win``, ``rules``, ``tsumo`` ...) are errors in a game fixture: its hand
names its winning tile last, its situation is ``inputs``. Each fixture is scored with
``Game.score`` when the module is generated; a hand the game refuses, a hand that does not
win, or an expectation that differs is an error naming the file, the line and the fixture.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from typed_mahjong.games import GameError, GameScore

from .errors import CodegenError, did_you_mean
from .game_source import LoadedGame, load_game
from .toml_lines import Place

GAME_KEYS = ("game", "hand", "points", "inputs", "yaku", "note")


def fixture_constant(name: str) -> str:
    """The module constant of a fixture named ``name`` (``pinfu-tsumo`` -> ``PINFU_TSUMO``),
    for riichi and game fixtures alike."""
    return name.replace("-", "_").upper()


def fixture_class_name(name: str) -> str:
    """The record class of a fixture named ``name`` (``pinfu-tsumo`` -> ``PinfuTsumoFixture``)."""
    words = re.split(r"[-_]+", name)
    return "".join(word[:1].upper() + word[1:] for word in words if word) + "Fixture"


@dataclass(frozen=True, slots=True)
class GameFixture:
    name: str
    game: str  # as written: a built-in name or a path
    hand: str
    inputs: tuple[tuple[str, bool | int | str], ...]
    points: int
    yaku: tuple[str, ...] | None  # expected names, sorted
    yaku_values: tuple[tuple[str, int], ...] | None  # expected (name, value), sorted
    note: str
    place: Place  # where the fixture is written, for messages

    @property
    def constant(self) -> str:
        return fixture_constant(self.name)

    @property
    def class_name(self) -> str:
        return fixture_class_name(self.name)


@dataclass(frozen=True, slots=True)
class ScoredGameFixture:
    fixture: GameFixture
    loaded: LoadedGame
    score: GameScore
    kind: str = "game"

    @property
    def yaku_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.score.yaku)

    @property
    def yaku_values(self) -> tuple[int, ...]:
        return tuple(value for _, value in self.score.yaku)


def game_fixture(place: Place, table: Mapping[str, object],
                 riichi_keys: tuple[str, ...]) -> GameFixture:
    """Check one game fixture's keys (``table`` has the defaults merged in)."""
    where = place.where()
    for key in table:
        if key in riichi_keys:
            raise CodegenError(f"{where}: key {key!r} is for riichi fixtures; a game's hand "
                               f"names its winning tile last and its situation goes in "
                               f"inputs = {{ ... }}")
        if key not in GAME_KEYS:
            raise CodegenError(f"{place.where(key)}: unknown key {key!r}"
                               f"{did_you_mean(key, GAME_KEYS)}; a game fixture's keys: "
                               f"{', '.join(sorted(GAME_KEYS))}")
    for key in ("game", "hand", "points"):
        if key not in table:
            raise CodegenError(f"{where}: missing key {key!r}")
    points = table["points"]
    if not isinstance(points, int) or isinstance(points, bool):
        raise CodegenError(f"{where}: key 'points' must be an integer, got {points!r}")
    yaku_names, yaku_values = _expected_yaku(where, table.get("yaku"))
    return GameFixture(place.name, _text(where, "game", table["game"]),
                       _text(where, "hand", table["hand"]),
                       _inputs(where, table.get("inputs", {})), points, yaku_names,
                       yaku_values, " ".join(_text(where, "note", table.get("note", "")).split()),
                       place)


def _text(where: str, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise CodegenError(f"{where}: key {key!r} must be a string, got {value!r}")
    return value


def _inputs(where: str, value: object) -> tuple[tuple[str, bool | int | str], ...]:
    if not isinstance(value, dict):
        raise CodegenError(f"{where}: 'inputs' must be a table, e.g. "
                           f"inputs = {{ tsumo = true, seat = \"S\" }}")
    result: list[tuple[str, bool | int | str]] = []
    for key, item in value.items():
        if not isinstance(item, bool | int | str):
            raise CodegenError(f"{where}: input {key!r} must be true/false, an integer or a "
                               f"string, got {item!r}")
        result.append((key, item))
    return tuple(result)


def _expected_yaku(where: str, value: object
                   ) -> tuple[tuple[str, ...] | None, tuple[tuple[str, int], ...] | None]:
    if value is None:
        return None, None
    if isinstance(value, list) and all(isinstance(name, str) for name in value):
        return tuple(sorted(value)), None
    if isinstance(value, dict) and all(isinstance(points, int) and not isinstance(points, bool)
                                       for points in value.values()):
        return None, tuple(sorted(value.items()))
    raise CodegenError(f"{where}: key 'yaku' must be a list of yaku names or a table of "
                       f"name = value, got {value!r}")


def score_game_fixture(fixture: GameFixture, base: Path,
                       games: dict[str, LoadedGame]) -> ScoredGameFixture:
    """Score with the game engine; a ``CodegenError`` naming the fixture on any fault.
    ``games`` caches the games loaded so far, by name as written."""
    where = fixture.place.where()
    loaded = games.get(fixture.game)
    if loaded is None:
        try:
            loaded = games[fixture.game] = load_game(fixture.game, base)
        except CodegenError as exc:
            raise CodegenError(f"{where}: game {fixture.game!r}: {exc}") from None
    try:
        result = loaded.game.score(fixture.hand, **dict(fixture.inputs))
    except GameError as exc:
        key = "hand" if exc.field in (None, "hand") else "inputs"
        raise CodegenError(f"{fixture.place.where(key)}: {exc}") from None
    summary = result.explain().replace("\n", "; ")
    if not result.won:
        minimum = loaded.game.minimum
        why = f" (the game's minimum is {minimum})" if minimum is not None else ""
        raise CodegenError(f"{where}: the hand does not win in {loaded.game.name!r}, so it "
                           f"scores nothing{why} (engine: {summary})")
    scored = ScoredGameFixture(fixture, loaded, result)
    problems = []
    if fixture.points != result.points:
        problems.append(f"{fixture.place.where('points')}: expected points = "
                        f"{fixture.points}, but the game scores {result.points}")
    if fixture.yaku is not None and fixture.yaku != tuple(sorted(scored.yaku_names)):
        problems.append(f"{fixture.place.where('yaku')}: expected yaku = "
                        f"{list(fixture.yaku)}, but the game scores {sorted(scored.yaku_names)}")
    if fixture.yaku_values is not None and fixture.yaku_values != tuple(sorted(result.yaku)):
        problems.append(f"{fixture.place.where('yaku')}: expected yaku = "
                        f"{dict(fixture.yaku_values)}, but the game "
                        f"scores {dict(sorted(result.yaku))}")
    if problems:
        raise CodegenError("\n".join(problems) + f"\n  (engine: {summary})")
    return scored
