"""A match's record as JSON lines, and ``game replay``: every win scored again.

The first line is the ``game`` event (the game's name, the file or built-in name it was
loaded from, the file's sha256, the seed, players and rounds); then one line an event:
``round``, ``deal``, ``draw``, ``discard``, ``call``, ``kong``, ``win`` (the hand as
scored, the inputs, the engine's points and yaku, the payments), ``exhausted``, ``end``.

A record file is untrusted input: it is read whole only up to ``MAX_BYTES``, each line
up to ``MAX_LINE`` characters, JSON without ``NaN`` nested at most ``MAX_DEPTH`` levels
(checked before decoding: the decoder would recurse); a win's fields are checked for type
and size before any hand is scored, and every error names its line. ``replay`` loads
the game the record names and refuses it when the file's sha256 is not the recorded one
(the rules changed since the match).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..errors import MahjongError
from ..games import Game, GameError, builtin_names, builtin_path, load
from ..games.model import Value
from ..localweb import nested_over
from ..safe_io import read_input
from .round import Event

MAX_BYTES = 32 * 1024 * 1024  # a long match is a few hundred kilobytes
MAX_LINE = 16 * 1024
MAX_HAND = 4096  # characters: as Game.score's own limit for hands with brackets
MAX_INPUTS = 64
MAX_DEPTH = 8  # levels of JSON nesting a line may have: a win's yaku pairs need 3


class RecordError(MahjongError):
    """A record file that cannot be replayed: what and on which line."""


def dumps(events: list[Event]) -> str:
    """The events as JSON lines."""
    return "".join(json.dumps(event, allow_nan=False, ensure_ascii=False) + "\n"
                   for event in events)


@dataclass(frozen=True, slots=True)
class Replayed:
    """One win of a record scored again: its line, what the record says, what the
    engine says now."""

    line: int
    player: int
    hand: str
    inputs: dict[str, Value]
    recorded: int
    points: int
    yaku: tuple[tuple[str, int], ...]
    recorded_yaku: tuple[tuple[str, int], ...]

    @property
    def agrees(self) -> bool:
        return self.points == self.recorded and self.yaku == self.recorded_yaku


def read_events(path: str | os.PathLike[str]) -> list[tuple[int, Event]]:
    """The events of a record file with their line numbers (RecordError if malformed)."""
    data = read_input(path, max_bytes=MAX_BYTES, what="record")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: the record is not UTF-8 text (byte {exc.start})") from None
    events: list[tuple[int, Event]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            raise RecordError(f"{path}:{number}: the line is over {MAX_LINE} characters")
        if nested_over(line, MAX_DEPTH):
            raise RecordError(f"{path}:{number}: the line nests JSON deeper than "
                              f"{MAX_DEPTH} levels")
        try:
            event = json.loads(line, parse_constant=_no_constant)
        except ValueError as exc:
            raise RecordError(f"{path}:{number}: not JSON: {str(exc)[:80]}") from None
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise RecordError(f"{path}:{number}: a record line is an object with an "
                              '"event" name')
        events.append((number, event))
    if not events or events[0][1]["event"] != "game":
        raise RecordError(f"{path}:1: a record starts with its game line")
    return events


def game_of(path: str | os.PathLike[str], header: Event, line: int) -> tuple[Game, str]:
    """The game the record names (a built-in name or a file path), checked against the
    recorded sha256; and how fixtures should name it."""
    source = header.get("source")
    if not isinstance(source, str) or not 0 < len(source) <= 1024:
        raise RecordError(f"{path}:{line}: the game line names no game (\"source\")")
    builtin = source in builtin_names() and not os.path.exists(source)
    try:
        game = load(builtin_path(source) if builtin else source)
    except GameError as exc:
        raise RecordError(f"{path}:{line}: the record's game cannot be loaded: "
                          f"{str(exc)[:300]}") from None
    if header.get("fingerprint") != game.fingerprint:
        raise RecordError(f"{path}:{line}: the game file {source!r} is not the one the "
                          "match was played with (its sha256 differs)")
    return game, source


def replay(path: str | os.PathLike[str]) -> tuple[Game, str, list[Replayed]]:
    """Score every win of the record again: the game, its name for fixtures, the wins."""
    events = read_events(path)
    line, header = events[0]
    game, source = game_of(path, header, line)
    wins = []
    for line, event in events:
        if event["event"] != "win":
            continue
        hand, inputs, points, yaku, player = _win_fields(path, line, event)
        try:
            score = game.score(hand, **inputs)
        except GameError as exc:
            raise RecordError(f"{path}:{line}: {str(exc)[:300]}") from None
        wins.append(Replayed(line, player, hand, inputs, points, score.points,
                             score.yaku, yaku))
    return game, source, wins


def _win_fields(path: str | os.PathLike[str], line: int, event: Event
                ) -> tuple[str, dict[str, Value], int, tuple[tuple[str, int], ...], int]:
    def bad(what: str) -> RecordError:
        return RecordError(f"{path}:{line}: a win needs {what}")

    hand, inputs, points = event.get("hand"), event.get("inputs"), event.get("points")
    yaku, player = event.get("yaku"), event.get("player")
    if not isinstance(hand, str) or not 0 < len(hand) <= MAX_HAND:
        raise bad(f'"hand": the tiles as text, at most {MAX_HAND} characters')
    if not isinstance(inputs, dict) or len(inputs) > MAX_INPUTS or not all(
            isinstance(k, str) and isinstance(v, str | int | bool) for k, v in inputs.items()):
        raise bad('"inputs": an object of names to true/false, numbers or text')
    if not _whole(points):
        raise bad('"points": a whole number')
    if not isinstance(yaku, list) or not all(
            isinstance(y, list) and len(y) == 2 and isinstance(y[0], str) and _whole(y[1])
            for y in yaku):
        raise bad('"yaku": a list of [name, value] pairs')
    if not _whole(player):
        raise bad('"player": the seat number')
    checked: dict[str, Value] = dict(inputs)
    return hand, checked, points, tuple((n, v) for n, v in yaku), player


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**12


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


def fixture_line(game: Game, source: str, win: Replayed) -> str:
    """The win as a typed fixture the mypy plugin checks: ``name: Points[Game["..."],
    Hand["..."], <inputs>] = N``. An input at the game's default is left out; ``tsumo``
    is ``SelfDrawn``, any other ``GameInput["name", value]`` (docs/plugin.md)."""
    defaults = {spec.name: spec.default for spec in game.inputs}
    markers = []
    for name, value in win.inputs.items():
        if defaults.get(name) == value:
            continue
        if name == "tsumo" and value is True:
            markers.append("SelfDrawn")
        else:
            markers.append(f"GameInput[{json.dumps(name)}, {_literal(value)}]")
    args = ", ".join([f"Game[{json.dumps(source)}]", f"Hand[{json.dumps(win.hand)}]",
                      *markers])
    return f"win_line_{win.line}: Points[{args}] = {win.points}"


def _literal(value: Value) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    return json.dumps(value)


def fixtures_module(game: Game, source: str, wins: list[Replayed]) -> str:
    """A Python module of the record's wins as fixtures (only wins the engine agrees
    with: a fixture states what is true)."""
    lines = [f'"""Wins of a recorded match of {game.name}, as typed fixtures (game replay '
             '--fixtures)."""', "",
             "from typed_mahjong import Game, GameInput, Hand, Points, SelfDrawn", "", ""]
    lines.extend(fixture_line(game, source, win) for win in wins if win.agrees)
    return "\n".join(lines) + "\n"
