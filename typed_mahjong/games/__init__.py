"""Mahjong-like games defined in YAML, checked at load time and scored like riichi hands.

    from typed_mahjong import games
    game = games.load("my_game.yaml")          # or games.load(games.builtin_path("forest"))
    result = game.score("fox fox fox owl owl owl bear cub moon")
    result.points, result.yaku, str(result.reading)

The language is described in docs/games.md. No part of a game file is ever executed: the
YAML is read by a guarded safe loader, constraints by our own small parser.
"""

from __future__ import annotations

import hashlib
import os
from importlib import resources
from pathlib import Path

from .errors import BAD_FILE, BAD_HAND, GameError
from .files import read_game_bytes
from .game import Game
from .model import GameScore, Reading, ReadingTile, Tile, YakuInfo

__all__ = [
    "BAD_FILE",
    "BAD_HAND",
    "Game",
    "GameError",
    "GameScore",
    "Reading",
    "ReadingTile",
    "Tile",
    "builtin_names",
    "builtin_path",
    "load",
    "loads",
    "YakuInfo",
]


def load(path: str | os.PathLike[str]) -> Game:
    """Read a game file once (its bytes give ``Game.fingerprint``) and check it all.

    Raises ``GameError`` (kind "bad-file") listing every problem in ``.problems``.
    """
    filename = os.fspath(path)
    data = read_game_bytes(filename)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameError(f"{filename}: the game file is not UTF-8 text (byte {exc.start})",
                        filename=filename, kind=BAD_FILE) from None
    from .loader import load_text

    return load_text(text, filename=filename, fingerprint=hashlib.sha256(data).hexdigest())


def loads(text: str, *, filename: str = "<string>") -> Game:
    """Like ``load``, from text; the fingerprint is the sha256 of its UTF-8 bytes."""
    from .loader import load_text

    return load_text(text, filename=filename)


def builtin_names() -> tuple[str, ...]:
    """Names of the games shipped with typed-mahjong (``forest``, ``riichi-tanyao``)."""
    folder = resources.files(__name__) / "builtin"
    return tuple(sorted(entry.name[: -len(".yaml")] for entry in folder.iterdir()
                        if entry.name.endswith(".yaml")))


def builtin_path(name: str) -> Path:
    """The path of a shipped game file, by its name (see ``builtin_names``)."""
    if name not in builtin_names():
        raise GameError(f"no built-in game named {name!r}; there are: "
                        f"{', '.join(builtin_names())}", filename=name, kind=BAD_FILE)
    return Path(str(resources.files(__name__) / "builtin" / f"{name}.yaml"))
