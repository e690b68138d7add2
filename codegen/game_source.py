"""Finding and loading a YAML game for the generator: a built-in name or a file path.

A name resolves as ``typed-mahjong game score`` resolves it: a file that exists is read as
given, otherwise a built-in game's name (``mcr``, ``forest`` ...) stands for its shipped file.
The yaku's values and flags come from the loaded ``Game`` (``Game.yaku``), never from
reading the file a second time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from typed_mahjong.games import Game, GameError, builtin_names, builtin_path, loads
from typed_mahjong.games.files import read_game_bytes

from .errors import CodegenError


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A checked game and the path it came from."""

    game: Game
    path: Path


def resolve_game(name: str | os.PathLike[str], base: Path | None = None) -> Path:
    """The file of the game ``name``: a path (relative to ``base`` if given), or a built-in
    game's name when no such file exists."""
    text = os.fspath(name)
    path = Path(text)
    if base is not None and not path.is_absolute():
        path = base / path
    if not path.exists() and text in builtin_names():
        return builtin_path(text)
    return path


def load_game(name: str | os.PathLike[str], base: Path | None = None) -> LoadedGame:
    """Resolve and load a game; a bad file or name is a ``CodegenError`` that lists the
    loader's problems (each ``file:line:column: context: message``)."""
    path = resolve_game(name, base)
    try:
        data = read_game_bytes(path)
    except GameError as exc:
        hint = ""
        if not path.exists() and os.sep not in os.fspath(name) and "." not in os.fspath(name):
            hint = f" (built-in games: {', '.join(builtin_names())})"
        raise CodegenError(f"{exc.message}{hint}", file=str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CodegenError(f"{path}: the game file is not UTF-8 text (byte {exc.start})",
                           file=str(path)) from None
    try:
        game = loads(text, filename=str(path))
    except GameError as exc:
        raise CodegenError("\n".join(exc.problems), file=str(path)) from None
    return LoadedGame(game, path)
