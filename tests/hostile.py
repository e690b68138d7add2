"""Hostile-input support shared by every test folder: run a command under caps, check it
ended cleanly.

``run_capped`` starts the console script (or any Python code) in a child process with a
wall-clock cap and an address-space cap, so a hang or a memory blow-up fails the test
instead of the machine. ``assert_clean`` checks what every surface owes bad input: an
expected exit code, no traceback, no internal error, within the caps.

    result = run_capped(["game", "score", str(path), "J J J"])
    assert_clean(result, codes={2})
    assert "budget" in result.stderr

The tests that use it are the reliability table of docs/reliability.md.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

CLI = "import sys; from typed_mahjong.cli import main; sys.exit(main())"
DEFAULT_SECONDS = 60.0
DEFAULT_MEMORY = 2 << 30  # bytes of address space: 2 GiB
EXIT_INTERNAL = 70  # typed_mahjong.cli.console.EXIT_INTERNAL


@dataclass(frozen=True)
class Capped:
    """How a capped run ended."""

    argv: tuple[str, ...]
    returncode: int  # negative: killed by that signal; None never (a timeout is -9)
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool


def run_capped(argv: Sequence[str], *, seconds: float = DEFAULT_SECONDS,
               memory: int = DEFAULT_MEMORY, stdin: bytes | None = None,
               cwd: str | Path | None = None, code: str = CLI,
               env: dict[str, str] | None = None) -> Capped:
    """Run ``typed-mahjong ARGV`` (or ``code`` with ARGV) in a child under the caps."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    command = [sys.executable, "-c", code, *argv]
    started = time.monotonic()
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, preexec_fn=limit,
        env={**os.environ, **(env or {})})
    try:
        out, err = process.communicate(stdin, timeout=seconds)
        timed_out = False
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        timed_out = True
    return Capped(tuple(argv), process.returncode, out.decode("utf-8", "replace"),
                  err.decode("utf-8", "replace"), time.monotonic() - started, timed_out)


def assert_clean(result: Capped, codes: Collection[int]) -> None:
    """The run ended within its caps, with one of ``codes``, and no traceback."""
    shown = f"{list(result.argv)[:6]}: exit {result.returncode}\n{result.stderr[-2000:]}"
    assert not result.timed_out, f"hung past its time cap ({result.seconds:.1f} s): {shown}"
    assert "Traceback (most recent call last)" not in result.stderr, shown
    assert "MemoryError" not in result.stderr, shown
    assert result.returncode != EXIT_INTERNAL, f"internal error: {shown}"
    assert result.returncode >= 0, f"killed by signal {-result.returncode}: {shown}"
    assert result.returncode in codes, shown
