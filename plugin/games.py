"""``Points[Game["games/mine.yaml"], Hand["..."]]``: games defined in YAML, and keeping mypy's
cache honest about them.

A game file is read while mypy analyses the annotation, long after mypy decided which
cached modules are still valid. So the plugin writes, beside mypy's cache, one small side
file per module that used games: the absolute paths of those files. On the next run,
``report_config_data`` reads it back and reports the files' current digests; when a game
file changed (or vanished) the digests differ from those stored in the module's cache entry
and mypy checks the module again.

Which files a ``Game[...]`` may read, and loading them, is the query layer's
(``typed_mahjong.query.game_files``), shared with the language server.
"""

from __future__ import annotations

import hashlib

from typed_mahjong.query.game_files import Games

from . import sidefiles

__all__ = ["Games", "digests", "file_digest", "record_games", "recorded_games"]


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
