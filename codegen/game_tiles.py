"""``codegen game-tiles``: a YAML game's tile names as a ``Literal`` type alias."""

from __future__ import annotations

import keyword
from collections.abc import Sequence
from pathlib import Path

from .errors import CodegenError
from .game_source import load_game
from .output import command_lines
from .render import render


def game_tiles_text(path: Path | str, alias: str, argv: Sequence[str]) -> str:
    """The module for the game in ``path``, a YAML file or a built-in game's name."""
    if not alias.isidentifier() or keyword.iskeyword(alias):
        raise CodegenError(f"--alias {alias!r} is not a Python name")
    if alias in ("GAME_NAME", "TILE_NAMES", "Final", "Literal", "TypeAlias"):
        raise CodegenError(f"--alias {alias!r} clashes with a name the module defines")
    # A bad file's problems each read "file:line:column: context: message".
    loaded = load_game(path)
    game, path = loaded.game, loaded.path
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
