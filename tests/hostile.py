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
import re
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
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


# -- in-process inputs under caps ------------------------------------------------------------

INPUT_SECONDS = 1.0  # what one generated input may take (issue 43: "under 1 s")
INPUT_MEMORY = 64 << 20  # bytes one generated input may allocate at its peak (tracemalloc)


@contextmanager
def within(what: object, *, seconds: float = INPUT_SECONDS,
           memory: int = INPUT_MEMORY) -> Iterator[None]:
    """Run the block as one generated input, in this process: it must end (return or raise)
    within ``seconds`` and allocate at most ``memory`` bytes at its peak, as tracemalloc
    counts Python's allocations (the compiled core's objects included). ``what`` names the
    input in a failure. A hang is not interrupted: run_capped guards the whole run."""
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    started = time.perf_counter()
    try:
        yield
    finally:
        elapsed = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1] - base
        if not tracing:
            tracemalloc.stop()
    assert elapsed < seconds, f"{elapsed:.2f} s (cap {seconds} s): {what}"
    assert peak < memory, f"{peak >> 20} MiB at the peak (cap {memory >> 20} MiB): {what}"


# Characters a message must never carry raw (docs/reliability.md): C0 and C1 controls (tab
# and newline aside), DEL, the bidi marks, overrides and isolates, and lone surrogates (a
# byte that is not UTF-8).
_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                  "\u2066-\u2069\ud800-\udfff]")


def assert_printable(text: str, what: object) -> None:
    """``text`` (a message, an id) holds nothing a terminal could act on."""
    found = _RAW.search(text)
    assert found is None, f"raw {found.group()!r} in {text[:300]!r}: {what}"
