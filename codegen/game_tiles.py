"""``codegen game-tiles``: a YAML game's tile names as a ``Literal`` type alias."""

from __future__ import annotations

import keyword
from collections.abc import Sequence
from pathlib import Path

from .errors import CodegenError
from .output import command_lines
from .render import render


def game_tiles_text(path: Path, alias: str, argv: Sequence[str]) -> str:
    """The module for the game in ``path`` (loaded by ``typed_mahjong.games.load``)."""
    if not alias.isidentifier() or keyword.iskeyword(alias):
        raise CodegenError(f"--alias {alias!r} is not a Python name")
    if alias in ("GAME_NAME", "TILE_NAMES", "Final", "Literal", "TypeAlias"):
        raise CodegenError(f"--alias {alias!r} clashes with a name the module defines")
    try:
        from typed_mahjong.games import GameError, load
    except ImportError as exc:  # the games package is built separately (issue 3)
        raise CodegenError(f"the games package is not available: {exc}") from None
    try:
        game = load(path)
    except GameError as exc:
        # Each problem already reads "file:line:column: context: message".
        raise CodegenError("\n".join(exc.problems)) from None
    names = list(dict.fromkeys(game.tile_names))  # keep the game's order, drop repeats
    if not names:
        raise CodegenError(f"{path}: the game {game.name!r} defines no tiles")
    return render("game_tiles.py.j2", {
        "game_name": game.name,
        "source": path.name,
        "alias": alias,
        "tile_names": names,
        "command_lines": command_lines(argv),
    })
