"""Read a game file from disk without trusting the path: the one place that opens one.

A game file may come from anyone (a checked-out repository, an annotation string), so the
path itself is hostile input. Opening a FIFO blocks forever, ``/dev/zero`` never ends, and
``/dev/stdin`` steals the caller's standard input. Only a regular file, after following
links, and at most ``MAX_BYTES`` of it, is ever read; every other case is a ``GameError``
naming the path and the fault. The games loader, the CLI and the mypy plugin's cache digest
all read through ``read_game_bytes``.
"""

from __future__ import annotations

import os

from ..safe_io import InputError, read_input
from .errors import BAD_FILE, GameError
from .yamlsafe import MAX_BYTES


def read_game_bytes(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, refused past ``max_bytes``."""
    try:
        return read_input(path, max_bytes=max_bytes, what="the game file")
    except InputError as exc:
        shown = exc.file or ""
        raise GameError(exc.message, filename=shown, kind=BAD_FILE) from None
