"""Which settings a buffer is checked under: the config file mypy would read for it.

mypy reads ``mypy.ini``, ``.mypy.ini``, ``pyproject.toml`` (with ``[tool.mypy]``) or
``setup.cfg`` (with ``[mypy]``), looking in the current directory and up to the root of
the repository. The server does the same from the buffer's folder, so a project's rules
and ``game_roots`` mean the same in the editor as in CI. A client may name the file
instead (``initializationOptions.configFile``).

The settings are read again when the file's bytes change (a digest, as the plugin's daemon
check does), so an edit of the rules takes effect at the next keystroke.
"""

from __future__ import annotations

import configparser
import tomllib
from pathlib import Path
from typing import Final

from ..query.settings import file_digest, load_config
from .analysis import Checker

CONFIG_NAMES: Final = ("mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg")
# How many folders up a search goes at most (a bound for a deep or looping tree).
MAX_DEPTH: Final = 64


def config_file(folder: Path) -> Path | None:
    """The config file mypy would read for a module in ``folder``, or None."""
    for depth, directory in enumerate((folder, *folder.parents)):
        if depth >= MAX_DEPTH:
            return None
        for name in CONFIG_NAMES:
            candidate = directory / name
            if candidate.is_file() and _is_mypy_config(candidate):
                return candidate
        if (directory / ".git").exists() or (directory / ".hg").exists():
            return None  # mypy stops at the repository's root
    return None


def _is_mypy_config(path: Path) -> bool:
    """mypy.ini is read whatever it holds; the shared files only with a mypy section."""
    if path.name in ("mypy.ini", ".mypy.ini"):
        return True
    try:
        if path.suffix == ".toml":
            with path.open("rb") as handle:
                tool = tomllib.load(handle).get("tool", {})
            return isinstance(tool, dict) and "mypy" in tool
        parser = configparser.ConfigParser(interpolation=None)
        with path.open(encoding="utf-8") as handle:
            parser.read_file(handle)
        return parser.has_section("mypy")
    except (OSError, ValueError, configparser.Error):
        return True  # a file that cannot be read: the reader reports it, as mypy would


class Projects:
    """One Checker per config file (and its content), so its answers are kept."""

    def __init__(self, config: Path | None = None) -> None:
        self._fixed = config
        self._checkers: dict[tuple[str, str], Checker] = {}

    def checker_for(self, document: Path | None) -> Checker:
        config = self._fixed
        if config is None and document is not None:
            config = config_file(document.parent)
        name = None if config is None else str(config)
        key = (name or "", file_digest(name))
        checker = self._checkers.get(key)
        if checker is None:
            # The file changed: forget the checker of its old content.
            self._checkers = {old: kept for old, kept in self._checkers.items()
                              if old[0] != key[0]}
            checker = self._checkers[key] = Checker(load_config(name))
        return checker

    def forget(self, buffer: str) -> None:
        """Drop what every checker keeps of a closed buffer."""
        for checker in self._checkers.values():
            checker.forget(buffer)
