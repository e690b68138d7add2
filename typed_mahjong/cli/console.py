"""What every command shares: exit codes, argument types, JSON, and the guarded streams.

Commands raise ``MahjongError`` for bad input and return an exit code otherwise; the router
(``main``) reports errors once. Output goes through ``GuardedStream``: terminal control
characters in it are escaped, and a closed or full standard output becomes an
``OutputError`` the router reports in one line; a reader that went away (a broken pipe)
ends the output quietly.
"""

from __future__ import annotations

import argparse
import codecs
import errno
import json
import math
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from ..errors import MahjongError
from ..safe_io import OutputError, printable

EXIT_OK = 0
EXIT_NO = 1  # the answer is no: no yaku, a disagreement, unsolvable, a --check difference
EXIT_BAD_INPUT = 2  # bad input, a usage error, or output that cannot be written
EXIT_UNDECIDED = 3  # solitaire: not known within the budget
EXIT_INTERNAL = 70  # a bug in typed-mahjong (EX_SOFTWARE): the message asks for a report
EXIT_INTERRUPTED = 130  # Ctrl-C

# At most 18 digits in a number option: int() of a long digit string costs
# quadratic time, and every bound we check is far below this.
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
_DECIMAL = re.compile(r"[+-]?([0-9]{1,18}(\.[0-9]{0,9})?|\.[0-9]{1,9})")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an ASCII whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        if _WHOLE.fullmatch(text.strip()) is None:
            raise argparse.ArgumentTypeError(
                f"{printable(text[:40])!r} is not a whole number (digits 0-9, {low} to {high})")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is out of range ({low} to {high})")
        return value

    read.__name__ = "whole number"  # argparse names the type in its messages
    return read


def seconds(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite decimal number of seconds, ``low`` < value <= ``high``."""

    def read(text: str) -> float:
        if _DECIMAL.fullmatch(text.strip()) is None:
            raise argparse.ArgumentTypeError(
                f"{printable(text[:40])!r} is not a number of seconds (e.g. 2 or 0.5)")
        value = float(text)
        if not (math.isfinite(value) and low < value <= high):
            raise argparse.ArgumentTypeError(
                f"{value:g} is out of range (more than {low:g}, at most {high:g} seconds)")
        return value

    read.__name__ = "seconds"
    return read


class UsageError(MahjongError):
    """A command line that does not parse: argparse's message, and the usage to show."""

    def __init__(self, message: str, usage: str) -> None:
        super().__init__(message, field="arguments")
        self.usage = usage


class JsonAwareParser(argparse.ArgumentParser):
    """A parser whose usage errors become ``UsageError``: the router reports them like any
    other error (one JSON object on stdout when ``--json`` is among the arguments).

    Every command takes ``-q``/``--quiet`` (before or after its name): print nothing but
    errors, so the exit code is the answer. Each parser adds it itself; a subcommand's copy
    defaults to "not given", so a ``-q`` before the subcommand's name still counts.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.add_help:
            top = "prog" in kwargs and kwargs["prog"] == "typed-mahjong"
            self.add_argument("-q", "--quiet", action="store_true",
                              default=False if top else argparse.SUPPRESS,
                              help="print nothing but errors: the exit code is the answer")

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}", self.format_usage())


def wants_json(args: argparse.Namespace | None, argv: Sequence[str]) -> bool:
    """Whether errors go out as JSON: ``--json`` was given (parsed, or only present), and
    not ``-q`` (quiet output has no stdout to hold it)."""
    if args is not None:
        return bool(getattr(args, "json", False)) and not getattr(args, "quiet", False)
    return "--json" in argv and not {"-q", "--quiet"} & set(argv)


class Discard:
    """Standard output under ``-q``: written to, kept nowhere."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def json_text(report: object, *, indent: int | None = None) -> str:
    """Strict JSON in ASCII: the one way the command line writes JSON.

    ASCII because the text may hold a lone surrogate (a byte of an argument or a file name
    that is not UTF-8): escaped as ``\\udcff`` it is valid JSON in any locale, where written
    raw it is a byte that is not UTF-8, or an encoding error on a strict UTF-8 stdout. A NaN
    or an infinity is a bug here, never printed.
    """
    return json.dumps(report, allow_nan=False, ensure_ascii=True, indent=indent)


def error_report(error: MahjongError, code: int = EXIT_BAD_INPUT) -> dict[str, Any]:
    """The JSON object of an error: the message, where it is, and the exit code."""
    return {"status": "error", "error": printable(str(error)), **error.location(),
            "exit_code": code}


class GuardedStream:
    """A text stream that escapes terminal control characters and turns a failed write
    into ``OutputError`` (closed, full), except a broken pipe: the reader chose to stop
    (``... | head``), so the rest is dropped without a word, ``broken`` is set, and the
    command's answer (its exit code) still counts.

    ``raw`` is the stream underneath, for our own control characters (a progress line's
    carriage return) and for the router's last word.
    """

    def __init__(self, raw: TextIO | None, name: str) -> None:
        self.raw = raw
        self.name = name
        self.broken = False

    def write(self, text: str) -> int:
        shown = printable(text)  # no lone surrogate left: UTF-8 can encode all of it
        self._call(lambda stream: stream.write(_encodable(shown, stream)))
        return len(text)

    def flush(self) -> None:
        self._call(lambda stream: stream.flush())

    def isatty(self) -> bool:
        return self.raw is not None and not self.raw.closed and self.raw.isatty()

    def fileno(self) -> int:
        if self.raw is None:
            raise OSError(errno.EBADF, "closed")
        return self.raw.fileno()

    @property
    def encoding(self) -> str:
        return getattr(self.raw, "encoding", None) or "utf-8"

    def _call(self, action: Callable[[TextIO], object]) -> None:
        if self.broken:
            return
        if self.raw is None or self.raw.closed:
            raise OutputError(f"cannot write to {self.name}: it is closed", field=self.name)
        try:
            action(self.raw)
        except BrokenPipeError:
            self.broken = True
        except OSError as exc:
            reason = "no space left on the device" if exc.errno == errno.ENOSPC else (
                exc.strerror or str(exc))
            raise OutputError(f"cannot write to {self.name}: {reason}",
                              field=self.name) from None
        except ValueError:  # "I/O operation on closed file"
            raise OutputError(f"cannot write to {self.name}: it is closed",
                              field=self.name) from None


def _encodable(text: str, stream: TextIO) -> str:
    """``text`` (already printable) with what ``stream``'s encoding cannot hold escaped
    (``PYTHONIOENCODING=ascii``): shown as ``\\u00e9`` rather than an encoding error, which
    would lose the output and read as a closed stream."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if codecs.lookup(encoding).name == "utf-8" or text.isascii():
        return text
    return text.encode(encoding, "backslashreplace").decode(encoding)


def raw_stderr() -> TextIO | None:
    """Standard error below any ``GuardedStream``: for a progress line's ``\\r``."""
    stream = sys.stderr
    while isinstance(stream, GuardedStream):
        stream = stream.raw
    return stream
