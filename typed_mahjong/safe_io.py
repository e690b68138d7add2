"""Files we read and write, and text that reaches a terminal: where input and output can
do harm.

``read_input`` reads only a regular file, and at most a given number of bytes of it: a path
is hostile input too (a FIFO blocks forever, ``/dev/zero`` never ends, ``/dev/stdin`` steals
the caller's input). ``write_output`` writes a whole file or nothing, and only a regular
file: never through a symbolic link, into a FIFO, a device or a directory. ``printable``
escapes the characters a terminal would obey instead of showing (escape sequences, carriage
returns, bidirectional overrides), so a name in a game file or a log cannot rewrite the
screen.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from .errors import MahjongError, printable

# printable lives in errors.py (errors quote texts too); every other module imports it here.
__all__ = ["InputError", "OutputError", "check_output_path", "file_kind", "printable",
           "read_head", "read_input", "walk_files", "write_output"]


class OutputError(MahjongError):
    """An output file that cannot be written: ``file`` names it, nothing was written."""


class InputError(MahjongError):
    """An input file that cannot be read: ``file`` names it; nothing of it is quoted.

    ``fault`` is the message without the path (for an area's own error to wrap), ``errno``
    the operating system's error number when one caused it (``errno.ENOENT``: no such file).
    """

    def __init__(self, message: str, *, file: str, fault: str,
                 errno: int | None = None) -> None:
        super().__init__(message, file=file)
        self.fault = fault
        self.errno = errno


# O_NONBLOCK: if the path is swapped for a FIFO between the stat and the open, the open
# returns at once instead of waiting for a writer; the fstat after it then refuses it.
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))


def read_input(path: str | os.PathLike[str], *, max_bytes: int, what: str) -> bytes:
    """The bytes of the regular file at ``path`` (links followed), at most ``max_bytes``.

    ``what`` names the file in errors ("the fixtures file"). Raises ``InputError``.
    """
    data = read_head(path, max_bytes + 1, what=what)
    if len(data) > max_bytes:
        raise _refused(os.fspath(path), f"{what} is larger than {max_bytes} bytes")
    return data


def read_head(path: str | os.PathLike[str], size: int, *, what: str) -> bytes:
    """The first ``size`` bytes (fewer if the file is shorter) of the regular file at
    ``path``, links followed: what a caller needs to tell what a file is without reading
    it whole. Refuses as ``read_input`` does (``InputError``): a FIFO or a device is never
    read, nor waited on.
    """
    name = os.fspath(path)
    if "\0" in name:
        raise _refused(name, "the path contains a NUL character")
    try:
        # stat first: a device is never opened (opening some has effects of its own).
        mode = os.stat(name).st_mode
        if not stat.S_ISREG(mode):
            raise _refused(name, f"{what} must be a regular file, and this is {_kind(mode)}")
        descriptor = os.open(name, _OPEN_FLAGS)
    except OSError as exc:
        raise _refused(name, _read_fault(exc, what), exc) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise _refused(name, f"{what} must be a regular file, and this is {_kind(mode)}")
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return handle.read(size)
    except OSError as exc:
        raise _refused(name, _read_fault(exc, what), exc) from None
    finally:
        os.close(descriptor)


def _refused(name: str, fault: str, cause: OSError | None = None) -> InputError:
    shown = printable(name.replace("\0", "\\0"))
    return InputError(f"{shown}: {fault}", file=shown, fault=fault,
                      errno=None if cause is None else cause.errno)


def walk_files(root: str | os.PathLike[str], suffixes: tuple[str, ...],
               skipped: frozenset[str] = frozenset()) -> tuple[list[Path], list[str]]:
    """The files under the folder ``root`` whose names end with one of ``suffixes``, sorted,
    and the folders that could not be read (a message each).

    A loop over a stack, so a tree of any depth; symbolic links to folders are not followed
    (no cycles); folders named in ``skipped`` are not entered.
    """
    files: list[Path] = []
    problems: list[str] = []
    stack = [os.fspath(root)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name not in skipped:
                            stack.append(entry.path)
                    elif entry.name.lower().endswith(suffixes):
                        files.append(Path(entry.path))
        except OSError as exc:
            problems.append(f"{printable(folder)}: cannot read the folder "
                            f"({exc.strerror or exc})")
    files.sort()
    return files, problems


def file_kind(mode: int) -> str:
    """What a file of ``mode`` (an ``os.stat`` mode) is, for a message: "a FIFO (named
    pipe)", "a character device", ..."""
    return _kind(mode)


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a directory"),
             (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _read_fault(exc: OSError, what: str) -> str:
    if exc.errno == errno.ELOOP:
        return "the path is a loop of symbolic links"
    return f"cannot read {what}: {exc.strerror or exc}"


def check_output_path(path: str | os.PathLike[str], *,
                      inputs: Iterable[str | os.PathLike[str]] = ()) -> Path:
    """The path if ``write_output`` may write there, else ``OutputError`` saying why.

    The one rule of every command that writes a file: only a regular file or a new name,
    never one of the command's ``inputs`` (compared by resolved path and by device and
    inode, so another spelling or a hard link is caught), never a read-only file, never a
    name ending in a slash (meant as a folder), and only in a folder that exists (none is
    made: a typo in a folder name is an error, not a new tree). Commands call it before
    their work, so a bad ``-o`` fails at once.
    """
    name = os.fspath(path)
    target = Path(path)
    shown = printable(name)
    if not name:
        raise OutputError("the output file name is empty", file=shown)
    if name.endswith(("/", os.sep)):
        raise OutputError(f"cannot write {shown}: the name ends with a slash (a folder); "
                          "name the file to write", file=shown)
    try:
        status: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        status = None
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}", file=shown) from None
    if status is not None:
        _check_existing_target(status, name, shown)
    folder = target.parent
    if not folder.is_dir():
        raise OutputError(f"cannot write {shown}: the folder {printable(str(folder))} does "
                          "not exist", file=shown)
    for source in inputs:
        if _same_file(target, status, Path(source)):
            raise OutputError(f"cannot write {shown}: it is the input "
                              f"{printable(os.fspath(source))}; writing it would destroy it",
                              file=shown)
    return target


