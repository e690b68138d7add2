"""Writing generated text, or checking that the file on disk is still what would be written."""

from __future__ import annotations

import difflib
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from typed_mahjong.safe_io import read_input, write_output

PROGRAM = "typed-mahjong"
MAX_DIFF_LINES = 40


def command_text(argv: Sequence[str]) -> str:
    """The shell command that regenerates a file: ``typed-mahjong codegen ...``."""
    return shlex.join([PROGRAM, *argv])


def command_lines(argv: Sequence[str], width: int = 80) -> list[str]:
    """The command split over lines with shell continuations, so headers stay short."""
    words = [shlex.quote(word) for word in (PROGRAM, *argv)]
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + len(word) + 1 > width:
            lines.append(line + " \\")
            line = "    " + word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def emit(text: str, output: Path | None, check: bool, argv: Sequence[str],
         stdout: TextIO | None = None, stderr: TextIO | None = None, *,
         inputs: Sequence[Path] = ()) -> int:
    """Write ``text`` to ``output`` (stdout if None), or with ``check`` compare it.

    ``argv`` is the canonical command (without --check) that the header shows;
    ``inputs`` the files the text was made from, never overwritten. ``output``'s folder
    must exist, as for every command's output (``safe_io.check_output_path``).

    Returns the exit status: 0 written or up to date, 1 out of date (``check``).
    """
    if output is None:
        (stdout or sys.stdout).write(text)
        return 0
    if check:
        # Only read (read_input refuses a FIFO or a device without opening it).
        return _check(text, output, argv, stderr or sys.stderr)
    # Bytes: the "\n" line ends stay on every platform, so --check compares alike.
    write_output(output, text.encode("utf-8"), inputs=inputs)
    return 0


def _check(text: str, output: Path, argv: Sequence[str], stderr: TextIO) -> int:
    regenerate = command_text(argv)
    if not output.exists():
        stderr.write(f"{output}: missing; generate it with:\n  {regenerate}\n")
        return 1
    # A generated file is far below the bound; decoded leniently: a damaged file differs.
    current = read_input(output, max_bytes=64 << 20, what="the file to check").decode(
        "utf-8", "replace")
    if current == text or _same_apart_from_output_spelling(current, text):
        return 0
    diff = list(difflib.unified_diff(current.splitlines(keepends=True),
                                     text.splitlines(keepends=True),
                                     f"{output} (on disk)", f"{output} (generated now)"))
    shown = "".join(diff[:MAX_DIFF_LINES])
    more = f"... {len(diff) - MAX_DIFF_LINES} more diff lines\n" if len(
        diff) > MAX_DIFF_LINES else ""
    stderr.write(f"{output}: out of date; regenerate it with:\n  {regenerate}\n"
                 f"{shown}{more}")
    return 1


_HEADER_END = "CI and pre-commit:"


def _same_apart_from_output_spelling(current: str, text: str) -> bool:
    """Whether the two texts differ only in how the header spells the ``-o`` path
    (``examples/x.py``, ``./examples/x.py``, an absolute path: the same command), which may
    also wrap the header's lines differently. Everything else, the header's other words
    included, must be equal."""
    mine, theirs = _split_header(current), _split_header(text)
    if mine is None or theirs is None:
        return False
    return mine[1] == theirs[1] and _command_without_output(mine[0]) == \
        _command_without_output(theirs[0])


def _split_header(text: str) -> tuple[list[str], str] | None:
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines[:40]):
        if _HEADER_END in line:
            return lines[: index + 1], "".join(lines[index + 1:])
    return None


def _command_without_output(header: list[str]) -> list[str] | None:
    words: list[str] = []
    started = False
    for line in header:
        if _HEADER_END in line:
            break
        if started:
            words.append(line.strip().lstrip("#").strip().rstrip("\\").strip())
        elif "Regenerate with:" in line:
            started = True
    try:
        command = shlex.split(" ".join(words))
    except ValueError:
        return None
    for flag in ("-o", "--output"):
        if flag in command:
            at = command.index(flag)
            del command[at: at + 2]
    return command
