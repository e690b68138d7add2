"""Loading the game file of ``Game[...]`` under the project's path rules.

mypy runs on untrusted pull requests because it executes nothing, and an editor opens
whatever file it is given, so an annotation must not be able to read any file it names:
a ``Game[...]`` path must lead, after every symbolic link, into the project (the config
file's folder) or a folder of the ``game_roots`` setting; the built-in games are read by
name. The mypy plugin and the language server both load games here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..games import Game, GameError


class Games:
    """Loads each game file once per run and remembers which module used which file.

    It only loads: ``typed_mahjong.query.answering.answer`` scores the hand, as it does at run time.
    """

    def __init__(self, roots: tuple[Path, ...] = ()) -> None:
        """``roots``: the folders game files may be in (resolved); none: any folder."""
        self._roots = roots
        self._loaded: dict[Path, Game | GameError] = {}
        self._used: dict[str, set[str]] = {}

    def load(self, base_dir: Path, name: str, module: str | None = None) -> Game:
        """The game of ``Game[name]`` (a built-in name or a path, see ``answering.game_path``);
        raises the GameError of a file that cannot be loaded, each time it is asked."""
        from typed_mahjong.games import GameError, load
        from typed_mahjong.query.answering import game_path

        path = self._allowed(base_dir, name)
        if path is None:
            path = Path(os.path.realpath(game_path(base_dir, name)))
        if module is not None:
            self._used.setdefault(module, set()).add(str(path))
        known = self._loaded.get(path)
        if known is None:
            try:
                known = load(path)
            except GameError as exc:
                known = exc
            self._loaded[path] = known
        if isinstance(known, GameError):
            raise known
        return known

    def _allowed(self, base_dir: Path, name: str) -> Path | None:
        """Raise the GameError of a path that may not be read; ``None`` for a built-in game,
        else the path with its links resolved (a loop stays as it is: reading it says so)."""
        from typed_mahjong.games import BAD_FILE, GameError, builtin_names
        from typed_mahjong.safe_io import printable

        if name in builtin_names():
            return None
        shown = printable(name if len(name) <= 60 else name[:57] + "...")
        if "\0" in name:
            raise GameError(f"'{shown}': the path contains a NUL character", filename=shown,
                            kind=BAD_FILE)
        path = Path(os.path.realpath(base_dir / name))
        if self._roots and not any(path.is_relative_to(root) for root in self._roots):
            raise GameError(
                f"'{shown}' is outside the project: Game[...] reads files in "
                f"{printable(str(self._roots[0]))} (the folder of the mypy config file) and "
                "in the folders of the game_roots setting only; add its folder to "
                "game_roots in [tool.typed_mahjong] to allow it", filename=shown,
                kind=BAD_FILE)
        return path

    def used_by(self, module: str) -> list[str]:
        return sorted(self._used.get(module, ()))
