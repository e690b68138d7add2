"""Text that reaches a terminal, and files we write: the two ways output can do harm.

``printable`` escapes the characters a terminal would obey instead of showing (escape
sequences, carriage returns, bidirectional overrides), so a name in a game file or a log
cannot rewrite the screen. ``write_output`` writes a whole file or nothing, and only a
regular file: never through a symbolic link, into a FIFO, a device or a directory.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from pathlib import Path

from .errors import MahjongError

# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional formatting
# characters (they reorder what a terminal shows: "Trojan source").
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    r"""``text`` with every terminal control character written as ``\uXXXX``.

    The escape is JSON's own, so a JSON document stays valid JSON with the same meaning.

    >>> printable("fox\x1b[2Jowl")
    'fox\\u001b[2Jowl'
    """
    return _CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class OutputError(MahjongError):
    """An output file that cannot be written: ``file`` names it, nothing was written."""


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """The path if ``write_output`` may write there, else ``OutputError`` saying why.

    Commands call it before their work, so a bad ``-o`` fails at once.
    """
    target = Path(path)
    shown = printable(os.fspath(path))
    if not os.fspath(path):
        raise OutputError("the output file name is empty", file=shown)
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}", file=shown) from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = ("a symbolic link" if stat.S_ISLNK(mode) else "a directory" if stat.S_ISDIR(mode)
                else "a FIFO" if stat.S_ISFIFO(mode) else "a device" if
                stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")
        raise OutputError(f"cannot write {shown}: it is {kind}; output goes only to a regular "
                          "file or to standard output", file=shown)
    folder = target.parent
    if not folder.is_dir():
        raise OutputError(f"cannot write {shown}: the folder {printable(str(folder))} does "
                          "not exist", file=shown)
    return target


def write_output(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to the regular file ``path``, whole or not at all.

    The data goes to a temporary file beside the target, which then replaces it: a failure
    leaves the old file as it was. Raises ``OutputError``.
    """
    target = check_output_path(path)
    shown = printable(os.fspath(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        existing = os.stat(target).st_mode & 0o7777 if target.exists() else None
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}", file=shown) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
        if existing is None:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        else:
            os.chmod(temporary, existing)
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}", file=shown) from None
