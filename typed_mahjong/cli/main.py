"""The ``typed-mahjong`` console script: one parser, each command family adds its own.

Every family module exposes ``register(subparsers)``; each subcommand sets ``func`` to a
callable taking the parsed namespace and returning the exit code. Family modules keep their
heavy imports inside ``func`` so ``typed-mahjong --help`` stays fast.

Errors are handled here, once: a ``MahjongError`` (bad input, a usage error, output that
cannot be written) is one located line on stderr, or one JSON object on stdout with
``--json``, and exit code 2. Exit codes are in ``console``. ``--help`` and ``--version``
end in argparse's ``SystemExit(0)``, as in any console script.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence
from typing import TextIO, cast

from ..build import version_text
from ..errors import MahjongError
from ..safe_io import printable
from . import codegen, editor, games, logs, lsp, score, settle, solitaire
from .console import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    Discard,
    GuardedStream,
    JsonAwareParser,
    UsageError,
    error_report,
    json_text,
    wants_json,
)

FAMILIES = (score, settle, codegen, games, solitaire, logs, editor, lsp)
DEBUG_ENV = "TYPED_MAHJONG_DEBUG"  # set: an internal error prints its traceback too


def build_parser() -> argparse.ArgumentParser:
    parser = JsonAwareParser(
        prog="typed-mahjong", description="Score riichi hands and check them statically.",
        formatter_class=argparse.RawDescriptionHelpFormatter,  # the description as written
    )
    parser.add_argument("--version", action=_VersionAction,
                        help="print the version and the build running (compiled or pure Python)")
    # Nested subparsers take their parser class from their parent: every usage error of
    # every command comes here as a UsageError.
    subparsers = parser.add_subparsers(dest="command", required=True)
    for family in FAMILIES:
        family.register(subparsers)
    return parser


class _VersionAction(argparse.Action):
    """``--version``, its text made only when asked for: naming the build running imports
    every compiled module (the plugin's, and with them mypy), which no other command
    needs."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[object] | None, option_string: str | None = None
                 ) -> None:
        print(version_text())
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    saved = sys.stdout, sys.stderr
    # The guards have every method the commands use of a text stream.
    sys.stdout = cast(TextIO, GuardedStream(sys.stdout, "standard output"))
    sys.stderr = cast(TextIO, GuardedStream(sys.stderr, "standard error"))
    try:
        return _run(arguments)
    finally:
        sys.stdout, sys.stderr = saved


def _run(arguments: list[str]) -> int:
    args: argparse.Namespace | None = None
    try:
        args = build_parser().parse_args(arguments)
        if args.quiet:
            sys.stdout = cast(TextIO, Discard())
        code: int = args.func(args)
        sys.stdout.flush()
        if isinstance(sys.stdout, GuardedStream) and sys.stdout.broken:
            # The reader chose to stop (`... | head`): nothing to report, as any command
            # line tool says nothing there; the command's answer (its exit code) counts.
            _quiet_stdout()
        return code
    except MahjongError as exc:
        return _report(exc, wants_json(args, arguments))
    except OSError as exc:
        # A file the command could not read or write, not located by the command itself.
        where = f": {printable(str(exc.filename))}" if exc.filename is not None else ""
        return _report(MahjongError(f"{exc.strerror or exc}{where}", file=None if
                                    exc.filename is None else printable(str(exc.filename))),
                       wants_json(args, arguments))
    except KeyboardInterrupt:
        _last_word("typed-mahjong: interrupted")
        return EXIT_INTERRUPTED
    except (RecursionError, MemoryError) as exc:
        # Every reader bounds its input; reaching these is a bug, but not a traceback.
        _last_word(f"typed-mahjong: internal error: {type(exc).__name__} (please report "
                   "this with the input that caused it)")
        return EXIT_INTERNAL
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback
        _last_word(f"typed-mahjong: internal error: {type(exc).__name__}: "
                   f"{printable(str(exc))[:500]} (please report this with the input that "
                   f"caused it; {DEBUG_ENV}=1 shows the traceback)")
        if os.environ.get(DEBUG_ENV):
            _last_word(printable(traceback.format_exc()))
        return EXIT_INTERNAL


def _report(error: MahjongError, as_json: bool) -> int:
    """One error, once: JSON on stdout when asked for and stdout works, else stderr."""
    if as_json:
        try:
            print(json_text(error_report(error, EXIT_BAD_INPUT)))
            sys.stdout.flush()
            return EXIT_BAD_INPUT
        except MahjongError:
            pass  # stdout itself failed: say so on stderr
    if isinstance(error, UsageError):
        _last_word(printable(error.usage.rstrip("\n")))
    _last_word(f"typed-mahjong: error: {printable(str(error))}")
    return EXIT_BAD_INPUT


def _last_word(line: str) -> None:
    """A line on stderr that must not fail, then quiet stdout so Python's own flush at exit
    cannot complain about a broken pipe."""
    stderr = sys.stderr.raw if isinstance(sys.stderr, GuardedStream) else sys.stderr
    if stderr is not None:
        try:
            print(line, file=stderr, flush=True)
        except (OSError, ValueError):
            pass
    _quiet_stdout()


def _quiet_stdout() -> None:
    """Flush standard output, or point it at the null device when that fails (a reader
    gone), so Python's own flush at exit has nothing to complain about."""
    stdout = sys.__stdout__
    if stdout is not None and not stdout.closed:
        try:
            stdout.flush()
        except (OSError, ValueError):
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, stdout.fileno())
                os.close(devnull)
            except (OSError, ValueError):
                pass


if __name__ == "__main__":
    sys.exit(main())
