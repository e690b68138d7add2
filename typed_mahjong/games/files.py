"""Read a game file from disk without trusting the path: the one place that opens one.

A game file may come from anyone (a checked-out repository, an annotation string), so the
path itself is hostile input. Opening a FIFO blocks forever, ``/dev/zero`` never ends, and
``/dev/stdin`` steals the caller's standard input. Only a regular file, after following
links, and at most ``MAX_BYTES`` of it, is ever read; every other case is a ``GameError``
naming the path and the fault. The games loader, the CLI and the mypy plugin's cache digest
all read through ``read_game_bytes``.
"""

from __future__ import annotations

import errno
import os
import stat

from .errors import BAD_FILE, GameError
from .yamlsafe import MAX_BYTES

# O_NONBLOCK: if the path is swapped for a FIFO between our stat and our open, the open
# returns at once instead of waiting for a writer; the fstat after it then refuses it.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_game_bytes(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, refused past ``max_bytes``."""
    filename = os.fspath(path)
    if "\0" in filename:
        raise _refused(filename, "the path contains a NUL character")
    try:
        mode = os.stat(filename).st_mode
        if not stat.S_ISREG(mode):
            raise _refused(filename, _not_regular(mode))
        descriptor = os.open(filename, _OPEN_FLAGS)
    except OSError as exc:
        raise _refused(filename, _os_fault(exc)) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise _refused(filename, _not_regular(mode))
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise _refused(filename, _os_fault(exc)) from None
    finally:
        os.close(descriptor)
    if len(data) > max_bytes:
        raise _refused(filename, f"the game file is larger than {max_bytes} bytes")
    return data


def _not_regular(mode: int) -> str:
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    kind = next((name for test, name in kinds if test(mode)), "not a regular file")
    return f"the game file must be a regular file, and this is {kind}"


def _os_fault(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "the path is a loop of symbolic links"
    return f"cannot read the game file: {exc.strerror or exc}"


def _refused(filename: str, fault: str) -> GameError:
    shown = filename.replace("\0", "\\0")
    return GameError(f"{shown}: {fault}", filename=shown, kind=BAD_FILE)