def _check_existing_target(status: os.stat_result, name: str, shown: str) -> None:
    """Refuse an existing target that is no regular file, or that is read-only."""
    if not stat.S_ISREG(status.st_mode):
        raise OutputError(f"cannot write {shown}: it is {_kind(status.st_mode)}; output goes "
                          "only to a regular file or to standard output", file=shown)
    # The rename would replace a read-only file anyway (the folder is writable): ask. No
    # write bit for anyone counts too, as root passes os.access whatever the mode.
    if not status.st_mode & 0o222 or not os.access(name, os.W_OK):
        raise OutputError(f"cannot write {shown}: it is read-only", file=shown)


def _same_file(target: Path, status: os.stat_result | None, source: Path) -> bool:
    """Whether ``target`` (lstat ``status``, None if missing) is the file ``source``."""
    try:
        other = os.stat(source)
        if target.resolve() == source.resolve():
            return True
    except (OSError, RuntimeError):  # a missing input or a link loop: no file to destroy
        return False
    return status is not None and (status.st_dev, status.st_ino) == (other.st_dev,
                                                                      other.st_ino)


def write_output(path: str | os.PathLike[str], data: str | bytes, *,
                 inputs: Iterable[str | os.PathLike[str]] = ()) -> None:
    """Write ``data`` (text as UTF-8) to the regular file ``path``, whole or not at all.

    ``path`` is checked again as ``check_output_path`` does (with the command's
    ``inputs``): the work may have taken long. The data goes to a temporary file beside the
    target, which then replaces it: a failure leaves the old file as it was. Raises
    ``OutputError``.
    """
    target = check_output_path(path, inputs=inputs)
    shown = printable(os.fspath(path))
    # A lone surrogate (a file name's byte that is not UTF-8) is written as that byte.
    payload = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
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
