"""``Points[Game["games/mine.yaml"], Hand["..."]]``: games defined in YAML, and keeping mypy's
cache honest about them.

A game file is read while mypy analyses the annotation, long after mypy decided which
cached modules are still valid. So the plugin writes, beside mypy's cache, one small side
file per module that used games: the absolute paths of those files. On the next run,
``report_config_data`` reads it back and reports the files' current digests; when a game
file changed (or vanished) the digests differ from those stored in the module's cache entry
and mypy checks the module again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from typed_mahjong.errors import HandError

from . import sidefiles

if TYPE_CHECKING:
    from typed_mahjong.games import Game


@dataclass(frozen=True, slots=True)
class GameOutcome:
    points: int
    yaku: tuple[str, ...]
    explanation: str


@dataclass(frozen=True, slots=True)
class GameProblem:
    message: str
    field: str | None = None  # "game" (the file) or "hand"
    position: int | None = None
    no_yaku: bool = False  # a readable hand that scores nothing


class Games:
    """Loads each game file once per run and remembers which module used which file."""

    def __init__(self) -> None:
        self._loaded: dict[Path, Game | GameProblem] = {}
        self._used: dict[str, set[str]] = {}

    def score(self, base_dir: Path, path_text: str, hand: str,
              module: str | None) -> GameOutcome | GameProblem:
        from typed_mahjong.games import Game, GameError

        path = (base_dir / path_text).resolve()
        if module is not None:
            self._used.setdefault(module, set()).add(str(path))
        game = self._load(path)
        if not isinstance(game, Game):
            return game
        try:
            outcome = game.score(hand)
        except GameError as exc:
            return GameProblem(f"game {path_text}: {exc.message}", "hand", exc.position)
        except HandError as exc:
            return GameProblem(f"game {path_text}: {exc.message}", "hand", exc.position)
        explanation = outcome.explain()
        if not outcome.won:
            return GameProblem(f"game {path_text}: the hand scores nothing: "
                               f"{explanation.splitlines()[0]}", "hand", None, no_yaku=True)
        names = tuple(name for name, _ in outcome.yaku)
        return GameOutcome(outcome.points, names, explanation)

    def _load(self, path: Path) -> Game | GameProblem:
        known = self._loaded.get(path)
        if known is None:
            from typed_mahjong.games import GameError, load

            try:
                known = load(path)
            except GameError as exc:
                known = GameProblem("game file: " + "; ".join(exc.problems), "game")
            self._loaded[path] = known
        return known

    def used_by(self, module: str) -> list[str]:
        return sorted(self._used.get(module, ()))


def file_digest(path: str) -> str:
    """The sha256 of a game file, or the fault that keeps it from being read.

    Read through the games loader's guarded reader: a path that names a FIFO or a device
    must not hang or exhaust mypy just because the cache wants a digest.
    """
    from typed_mahjong.games import GameError
    from typed_mahjong.games.files import read_game_bytes

    try:
        return hashlib.sha256(read_game_bytes(path)).hexdigest()
    except GameError as exc:
        return f"unreadable: {exc.message}"


def recorded_games(cache_dir: str, module: str) -> list[str]:
    """The game files ``module`` used when it was last checked (empty when none)."""
    data = sidefiles.read_json(sidefiles.module_file(cache_dir, "games", module))
    if not isinstance(data, list):
        return []
    return sorted(str(item) for item in data)


def record_games(cache_dir: str, module: str, paths: list[str]) -> None:
    """Write, or remove when ``paths`` is empty, the side file of ``module``."""
    target = sidefiles.module_file(cache_dir, "games", module)
    if paths:
        sidefiles.write_json(target, sorted(paths))
    else:
        sidefiles.remove(target)


def digests(paths: list[str]) -> dict[str, str]:
    return {path: file_digest(path) for path in paths}
